import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf, callerOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  AccessTokenIssued,
  CodeResult,
  CodeRunList,
  CodeRunListQuery,
  CreateServerBody,
  CreateToolBody,
  DeclarationParams,
  Declarations,
  ExecuteCodeBody,
  IssueTokenBody,
  ListServersQuery,
  OAuthTokenIssued,
  RegeneratedToken,
  ServerCreated,
  ServerEnvelope,
  ServerList,
  ServerTokenParams,
  ServerToolParams,
  ServerWithTools,
  TokenList,
  TokenListQuery,
  TokenRevoked,
  ToolEnvelope,
  UpdateServerBody,
  UpdateToolBody,
} from './mcp-servers.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['MCP servers'];
const errorRef = Type.Ref('ErrorBody');
const withConflicts = { ...standardErrors, 409: errorRef };

export const mcpServersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { mcpServers: servers, mcpTools: tools, mcpCode: code } = app.services;

  app.get('/api/v1/mcp/servers', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.list',
      tags,
      summary: 'List MCP servers',
      querystring: ListServersQuery,
      response: { 200: ServerList, ...standardErrors },
    },
    handler: async (req) => servers.list(actorOf(req), req.query),
  });

  app.post('/api/v1/mcp/servers', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.create',
      tags,
      summary: 'Create an MCP server (bearerToken only when a shared static token can be used; shown once)',
      body: CreateServerBody,
      response: { 201: ServerCreated, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await servers.create(actorOf(req), req.body)),
  });

  app.get('/api/v1/mcp/servers/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.get',
      tags,
      summary: 'Get an MCP server with its tools',
      params: IdParams,
      response: { 200: ServerWithTools, ...standardErrors },
    },
    handler: async (req) => servers.get(actorOf(req), req.params.id),
  });

  app.patch('/api/v1/mcp/servers/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.update',
      tags,
      summary: 'Update an MCP server (endUserId null removes end-user scoping)',
      params: IdParams,
      body: UpdateServerBody,
      response: { 200: ServerEnvelope, ...withConflicts },
    },
    handler: async (req) => servers.update(actorOf(req), req.params.id, req.body),
  });

  app.delete('/api/v1/mcp/servers/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.delete',
      tags,
      summary: 'Delete an MCP server, its tools and tokens',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => servers.delete(actorOf(req), req.params.id),
  });

  app.post('/api/v1/mcp/servers/:id/regenerate-token', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.regenerateToken',
      tags,
      summary: 'Replace the shared static bearer token (the old one stops working)',
      params: IdParams,
      response: { 200: RegeneratedToken, ...withConflicts },
    },
    handler: async (req) => servers.regenerateToken(actorOf(req), req.params.id),
  });

  app.post('/api/v1/mcp/servers/:id/access-tokens', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.createAccessToken',
      tags,
      summary: "Issue an end user's mcp_ bearer token (shown once)",
      params: IdParams,
      body: IssueTokenBody,
      response: { 201: AccessTokenIssued, ...withConflicts },
    },
    handler: async (req, reply) => reply.code(201).send(await servers.issueAccessToken(actorOf(req), req.params.id, req.body)),
  });

  app.post('/api/v1/mcp/servers/:id/oauth-tokens', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.createOAuthToken',
      tags,
      summary: "Issue an end user's mcpo_ MCP OAuth access token (shown once)",
      params: IdParams,
      body: IssueTokenBody,
      response: { 201: OAuthTokenIssued, ...withConflicts },
    },
    handler: async (req, reply) => reply.code(201).send(await servers.issueOAuthToken(actorOf(req), req.params.id, req.body)),
  });

  app.get('/api/v1/mcp/servers/:id/tokens', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.listTokens',
      tags,
      summary: "List the server's tokens in use (records, never values): the static one and those issued for end users",
      description:
        'Revoked and expired tokens are left out, as are tokens of MCP OAuth grants. Newest first; `static` marks the shared static bearer token.',
      params: IdParams,
      querystring: TokenListQuery,
      response: { 200: TokenList, ...standardErrors },
    },
    handler: async (req) => servers.listTokens(actorOf(req), req.params.id, req.query),
  });

  app.delete('/api/v1/mcp/servers/:id/tokens/:tokenId', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.deleteToken',
      tags,
      summary: 'Revoke one end-user token issued through access-tokens or oauth-tokens (it stops working at once)',
      description:
        "The token's id is `token.id` of the issuing response. 404 for the static token (use regenerate-token), for tokens of MCP OAuth grants (revoke those at /mcp/oauth/revoke) and for another server's tokens.",
      params: ServerTokenParams,
      response: { 200: TokenRevoked, ...standardErrors },
    },
    handler: async (req) => servers.revokeIssuedToken(actorOf(req), req.params.id, req.params.tokenId),
  });

  app.post('/api/v1/mcp/servers/:id/tools', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.addTool',
      tags,
      summary: 'Add a tool (override or addition) to an MCP server',
      params: IdParams,
      body: CreateToolBody,
      response: { 201: ToolEnvelope, ...withConflicts },
    },
    handler: async (req, reply) => reply.code(201).send({ tool: await tools.create(actorOf(req), req.params.id, req.body) }),
  });

  app.patch('/api/v1/mcp/servers/:id/tools/:toolId', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.updateTool',
      tags,
      summary: 'Update a tool (partialIds [] clears)',
      params: ServerToolParams,
      body: UpdateToolBody,
      response: { 200: ToolEnvelope, ...withConflicts },
    },
    handler: async (req) => ({ tool: await tools.update(actorOf(req), req.params.id, req.params.toolId, req.body) }),
  });

  app.delete('/api/v1/mcp/servers/:id/tools/:toolId', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.deleteTool',
      tags,
      summary: 'Remove a tool',
      params: ServerToolParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => tools.delete(actorOf(req), req.params.id, req.params.toolId),
  });

  app.post('/api/v1/mcp/servers/:id/execute-code', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.executeCode',
      tags,
      summary: 'Run Code Mode JavaScript, or continue a run paused for approval (exactly one of code, approvalId)',
      params: IdParams,
      body: ExecuteCodeBody,
      response: { 200: CodeResult, ...standardErrors },
    },
    handler: async (req) => {
      return code.execute(callerOf(req), req.params.id, req.body);
    },
  });

  app.get('/api/v1/mcp/servers/:id/code-runs', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.listCodeRuns',
      tags,
      summary: 'Recent Code Mode runs of the server, newest first (kept 24 hours; step inputs and outputs not shown)',
      params: IdParams,
      querystring: CodeRunListQuery,
      response: { 200: CodeRunList, ...standardErrors },
    },
    handler: async (req) => code.runs(actorOf(req), req.params.id, req.query),
  });

  app.get('/api/v1/mcp/servers/:id/declarations/:alias', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'mcpServers.getDeclarations',
      tags,
      summary: 'TypeScript declarations of one alias as Code Mode sees it',
      params: DeclarationParams,
      response: { 200: Declarations, ...standardErrors },
    },
    handler: async (req) => code.declarations(actorOf(req), req.params.id, req.params.alias),
  });
};
