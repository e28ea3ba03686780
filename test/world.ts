/** Organization A's resources (made by buildWorld, test/world-build.ts), named by the request fixtures of every API-key route. */
export interface World {
  key: string;
  orgId: string;
  /** The organization's owner, who can sign in (the dashboard's member sessions, 0132). */
  owner: { email: string; password: string };
  ws: string; // the workspace the resources live in
  otherWs: string; // the only workspace the scoped key may reach
  ids: Record<string, string>;
}

export interface Fixture {
  /** The request naming organization A's resource (used for every check). */
  build: (w: World) => { url: string; body?: unknown };
  /** Whether the 404 check applies (false is explained next to the entry). Whether a scoped key is refused comes from
   * the route's own access declaration (src/platform/http/route-access.ts), not from here. */
  crossOrg: boolean;
}

const f = (build: Fixture['build'], crossOrg = true): Fixture => ({ build, crossOrg });

/** The smallest OpenAPI document a custom integration is imported from (organization A's `world-api`). */
export const ROUTE_CHECK_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'World API', version: '1' },
  servers: [{ url: 'https://world.example.com' }],
  paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'pong' } } } } },
};

export const FIXTURES: Record<string, Fixture> = {
  // Listing workspaces filters instead of refusing (tested in the module); there is no foreign resource to name.
  'GET /api/v1/workspaces': f(() => ({ url: '/api/v1/workspaces' }), false),
  // Creating a workspace names no existing resource; a scoped key is refused.
  'POST /api/v1/workspaces': f(() => ({ url: '/api/v1/workspaces', body: { name: 'N', slug: 'n-route-check' } }), false),
  'GET /api/v1/workspaces/{id}': f((w) => ({ url: `/api/v1/workspaces/${w.ws}` })),
  'PATCH /api/v1/workspaces/{id}': f((w) => ({ url: `/api/v1/workspaces/${w.ws}`, body: { name: 'Renamed' } })),
  'DELETE /api/v1/workspaces/{id}': f((w) => ({ url: `/api/v1/workspaces/${w.ws}` })),
  'GET /api/v1/api-keys': f(() => ({ url: '/api/v1/api-keys' }), false),
  'POST /api/v1/api-keys': f(() => ({ url: '/api/v1/api-keys', body: { name: 'k' } }), false),
  'DELETE /api/v1/api-keys/{id}': f((w) => ({ url: `/api/v1/api-keys/${w.ids.apiKey}` })),
  'POST /api/v1/end-users': f((w) => ({ url: '/api/v1/end-users', body: { workspaceId: w.ws, externalId: 'route-check' } })),
  'GET /api/v1/end-users': f((w) => ({ url: `/api/v1/end-users?workspaceId=${w.ws}` })),
  'GET /api/v1/end-users/{id}': f((w) => ({ url: `/api/v1/end-users/${w.ids.endUser}` })),
  'PATCH /api/v1/end-users/{id}': f((w) => ({ url: `/api/v1/end-users/${w.ids.endUser}`, body: { displayName: 'x' } })),
  'DELETE /api/v1/end-users/{id}': f((w) => ({ url: `/api/v1/end-users/${w.ids.endUser}` })),
  // Members and invitations belong to the organization, not a workspace: every scoped key is refused.
  'GET /api/v1/members': f(() => ({ url: '/api/v1/members' }), false),
  'POST /api/v1/members/invite': f(() => ({ url: '/api/v1/members/invite', body: { email: 'route-check@example.com' } }), false),
  'GET /api/v1/members/invitations': f(() => ({ url: '/api/v1/members/invitations' }), false),
  'DELETE /api/v1/members/invitations/{invitationId}': f((w) => ({ url: `/api/v1/members/invitations/${w.ids.invitation}` })),
  'PATCH /api/v1/members/{id}': f((w) => ({ url: `/api/v1/members/${w.ids.member}`, body: { role: 'admin' } })),
  'DELETE /api/v1/members/{id}': f((w) => ({ url: `/api/v1/members/${w.ids.member}` })),
  'POST /api/v1/workspace-members': f((w) => ({
    url: '/api/v1/workspace-members',
    body: { workspaceId: w.ws, memberId: w.ids.member },
  })),
  'GET /api/v1/workspace-members': f((w) => ({ url: `/api/v1/workspace-members?workspaceId=${w.ws}` })),
  'DELETE /api/v1/workspace-members/{id}': f((w) => ({ url: `/api/v1/workspace-members/${w.ids.workspaceMember}` })),
  // Option and property resolution name a workspace when they run in one (its connections and settings).
  'POST /api/v1/integrations/{integrationName}/properties/options': f((w) => ({
    url: '/api/v1/integrations/hash-encode/properties/options',
    body: { actionName: 'hash', propertyName: 'algorithm', workspaceId: w.ws },
  })),
  'POST /api/v1/integrations/{integrationName}/properties/resolve': f((w) => ({
    url: '/api/v1/integrations/hash-encode/properties/resolve',
    body: { actionName: 'hash', propertyName: 'algorithm', workspaceId: w.ws },
  })),
  // Connections: a list naming a workspace is checked like the rest (without one it filters, tested in the module).
  'GET /api/v1/connections': f((w) => ({ url: `/api/v1/connections?workspaceId=${w.ws}` })),
  'POST /api/v1/connections': f((w) => ({
    url: '/api/v1/connections',
    body: {
      type: 'SECRET_TEXT',
      integrationName: 'sendgrid',
      externalId: 'route-check',
      displayName: 'Route check',
      secretText: 'sg-secret-route-check',
      workspaceId: w.ws,
    },
  })),
  'GET /api/v1/connections/{id}': f((w) => ({ url: `/api/v1/connections/${w.ids.connection}` })),
  'DELETE /api/v1/connections/{id}': f((w) => ({ url: `/api/v1/connections/${w.ids.connection}` })),
  'POST /api/v1/connections/resolve': f((w) => ({
    url: '/api/v1/connections/resolve',
    body: { integrationName: 'sendgrid', workspaceId: w.ws },
  })),
  'GET /api/v1/workspaces/{workspaceId}/integrations': f((w) => ({ url: `/api/v1/workspaces/${w.ws}/integrations` })),
  'POST /api/v1/workspaces/{workspaceId}/integrations': f((w) => ({
    url: `/api/v1/workspaces/${w.ws}/integrations`,
    body: { integrationName: 'datetime', alias: 'route-check' },
  })),
  'GET /api/v1/workspaces/{workspaceId}/integrations/{id}': f((w) => ({
    url: `/api/v1/workspaces/${w.ws}/integrations/${w.ids.workspaceIntegration}`,
  })),
  'PATCH /api/v1/workspaces/{workspaceId}/integrations/{id}': f((w) => ({
    url: `/api/v1/workspaces/${w.ws}/integrations/${w.ids.workspaceIntegration}`,
    body: { sortOrder: 3 },
  })),
  'DELETE /api/v1/workspaces/{workspaceId}/integrations/{id}': f((w) => ({
    url: `/api/v1/workspaces/${w.ws}/integrations/${w.ids.workspaceIntegration}`,
  })),
  'POST /api/v1/partials': f((w) => ({
    url: '/api/v1/partials',
    body: { workspaceId: w.ws, integrationName: 'hash-encode', name: 'route-check', values: { algorithm: 'sha1' } },
  })),
  // Importing names no existing resource (a scoped key is refused); listing shows only the caller's organization's.
  'POST /api/v1/custom-integrations': f(
    () => ({ url: '/api/v1/custom-integrations', body: { name: 'route-check-api', document: ROUTE_CHECK_DOCUMENT } }),
    false,
  ),
  'GET /api/v1/custom-integrations': f(() => ({ url: '/api/v1/custom-integrations' }), false),
  'GET /api/v1/custom-integrations/{name}': f((w) => ({ url: `/api/v1/custom-integrations/${w.ids.customIntegration}` })),
  'PUT /api/v1/custom-integrations/{name}': f((w) => ({
    url: `/api/v1/custom-integrations/${w.ids.customIntegration}`,
    body: { document: ROUTE_CHECK_DOCUMENT },
  })),
  'DELETE /api/v1/custom-integrations/{name}': f((w) => ({ url: `/api/v1/custom-integrations/${w.ids.customIntegration}` })),
  'GET /api/v1/partials': f((w) => ({ url: `/api/v1/partials?workspaceId=${w.ws}` })),
  'GET /api/v1/partials/{id}': f((w) => ({ url: `/api/v1/partials/${w.ids.partial}` })),
  'PATCH /api/v1/partials/{id}': f((w) => ({ url: `/api/v1/partials/${w.ids.partial}`, body: { description: 'route check' } })),
  'DELETE /api/v1/partials/{id}': f((w) => ({ url: `/api/v1/partials/${w.ids.partial}` })),
  'POST /api/v1/partials/{id}/set-default': f((w) => ({
    url: `/api/v1/partials/${w.ids.partial}/set-default`,
    body: { isDefault: true },
  })),
  'POST /api/v1/actions/execute': f((w) => ({
    url: '/api/v1/actions/execute',
    body: { integrationName: 'hash-encode', actionName: 'hash', workspaceId: w.ws, input: { text: 'route check' } },
  })),
  'GET /api/v1/activity': f((w) => ({ url: `/api/v1/activity?workspaceId=${w.ws}` })),
  // The caller's own organization's usage: any key of it may read it; nothing foreign to name.
  'GET /api/v1/organization/usage': f(() => ({ url: '/api/v1/organization/usage' }), false),
  'GET /api/v1/organization': f(() => ({ url: '/api/v1/organization' }), false),
  'PATCH /api/v1/organization': f(() => ({ url: '/api/v1/organization', body: { name: 'Route Check Org' } }), false),
  // The organization's OAuth app names: any key of the organization may read them; nothing foreign to name.
  'GET /api/v1/integrations/oauth-status': f(() => ({ url: '/api/v1/integrations/oauth-status' }), false),
  // Hosted connect. Another organization's session answers 403 FORBIDDEN (spec), tested in the connect module.
  'POST /api/v1/connect/token': f((w) => ({
    url: '/api/v1/connect/token',
    body: {
      integrationName: 'sendgrid',
      connectionName: 'Route check',
      externalId: 'route-check',
      workspaceId: w.ws,
      scope: 'WORKSPACE',
    },
  })),
  'GET /api/v1/connect/session/{sessionId}': f((w) => ({ url: `/api/v1/connect/session/${w.ids.connectSession}` }), false),
  'POST /api/v1/end-users/{id}/connect-token': f((w) => ({
    url: `/api/v1/end-users/${w.ids.endUser}/connect-token`,
    body: { expiresIn: 3600 },
  })),
  'POST /api/v1/end-users/{id}/invite': f((w) => ({
    url: `/api/v1/end-users/${w.ids.endUser}/invite`,
    body: { email: 'route-check@example.com' },
  })),
  // Custom OAuth apps belong to the organization: every scoped key is refused; list and create name nothing foreign.
  'GET /api/v1/oauth-apps': f(() => ({ url: '/api/v1/oauth-apps' }), false),
  'POST /api/v1/oauth-apps': f(
    () => ({
      url: '/api/v1/oauth-apps',
      body: { integrationName: 'asana', clientId: 'route-check', clientSecret: 'route-check-secret' },
    }),
    false,
  ),
  'GET /api/v1/oauth-apps/{id}': f((w) => ({ url: `/api/v1/oauth-apps/${w.ids.oauthApp}` })),
  'PATCH /api/v1/oauth-apps/{id}': f((w) => ({ url: `/api/v1/oauth-apps/${w.ids.oauthApp}`, body: { name: 'Route check' } })),
  'DELETE /api/v1/oauth-apps/{id}': f((w) => ({ url: `/api/v1/oauth-apps/${w.ids.oauthApp}` })),
  // The webhook signing secret belongs to the organization: there is no foreign resource to name; scoped keys are refused.
  'POST /api/v1/webhook-signing-secret/rotate': f(() => ({ url: '/api/v1/webhook-signing-secret/rotate' }), false),
  'GET /api/v1/webhook-signing-secret': f(() => ({ url: '/api/v1/webhook-signing-secret' }), false),
  'DELETE /api/v1/webhook-signing-secret': f(() => ({ url: '/api/v1/webhook-signing-secret' }), false),
  // Webhook endpoints belong to the organization: scoped keys are refused; the catalog, list and create name nothing foreign.
  'GET /api/v1/webhook-endpoints/events': f(() => ({ url: '/api/v1/webhook-endpoints/events' }), false),
  'GET /api/v1/webhook-endpoints': f(() => ({ url: '/api/v1/webhook-endpoints' }), false),
  'POST /api/v1/webhook-endpoints': f(
    () => ({ url: '/api/v1/webhook-endpoints', body: { url: 'https://example.com/route-check', events: ['webhook.test'] } }),
    false,
  ),
  'GET /api/v1/webhook-endpoints/{id}': f((w) => ({ url: `/api/v1/webhook-endpoints/${w.ids.webhookEndpoint}` })),
  'PATCH /api/v1/webhook-endpoints/{id}': f((w) => ({
    url: `/api/v1/webhook-endpoints/${w.ids.webhookEndpoint}`,
    body: { description: 'route check' },
  })),
  'DELETE /api/v1/webhook-endpoints/{id}': f((w) => ({ url: `/api/v1/webhook-endpoints/${w.ids.webhookEndpoint}` })),
  'POST /api/v1/webhook-endpoints/{id}/test': f((w) => ({ url: `/api/v1/webhook-endpoints/${w.ids.webhookEndpoint}/test` })),
  'GET /api/v1/webhook-endpoints/{id}/deliveries': f((w) => ({
    url: `/api/v1/webhook-endpoints/${w.ids.webhookEndpoint}/deliveries`,
  })),
  'POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver': f((w) => ({
    url: `/api/v1/webhook-endpoints/${w.ids.webhookEndpoint}/deliveries/${w.ids.webhookDelivery}/redeliver`,
  })),
  'POST /api/v1/triggers/enable': f((w) => ({
    url: '/api/v1/triggers/enable',
    body: {
      integrationName: 'webhook',
      triggerName: 'catch_webhook',
      workspaceId: w.ws,
      callbackUrl: 'https://example.com/route-check',
      simulate: true,
    },
  })),
  'POST /api/v1/triggers/disable': f((w) => ({
    url: '/api/v1/triggers/disable',
    body: { triggerSourceId: w.ids.triggerSource },
  })),
  // The catalog's sample data names no resource and no workspace.
  'POST /api/v1/triggers/test': f(
    () => ({ url: '/api/v1/triggers/test', body: { integrationName: 'webhook', triggerName: 'catch_webhook' } }),
    false,
  ),
  'GET /api/v1/triggers': f((w) => ({ url: `/api/v1/triggers?workspaceId=${w.ws}` })),
  'GET /api/v1/triggers/{id}/events': f((w) => ({ url: `/api/v1/triggers/${w.ids.triggerSource}/events` })),
  'POST /api/v1/triggers/{id}/events/{eventId}/redeliver': f((w) => ({
    url: `/api/v1/triggers/${w.ids.triggerSource}/events/${w.ids.triggerEvent}/redeliver`,
  })),
  'GET /api/v1/triggers/{id}': f((w) => ({ url: `/api/v1/triggers/${w.ids.triggerSource}` })),
  'POST /api/v1/triggers/{id}/enable': f((w) => ({ url: `/api/v1/triggers/${w.ids.triggerSource}/enable` })),
  'POST /api/v1/triggers/{id}/events/redeliver': f((w) => ({
    url: `/api/v1/triggers/${w.ids.triggerSource}/events/redeliver`,
    body: { from: '2020-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z', status: 'dead' },
  })),
  'POST /api/v1/triggers/{id}/test-event': f((w) => ({
    url: `/api/v1/triggers/${w.ids.triggerSource}/test-event`,
    body: { data: { routeCheck: true } },
  })),
  'POST /api/v1/approval-policies': f((w) => ({
    url: '/api/v1/approval-policies',
    body: { name: 'route check', workspaceId: w.ws },
  })),
  // Listing filters to the key's workspaces (tested in the module); without workspaceId nothing foreign is named.
  'GET /api/v1/approval-policies': f((w) => ({ url: `/api/v1/approval-policies?workspaceId=${w.ws}` })),
  'POST /api/v1/approval-policies/test': f((w) => ({
    url: '/api/v1/approval-policies/test',
    body: {
      policy: { riskMode: 'always' },
      context: { workspaceId: w.ws, integrationName: 'datetime', actionName: 'format_date' },
    },
  })),
  'GET /api/v1/approval-policies/{id}': f((w) => ({ url: `/api/v1/approval-policies/${w.ids.policy}` })),
  'PATCH /api/v1/approval-policies/{id}': f((w) => ({ url: `/api/v1/approval-policies/${w.ids.policy}`, body: { priority: 7 } })),
  'DELETE /api/v1/approval-policies/{id}': f((w) => ({ url: `/api/v1/approval-policies/${w.ids.policy}` })),
  'GET /api/v1/approvals': f((w) => ({ url: `/api/v1/approvals?workspaceId=${w.ws}` })),
  'GET /api/v1/approvals/{id}': f((w) => ({ url: `/api/v1/approvals/${w.ids.approval}` })),
  'POST /api/v1/approvals/{id}/approve': f((w) => ({
    url: `/api/v1/approvals/${w.ids.approval}/approve`,
    body: { reason: 'route check' },
  })),
  'POST /api/v1/approvals/{id}/reject': f((w) => ({ url: `/api/v1/approvals/${w.ids.approval}/reject`, body: {} })),
  'POST /api/v1/approvals/{id}/cancel': f((w) => ({ url: `/api/v1/approvals/${w.ids.approval}/cancel` })),
  'GET /api/v1/mcp/servers': f((w) => ({ url: `/api/v1/mcp/servers?workspaceId=${w.ws}` })),
  'POST /api/v1/mcp/servers': f((w) => ({ url: '/api/v1/mcp/servers', body: { name: 'route check', workspaceId: w.ws } })),
  'GET /api/v1/mcp/servers/{id}': f((w) => ({ url: `/api/v1/mcp/servers/${w.ids.mcpServer}` })),
  'PATCH /api/v1/mcp/servers/{id}': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}`,
    body: { description: 'route check' },
  })),
  'DELETE /api/v1/mcp/servers/{id}': f((w) => ({ url: `/api/v1/mcp/servers/${w.ids.mcpServer}` })),
  'POST /api/v1/mcp/servers/{id}/regenerate-token': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/regenerate-token`,
  })),
  'POST /api/v1/mcp/servers/{id}/access-tokens': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/access-tokens`,
    body: { endUserId: 'world-user' },
  })),
  'POST /api/v1/mcp/servers/{id}/oauth-tokens': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/oauth-tokens`,
    body: { endUserId: 'world-user' },
  })),
  'GET /api/v1/mcp/servers/{id}/tokens': f((w) => ({ url: `/api/v1/mcp/servers/${w.ids.mcpServer}/tokens` })),
  'GET /api/v1/mcp/servers/{id}/code-runs': f((w) => ({ url: `/api/v1/mcp/servers/${w.ids.mcpServer}/code-runs` })),
  'DELETE /api/v1/mcp/servers/{id}/tokens/{tokenId}': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/tokens/${w.ids.mcpToken}`,
  })),
  'POST /api/v1/mcp/servers/{id}/tools': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/tools`,
    body: { integrationName: 'hash-encode', actionName: 'encode' },
  })),
  'PATCH /api/v1/mcp/servers/{id}/tools/{toolId}': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/tools/${w.ids.mcpTool}`,
    body: { sortOrder: 3 },
  })),
  'DELETE /api/v1/mcp/servers/{id}/tools/{toolId}': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/tools/${w.ids.mcpTool}`,
  })),
  'POST /api/v1/mcp/servers/{id}/execute-code': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/execute-code`,
    body: { code: 'return 1' },
  })),
  'GET /api/v1/mcp/servers/{id}/declarations/{alias}': f((w) => ({
    url: `/api/v1/mcp/servers/${w.ids.mcpServer}/declarations/hash-encode`,
  })),
};
