import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  CreatedOrganization,
  CreateOrganizationBody,
  ListOrganizationsQuery,
  OrganizationEnvelope,
  OrganizationList,
  UpdateOrganizationBody,
} from '../organizations/organizations.schemas.js';
import { operator } from '../../platform/http/route-access.js';

const tags = ['Operator'];
const security = [{ operatorToken: [] as string[] }];

/** The self-hoster's API for tenants: create organizations, change plans, suspend. */
export const operatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.organizations;

  app.post('/operator/v1/organizations', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.createOrganization',
      tags,
      summary: 'Create an organization with its first API key',
      security,
      body: CreateOrganizationBody,
      response: { 201: CreatedOrganization, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await service.create(req.body)),
  });

  app.get('/operator/v1/organizations', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.listOrganizations',
      tags,
      summary: 'List organizations',
      security,
      querystring: ListOrganizationsQuery,
      response: { 200: OrganizationList, ...standardErrors },
    },
    handler: async (req) => service.list(req.query),
  });

  app.get('/operator/v1/organizations/:id', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.getOrganization',
      tags,
      summary: 'Get an organization',
      security,
      params: IdParams,
      response: { 200: OrganizationEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ organization: await service.get(req.params.id) }),
  });

  app.patch('/operator/v1/organizations/:id', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.updateOrganization',
      tags,
      summary: 'Rename, change plan, suspend or resume an organization',
      security,
      params: IdParams,
      body: UpdateOrganizationBody,
      response: { 200: OrganizationEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ organization: await service.update(req.params.id, req.body) }),
  });

  const AddedPiece = Type.Object({
    name: Type.String(),
    package: Type.String(),
    version: Type.String(),
    addedAt: Type.String({ format: 'date-time' }),
  });

  const AddedIntegration = Type.Object({
    name: Type.String(),
    package: Type.String(),
    version: Type.String(),
    actions: Type.Integer(),
    triggers: Type.Integer(),
  });
  const InstallJob = Type.Object({
    id: Type.String({ format: 'uuid' }),
    package: Type.String({ description: 'the npm package as requested, optionally with @version' }),
    status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
    integration: Type.Union([AddedIntegration, Type.Null()], { description: 'the added integration once succeeded' }),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()], {
      description: 'why it failed (the code and message the synchronous form answers with)',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  });

  app.post('/operator/v1/integrations', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.addIntegration',
      tags,
      summary: 'Add an Activepieces piece from npm to the catalog, on every node, without a restart',
      description:
        'Answers 202 at once with an install job; read it at `/operator/v1/integration-jobs/:id` until it succeeded or ' +
        'failed. A malformed name or a shipped piece is refused at once. With `wait=true` the request waits for the ' +
        'install instead and answers 201 with the integration (or its error).',
      security,
      querystring: Type.Object({
        wait: Type.Optional(Type.Boolean({ default: false, description: 'wait for the install (201) instead of a job (202)' })),
      }),
      body: Type.Object({
        package: Type.String({ minLength: 1, maxLength: 214, description: 'an npm package name, optionally with @version' }),
      }),
      response: {
        201: Type.Object({ integration: AddedIntegration }),
        202: Type.Object({ job: InstallJob }),
        ...standardErrors,
      },
    },
    handler: async (req, reply) => {
      if (req.query.wait) return reply.code(201).send({ integration: await app.services.pieceInstaller.add(req.body.package) });
      const job = await app.services.pieceInstallJobs.start(req.body.package);
      return reply.code(202).header('location', `/operator/v1/integration-jobs/${job.id}`).send({ job });
    },
  });

  app.get('/operator/v1/integration-jobs/:id', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.getIntegrationJob',
      tags,
      summary: 'Read an integration install job: queued, running, succeeded (with the integration) or failed (with why)',
      security,
      params: IdParams,
      response: { 200: Type.Object({ job: InstallJob }), ...standardErrors },
    },
    handler: async (req) => ({ job: await app.services.pieceInstallJobs.get(req.params.id) }),
  });

  app.get('/operator/v1/integrations', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.listIntegrations',
      tags,
      summary: 'List the pieces added at runtime (beyond the shipped catalog)',
      security,
      response: { 200: Type.Object({ integrations: Type.Array(AddedPiece), total: Type.Integer() }), ...standardErrors },
    },
    handler: async () => {
      const integrations = await app.services.pieceInstaller.list();
      return { integrations, total: integrations.length };
    },
  });
};
