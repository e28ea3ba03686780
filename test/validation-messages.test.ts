import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from './harness.js';

/** A value outside an enum is answered with the allowed values, and never with the value itself. */
describe('validation messages for values outside a fixed set', () => {
  let t: TestApp;
  let key: string;
  const BAD = 'zzbogus';

  before(async () => {
    t = await startApp();
    ({ key } = await t.tenant());
  });
  after(async () => t.close());

  const refused = (res: { status: number; body: { error: string; message: string } }, field: string, allowed: string[]) => {
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'VALIDATION_ERROR');
    assert.ok(res.body.message.startsWith(`${field} `), res.body.message);
    for (const v of allowed) assert.ok(res.body.message.includes(v), `${res.body.message} names ${v}`);
    assert.ok(!res.body.message.includes(BAD), 'the value is not echoed');
  };

  it('an invitation with a role that is not allowed names the allowed roles', async () => {
    const res = await t.post('/api/v1/members/invite', key, { email: 'someone@example.com', role: BAD });
    refused(res, 'role', ['admin', 'member']);
    assert.equal(res.body.message, 'role must be one of admin, member');
    assert.equal((await t.get('/api/v1/members/invitations', key)).body.invitations.length, 0, 'nothing was stored');
  });

  it('names the allowed values for every kind of enum: literal unions, string enums, a literal, in bodies and queries', async () => {
    refused(await t.patch('/api/v1/members/00000000-0000-4000-8000-000000000000', key, { role: BAD }), 'role', [
      'owner',
      'admin',
      'member',
    ]);
    refused(await t.post('/api/v1/api-keys', key, { name: 'k', permissions: { scope: BAD } }), 'permissions.scope', [
      'org',
      'workspace',
    ]);
    refused(await t.operator('POST', '/operator/v1/organizations', { name: 'Plan', plan: BAD }), 'plan', ['free', 'enterprise']);
    refused(await t.get(`/api/v1/activity?status=${BAD}`, key), 'status', ['success', 'error']);
    const server = '/api/v1/mcp/servers/00000000-0000-4000-8000-000000000000';
    refused(await t.patch(server, key, { mode: BAD }), 'mode', ['TOOLS', 'CODE']);
    const literal = await t.post(`${server}/tools`, key, { integrationName: 'http', actionName: 'x', toolType: BAD });
    refused(literal, 'toolType', ['ACTION']);
    assert.equal(literal.body.message, 'toolType must be ACTION');
  });

  it('a discriminated union (approvers) names the allowed types', async () => {
    const res = await t.post('/api/v1/approval-policies', key, {
      name: 'p',
      approvers: [{ type: BAD }],
    });
    refused(res, 'approvers.0.type', ['org_role', 'dashboard_user', 'end_user', 'webhook']);
  });
});
