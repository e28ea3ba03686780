import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { isUuid } from '../platform/ids.js';
import { inspectJson, jsonProblemMessage } from '../platform/http/json-limits.js';
import { applyErrorHeaders, resolveError, send as sendRestError } from '../platform/http/error-handler.js';
import * as serversRepo from '../modules/mcp-servers/mcp-servers.repository.js';
import type { McpPrincipal } from './auth/tokens.js';
import { StatelessPostTransport } from './http-transport.js';
import { mcpCaller } from './invoke.js';
import { buildProtocolServer, scopesFor } from './protocol.js';
import { noAuth } from '../platform/http/route-access.js';

/** The endpoint checks the MCP server's bearer token itself: a 401 carries WWW-Authenticate for OAuth discovery. */
const byMcpToken = noAuth("the MCP server's access token, checked by the endpoint (401 with WWW-Authenticate)");

declare module 'fastify' {
  interface FastifyRequest {
    mcpPrincipal: McpPrincipal | null;
  }
}

interface RpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown } | null;
}

const rpcError = (code: number, message: string, id: unknown = null, data?: { error: string }) => ({
  jsonrpc: '2.0',
  error: data ? { code, message, data } : { code, message },
  id: id ?? null,
});

/**
 * A refusal before the JSON-RPC layer (unknown server, token, media type, body framing) still answers a JSON-RPC
 * error, as the SDK's transport does: -32000 (server error, -32603 for a fault) with the HTTP status; `data.error`
 * keeps the catalog code the REST API would use.
 */
const refuse = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply
    .code(status)
    .type('application/json')
    .send(rpcError(status >= 500 ? -32603 : -32000, message, null, { error }));

export const resourceUrl = (publicUrl: string, serverId: string) => `${publicUrl}/mcp/srv_${serverId}`;
export const resourceMetadataUrl = (publicUrl: string, serverId: string) =>
  `${publicUrl}/.well-known/oauth-protected-resource/mcp/srv_${serverId}`;

/**
 * `{base_url}/mcp/srv_<id>`: MCP Streamable HTTP, stateless (any node answers any request). POST carries JSON-RPC;
 * GET and DELETE answer 405 because no session or standalone stream exists. The token is checked before the body
 * is read; a missing or bad one gets 401 with a WWW-Authenticate header naming the protected-resource metadata.
 */
export async function mcpEndpointRoutes(app: FastifyInstance): Promise<void> {
  const { mcpTokens: tokens, mcpSurfaces: surfaces, mcpProtocol, tenantActivity } = app.services;
  const orm = app.db.orm;
  const publicUrl = app.config.publicUrl;
  app.decorateRequest('mcpPrincipal', null);

  // Bodies of every media type are read as text and checked here, so a malformed one or a wrong Content-Type
  // answers a JSON-RPC error rather than the REST shape.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', '*'], { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { err, requestId } = resolveError(error, req);
    // The protected-resource metadata is a plain REST document; only the endpoint speaks JSON-RPC.
    if (req.routeOptions.url?.startsWith('/.well-known/')) return sendRestError(reply, err, requestId);
    applyErrorHeaders(reply, err);
    return refuse(reply, err.status, err.code, requestId ? `${err.message} (request ${requestId})` : err.message);
  });

  // Browser-based MCP clients call from other origins with bearer tokens (never cookies): allow any origin.
  app.addHook('onSend', async (_req, reply) => {
    void reply.headers({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version',
    });
  });
  for (const path of ['/mcp/srv_:serverId', '/.well-known/oauth-protected-resource/mcp/srv_:serverId']) {
    app.options(path, {
      config: { access: noAuth('CORS preflight') },
      schema: { hide: true },
      handler: async (_req, reply) =>
        reply
          .code(204)
          .headers({
            'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
            'Access-Control-Allow-Headers':
              'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
            'Access-Control-Max-Age': '86400',
          })
          .send(),
    });
  }

  const challenge = (serverId: string, extra: string) =>
    `Bearer realm="switchboard", resource_metadata="${resourceMetadataUrl(publicUrl, serverId)}"${extra}`;
  const quote = (s: string) => s.replace(/["\\]/g, '');

  const authenticate = async (req: FastifyRequest<{ Params: { serverId: string } }>, reply: FastifyReply) => {
    const serverId = req.params.serverId;
    if (!isUuid(serverId) || !(await tokens.server(serverId))) {
      return refuse(reply, 404, 'NOT_FOUND', 'MCP server not found.');
    }
    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) {
      void reply.header('WWW-Authenticate', challenge(serverId, ''));
      return refuse(reply, 401, 'UNAUTHORIZED', 'An MCP access token is required: Authorization: Bearer <token>.');
    }
    const checked = await tokens.check(serverId, match[1]);
    if (!checked.ok) {
      if (checked.status === 401) {
        void reply.header(
          'WWW-Authenticate',
          challenge(serverId, `, error="invalid_token", error_description="${quote(checked.reason)}"`),
        );
        return refuse(reply, 401, 'UNAUTHORIZED', checked.reason);
      }
      return refuse(reply, 403, checked.code, checked.reason);
    }
    req.mcpPrincipal = checked.principal;
    tenantActivity.seen(checked.principal.orgId);
  };

  app.post<{ Params: { serverId: string }; Body: string | undefined }>('/mcp/srv_:serverId', {
    config: { access: byMcpToken },
    schema: { hide: true },
    onRequest: authenticate,
    handler: async (req, reply) => {
      const principal = req.mcpPrincipal!;
      if (!isJsonContentType(req.headers['content-type'])) {
        return refuse(reply, 400, 'VALIDATION_ERROR', 'Content-Type must be application/json.');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(typeof req.body === 'string' ? req.body : '');
      } catch {
        return reply.code(400).send(rpcError(-32700, 'Parse error: the body is not valid JSON.'));
      }
      // The JSON limits of every body (0105), refused like the other framing problems (0085).
      const { problem } = inspectJson(parsed, app.config.jsonLimits);
      if (problem) return refuse(reply, 400, 'VALIDATION_ERROR', jsonProblemMessage(problem, app.config.jsonLimits));
      const messages = (Array.isArray(parsed) ? parsed : [parsed]) as RpcMessage[];
      if (!messages.length || messages.some((m) => !m || typeof m !== 'object'))
        return reply.code(400).send(rpcError(-32600, 'Invalid Request: expected a JSON-RPC message.'));

      // Scopes: tools need mcp:tools; in Code Mode running code needs mcp:code (step-up: 403 insufficient_scope).
      for (const m of messages) {
        if (m.method !== 'tools/call' && m.method !== 'tools/list') continue;
        const name = m.method === 'tools/call' && typeof m.params?.name === 'string' ? m.params.name : null;
        const options = scopesFor(principal.server.mode, name);
        if (!options.some((needed) => needed.every((s) => principal.scopes.includes(s)))) {
          const scope = [...new Set([...principal.scopes, ...options[0]!])].join(' ');
          return reply
            .code(403)
            .header('WWW-Authenticate', challenge(principal.server.id, `, error="insufficient_scope", scope="${scope}"`))
            .send(
              rpcError(
                -32001,
                `Insufficient scope: ${name ?? m.method} needs ${options.map((o) => o.join(' + ')).join(' or ')}.`,
                m.id,
              ),
            );
        }
      }

      const surface = await surfaces.get(principal.server);
      const ctx = {
        caller: mcpCaller(principal.server, principal.plan),
        server: principal.server,
        endUserId: principal.endUserId,
      };
      const server = buildProtocolServer(ctx, surface, mcpProtocol);
      // Tool calls may run for minutes: they answer as an SSE stream; everything else as one JSON body.
      // Stateless: each request its own transport, answering on this reply (0156).
      const transport = new StatelessPostTransport({ sse: messages.some((m) => m.method === 'tools/call') });
      await server.connect(transport);
      // A response cut off before it finished (the client went away mid-call) closes the server, which aborts the calls
      // still running; one that finished needs nothing closed (closing costs an error object with its stack per request).
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) void server.close().catch(() => undefined);
      });
      const answer = await transport.handle(parsed, req.headers, {
        token: principal.tokenId,
        clientId: principal.kind,
        scopes: principal.scopes,
        extra: { endUserId: principal.endUserId },
      });
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    },
  });

  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) =>
    refuse(
      reply.header('Allow', 'POST'),
      405,
      'METHOD_NOT_ALLOWED',
      'Method not allowed: this MCP endpoint is stateless; send JSON-RPC messages with POST.',
    );
  app.get('/mcp/srv_:serverId', { config: { access: byMcpToken }, schema: { hide: true }, handler: notAllowed });
  app.delete('/mcp/srv_:serverId', { config: { access: byMcpToken }, schema: { hide: true }, handler: notAllowed });

  // RFC 9728 protected-resource metadata, per server.
  app.get<{ Params: { serverId: string } }>('/.well-known/oauth-protected-resource/mcp/srv_:serverId', {
    config: { access: noAuth('public metadata (RFC 9728)') },
    schema: { hide: true },
    handler: async (req, reply) => {
      const serverId = req.params.serverId;
      const server = isUuid(serverId) ? await serversRepo.findServerById(orm, serverId) : null;
      if (!server) return reply.code(404).send({ error: 'NOT_FOUND', message: 'MCP server not found.' });
      const oauth = server.authMode === 'oauth' || server.authMode === 'oauth_and_bearer';
      return {
        resource: resourceUrl(publicUrl, serverId),
        ...(oauth ? { authorization_servers: [publicUrl] } : {}),
        scopes_supported: server.mode === 'CODE' ? ['mcp:tools', 'mcp:code'] : ['mcp:tools'],
        bearer_methods_supported: ['header'],
        resource_name: server.name,
      };
    },
  });
}
