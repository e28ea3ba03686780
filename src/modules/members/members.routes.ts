import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, userOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  InvitationEnvelope,
  InvitationList,
  InvitationParams,
  InviteBody,
  ListMembersQuery,
  MemberEnvelope,
  MemberList,
  UpdateMemberBody,
} from './members.schemas.js';
import { apiKey, session } from '../../platform/http/route-access.js';

const tags = ['Members'];

export const membersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.members;

  app.get('/api/v1/members', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'members.list',
      tags,
      summary: "List the organization's members",
      querystring: ListMembersQuery,
      response: { 200: MemberList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.post('/api/v1/members/invite', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'members.invite',
      tags,
      summary: 'Invite a person by email (valid 7 days)',
      body: InviteBody,
      response: { 201: InvitationEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ invitation: await service.invite(actorOf(req), req.body) }),
  });

  app.get('/api/v1/members/invitations', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'members.listInvitations',
      tags,
      summary: 'List pending invitations',
      response: { 200: InvitationList, ...standardErrors },
    },
    handler: async (req) => service.listInvitations(actorOf(req)),
  });

  app.delete('/api/v1/members/invitations/:invitationId', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'members.deleteInvitation',
      tags,
      summary: 'Revoke a pending invitation',
      params: InvitationParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.revokeInvitation(actorOf(req), req.params.invitationId),
  });

  app.post('/api/v1/members/invitations/:invitationId/accept', {
    config: { access: session() },
    schema: {
      operationId: 'members.acceptInvitation',
      tags,
      summary: 'Accept an invitation as the signed-in person (session cookie or Bearer session token)',
      description: "The invited address must be the person's verified email: 403 EMAIL_NOT_VERIFIED until it is verified.",
      params: InvitationParams,
      response: { 200: MemberEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ member: await service.accept(userOf(req), req.params.invitationId) }),
  });

  app.patch('/api/v1/members/:id', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'members.update',
      tags,
      summary: "Change a member's role",
      params: IdParams,
      body: UpdateMemberBody,
      response: { 200: MemberEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ member: await service.setRole(actorOf(req), req.params.id, req.body.role) }),
  });

  app.delete('/api/v1/members/:id', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'members.delete',
      tags,
      summary: 'Remove a member',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.remove(actorOf(req), req.params.id),
  });
};
