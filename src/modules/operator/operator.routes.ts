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

const tags = ['Operator'];
const security = [{ operatorToken: [] as string[] }];

/** The self-hoster's API for tenants: create organizations, change plans, suspend. */
export const operatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.organizations;

  app.post('/operator/v1/organizations', {
    config: { auth: 'operator' },
    schema: {
      tags,
      summary: 'Create an organization with its first API key',
      security,
      body: CreateOrganizationBody,
      response: { 201: CreatedOrganization, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await service.create(req.body)),
  });

  app.get('/operator/v1/organizations', {
    config: { auth: 'operator' },
    schema: {
      tags,
      summary: 'List organizations',
      security,
      querystring: ListOrganizationsQuery,
      response: { 200: OrganizationList, ...standardErrors },
    },
    handler: async (req) => service.list(req.query),
  });

  app.get('/operator/v1/organizations/:id', {
    config: { auth: 'operator' },
    schema: {
      tags,
      summary: 'Get an organization',
      security,
      params: IdParams,
      response: { 200: OrganizationEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ organization: await service.get(req.params.id) }),
  });

  app.patch('/operator/v1/organizations/:id', {
    config: { auth: 'operator' },
    schema: {
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

  app.post('/operator/v1/integrations', {
    config: { auth: 'operator' },
    schema: {
      tags,
      summary: 'Add an Activepieces piece from npm to the catalog, on every node, without a restart',
      security,
      body: Type.Object({
        package: Type.String({ minLength: 1, maxLength: 214, description: 'an npm package name, optionally with @version' }),
      }),
      response: {
        201: Type.Object({
          integration: Type.Object({
            name: Type.String(),
            package: Type.String(),
            version: Type.String(),
            actions: Type.Integer(),
            triggers: Type.Integer(),
          }),
        }),
        ...standardErrors,
      },
    },
    handler: async (req, reply) => reply.code(201).send({ integration: await app.services.pieceInstaller.add(req.body.package) }),
  });

  app.get('/operator/v1/integrations', {
    config: { auth: 'operator' },
    schema: {
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
