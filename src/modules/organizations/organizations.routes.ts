import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, userOf } from '../../platform/http/auth.js';
import { apiKey, session } from '../../platform/http/route-access.js';
import { standardErrors } from '../../platform/http/schemas.js';
import {
  CreatedOwnOrganization,
  CreateOwnOrganizationBody,
  MyInvitations,
  MyOrganizations,
  OrganizationEnvelope,
  RenameOrganizationBody,
} from './organizations.schemas.js';

const tags = ['User accounts'];

/** A signed-in person's organizations: theirs, the invitations waiting for them, and a new one of their own (0133). */
export const organizationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { organizations, members } = app.services;

  app.get('/api/v1/me/organizations', {
    config: { access: session() },
    schema: {
      operationId: 'me.listOrganizations',
      tags,
      summary: "The signed-in person's organizations, with their role in each, by name",
      response: { 200: MyOrganizations, ...standardErrors },
    },
    handler: async (req) => ({ data: await members.organizationsOf(userOf(req).userId) }),
  });

  app.get('/api/v1/me/invitations', {
    config: { access: session() },
    schema: {
      operationId: 'me.listInvitations',
      tags,
      summary: "Pending invitations addressed to the signed-in person's email (accept: POST /members/invitations/:id/accept)",
      description:
        '403 EMAIL_NOT_VERIFIED until the person has verified their email: whoever signs up with an address must not learn which organizations invited it.',
      response: { 200: MyInvitations, ...standardErrors },
    },
    handler: async (req) => ({ data: await members.invitationsFor(userOf(req)) }),
  });

  app.post('/api/v1/organizations', {
    config: { access: session() },
    schema: {
      operationId: 'organizations.create',
      tags,
      summary: 'Create an organization with the signed-in person as its owner (no API key is issued)',
      description: `The plan is the server's SWITCHBOARD_SIGNUP_PLAN (default free). 403 FORBIDDEN when the operator turned self-serve organizations off (SWITCHBOARD_SELF_SERVE_ORGANIZATIONS=false); 403 QUOTA_EXCEEDED when the person already owns 20.`,
      body: CreateOwnOrganizationBody,
      response: { 201: CreatedOwnOrganization, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await organizations.createForPerson(userOf(req).userId, req.body.name)),
  });

  // ---- the caller's own organization (0138) ----------------------------------------------------------------

  app.get('/api/v1/organization', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'organization.get',
      tags: ['Organization'],
      summary: "The caller's organization: id, name, plan, suspended",
      response: { 200: OrganizationEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ organization: await organizations.get(actorOf(req).orgId) }),
  });

  app.patch('/api/v1/organization', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'organization.update',
      tags: ['Organization'],
      summary: "Rename the caller's organization (an organization-wide key, or an owner's or admin's session)",
      description: 'The plan and suspension stay with the operator (PATCH /operator/v1/organizations/:id).',
      body: RenameOrganizationBody,
      response: { 200: OrganizationEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ organization: await organizations.rename(actorOf(req).orgId, req.body.name) }),
  });
};
