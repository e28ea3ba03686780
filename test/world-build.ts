import type { TestApp } from './harness.js';
import { ROUTE_CHECK_DOCUMENT, type World } from './world.js';

/** Builds organization A: two workspaces and one resource of each kind in `ws`. */
export async function buildWorld(t: TestApp): Promise<World> {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  const created = await t.operator('POST', '/operator/v1/organizations', {
    name: 'World',
    plan: 'enterprise',
    owner: { email, name: 'Owner', password: 'password-123' },
  });
  const org = { key: created.body.plainKey as string };
  const member = created.body.owner.memberId as string;
  const ws = await t.workspace(org.key);
  const otherWs = await t.workspace(org.key);
  const extraKey = await t.post('/api/v1/api-keys', org.key, { name: 'target' });
  const endUser = await t.post('/api/v1/end-users', org.key, { workspaceId: ws.id, externalId: 'world-user' });
  const invitation = await t.post('/api/v1/members/invite', org.key, { email: 'world-invitee@example.com' });
  const wsMember = await t.post('/api/v1/workspace-members', org.key, { workspaceId: ws.id, memberId: member });
  const connection = await t.post('/api/v1/connections', org.key, {
    type: 'SECRET_TEXT',
    integrationName: 'sendgrid',
    externalId: 'world-connection',
    displayName: 'World',
    secretText: 'sg-world-secret',
    workspaceId: ws.id,
  });
  const wi = await t.post(`/api/v1/workspaces/${ws.id}/integrations`, org.key, { integrationName: 'hash-encode' });
  const partial = await t.post('/api/v1/partials', org.key, {
    workspaceId: ws.id,
    integrationName: 'hash-encode',
    name: 'world',
    values: { encoding: 'hex' },
  });
  const customIntegration = await t.post('/api/v1/custom-integrations', org.key, {
    name: 'world-api',
    document: ROUTE_CHECK_DOCUMENT,
  });
  if (customIntegration.status !== 201) throw new Error(`world: custom integration ${customIntegration.text}`);
  const connectToken = await t.post('/api/v1/connect/token', org.key, {
    integrationName: 'sendgrid',
    connectionName: 'World',
    externalId: 'world-connect',
    workspaceId: ws.id,
    scope: 'WORKSPACE',
  });
  const oauthApp = await t.post('/api/v1/oauth-apps', org.key, {
    integrationName: 'asana',
    clientId: 'world-client',
    clientSecret: 'world-secret',
  });
  const endpoint = await t.post('/api/v1/webhook-endpoints', org.key, {
    url: 'https://example.com/world-endpoint',
    events: ['webhook.test', 'connection.deleted'],
  });
  for (const r of [connection, wi, partial, connectToken, oauthApp, endpoint])
    if (r.status !== 201) throw new Error(`world: ${r.status} ${r.text}`);
  const endpointTest = await t.post(`/api/v1/webhook-endpoints/${endpoint.body.webhookEndpoint.id}/test`, org.key, {});
  if (endpointTest.status !== 202) throw new Error(`world: ${endpointTest.status} ${endpointTest.text}`);
  // A simulated trigger source with one posted test event (its callback host does not resolve here; that is fine).
  const source = await t.post('/api/v1/triggers/enable', org.key, {
    integrationName: 'webhook',
    triggerName: 'catch_webhook',
    workspaceId: ws.id,
    callbackUrl: 'https://example.com/world-hook',
    simulate: true,
  });
  if (source.status !== 201) throw new Error(`world: ${source.status} ${source.text}`);
  const triggerSource = source.body.triggerSource.id as string;
  await t.request('POST', new URL(source.body.triggerSource.webhookUrl as string).pathname, {
    raw: '{"world":true}',
    headers: { 'content-type': 'application/json' },
  });
  const events = await t.get(`/api/v1/triggers/${triggerSource}/events`, org.key);
  const triggerEvent = events.body?.events?.[0]?.eventId as string | undefined;
  if (!triggerEvent) throw new Error(`world: no trigger event (${events.text})`);
  // A Human Gates policy on datetime.date_math in ws, and one paused execution (an approval request).
  const policy = await t.post('/api/v1/approval-policies', org.key, {
    name: 'World gate',
    workspaceId: ws.id,
    riskMode: 'always',
    integrationNames: ['datetime'],
    actionNames: ['date_math'],
  });
  const paused = await t.post('/api/v1/actions/execute', org.key, {
    integrationName: 'datetime',
    actionName: 'date_math',
    workspaceId: ws.id,
    input: { date: '2026-01-01T00:00:00Z', operation: 'add', amount: 1, unit: 'days' },
  });
  if (policy.status !== 201 || paused.status !== 202)
    throw new Error(`world: approvals ${policy.status} ${paused.status} ${paused.text}`);
  const mcpServer = await t.post('/api/v1/mcp/servers', org.key, {
    name: 'World',
    workspaceId: ws.id,
    mode: 'CODE',
    authMode: 'oauth_and_bearer',
  });
  const mcpTool = await t.post(`/api/v1/mcp/servers/${mcpServer.body.server?.id}/tools`, org.key, {
    integrationName: 'datetime',
    actionName: 'date_math',
  });
  const mcpToken = await t.post(`/api/v1/mcp/servers/${mcpServer.body.server?.id}/access-tokens`, org.key, {
    endUserId: 'world-user',
  });
  for (const r of [mcpServer, mcpTool, mcpToken]) if (r.status !== 201) throw new Error(`world: ${r.status} ${r.text}`);
  return {
    key: org.key,
    orgId: created.body.organization.id as string,
    owner: { email, password: 'password-123' },
    ws: ws.id,
    otherWs: otherWs.id,
    ids: {
      apiKey: extraKey.body.apiKey.id,
      endUser: endUser.body.endUser.id,
      member,
      invitation: invitation.body.invitation.id,
      workspaceMember: wsMember.body.projectMember.id,
      connection: connection.body.connection.id,
      workspaceIntegration: wi.body.integration.id,
      partial: partial.body.partial.id,
      connectSession: connectToken.body.sessionId,
      oauthApp: oauthApp.body.oauthApp.id,
      webhookEndpoint: endpoint.body.webhookEndpoint.id,
      webhookDelivery: endpointTest.body.delivery.deliveryId,
      triggerSource,
      triggerEvent,
      policy: policy.body.policy.id,
      approval: paused.body.approval.id,
      mcpServer: mcpServer.body.server.id,
      mcpTool: mcpTool.body.tool.id,
      mcpToken: mcpToken.body.token.id,
      customIntegration: 'world-api',
    },
  };
}
