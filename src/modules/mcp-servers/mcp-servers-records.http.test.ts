import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mcpCodeRuns, mcpTokens } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { mcpServersWorld } from './mcp-servers.fixtures.js';

/** What the dashboard lists of a server (decision 0135): its tokens in use, and its recent Code Mode runs. */
describe('MCP servers: token records and recent Code Mode runs', () => {
  let t: TestApp;
  const world = mcpServersWorld();
  const { mcp, setup, server, endUser } = world;
  before(async () => {
    await world.start();
    ({ t } = world);
  });
  after(async () => world.close());

  it('lists the static token and end-user tokens as records, never values; revoked and expired ones left out', async () => {
    const { key, ws } = await setup();
    const { server: s, bearerToken } = await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer' });
    await endUser(key, ws, 'alice');
    const issued = await t.post(mcp(`/${s.id}/access-tokens`), key, { endUserId: 'alice', expiresIn: 3600 });
    assert.equal(issued.status, 201, issued.text);
    const oauth = await t.post(mcp(`/${s.id}/oauth-tokens`), key, { endUserId: 'alice' });
    assert.equal(oauth.status, 201, oauth.text);
    const revoked = await t.post(mcp(`/${s.id}/access-tokens`), key, { endUserId: 'alice' });
    assert.equal((await t.delete(mcp(`/${s.id}/tokens/${revoked.body.token.id}`), key)).status, 200);
    const expired = await t.post(mcp(`/${s.id}/access-tokens`), key, { endUserId: 'alice' });
    await t.db.orm
      .update(mcpTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mcpTokens.id, expired.body.token.id));

    const res = await t.get(mcp(`/${s.id}/tokens`), key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.total, 3);
    const byId = new Map(res.body.tokens.map((x: any) => [x.id, x]));
    assert.deepEqual(byId.get(issued.body.token.id), { ...issued.body.token, static: false });
    assert.deepEqual(byId.get(oauth.body.token.id), { ...oauth.body.token, static: false });
    const stat = res.body.tokens.find((x: any) => x.static);
    assert.equal(stat.authMethod, 'bearer');
    assert.equal(stat.tokenType, 'mcp_bearer');
    assert.ok(bearerToken!.startsWith(stat.tokenPrefix));
    for (const value of [bearerToken!, issued.body.accessToken, oauth.body.accessToken])
      assert.ok(!res.text.includes(value), 'no token value');
    assert.ok(!res.text.includes('tokenHash') && !res.text.includes('hash'), 'no hash');
    // Stored state agrees: five rows, two of them out of use.
    const rows = await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.mcpServerId, s.id));
    assert.equal(rows.length, 5);

    const page = await t.get(mcp(`/${s.id}/tokens?limit=1&offset=1`), key);
    assert.equal(page.body.tokens.length, 1);
    assert.equal(page.body.total, 3);
    assert.equal(page.body.tokens[0].id, res.body.tokens[1].id, 'newest first, paged');
  });

  it("keeps every Code Mode run and shows its code, steps, logs and timings, not the steps' outputs", async () => {
    const { key, ws } = await setup();
    assert.equal((await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode' })).status, 201);
    const { server: s } = await server(key, { workspaceId: ws, mode: 'CODE', authMode: 'oauth' });
    const code = `const d = await switchboard['hash-encode'].hash({ text: 'quarterly report' });
console.log('digest length', d.hash.length);
console.log('svc_${'a'.repeat(30)}');
console.log('sent with Bearer abcdefghijklmnopqrstuvwx to the API');
return d.hash;`;
    const ran = await t.post(mcp(`/${s.id}/execute-code`), key, { code });
    assert.equal(ran.status, 200, ran.text);
    assert.equal(ran.body.structuredContent.status, 'completed');
    const digest = ran.body.structuredContent.output as string;
    const failed = await t.post(mcp(`/${s.id}/execute-code`), key, { code: `throw new Error('nope')` });
    assert.equal(failed.body.structuredContent.status, 'failed');

    const res = await t.get(mcp(`/${s.id}/code-runs`), key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.total, 2);
    const [second, first] = res.body.runs;
    assert.equal(second.status, 'failed');
    assert.deepEqual(second.error, { name: 'Error', message: 'nope' });
    assert.deepEqual(second.steps, []);
    assert.equal(first.status, 'completed');
    assert.equal(
      first.code,
      code.replace(`svc_${'a'.repeat(30)}`, '[REDACTED]').replace('abcdefghijklmnopqrstuvwx', '[REDACTED]'),
      'credential-looking words are redacted, nothing else',
    );
    assert.match(first.codeHash, /^[0-9a-f]{64}$/);
    assert.equal(first.steps.length, 1);
    assert.deepEqual(
      { ...first.steps[0], durationMs: typeof first.steps[0].durationMs },
      { index: 0, tool: 'switchboard.hash-encode.hash', status: 'success', durationMs: 'number' },
    );
    assert.deepEqual(first.logs, [
      { level: 'log', message: 'digest length 64' },
      { level: 'log', message: '[REDACTED]' },
      { level: 'log', message: 'sent with Bearer [REDACTED] to the API' },
    ]);
    assert.equal(typeof first.durationMs, 'number');
    assert.deepEqual(first.approvalIds, []);
    assert.ok(!res.text.includes(digest), "the step's output is not shown");
    // Stored: sealed steps, the code and its hash.
    const rows = await t.db.orm.select().from(mcpCodeRuns).where(eq(mcpCodeRuns.mcpServerId, s.id));
    assert.equal(rows.length, 2);
    const stored = rows.find((r) => r.id === first.id)!;
    assert.equal(stored.status, 'completed');
    assert.equal(stored.codeHash, first.codeHash);
    assert.ok(!stored.steps.includes(digest), 'sealed at rest');
    assert.ok(stored.expiresAt.getTime() > Date.now());

    const paged = await t.get(mcp(`/${s.id}/code-runs?limit=1&offset=1`), key);
    assert.deepEqual(
      paged.body.runs.map((r: any) => r.id),
      [first.id],
    );
  });

  it('keeps tenants apart, refuses keys scoped elsewhere and answers bad input with the envelope', async () => {
    const { key, ws } = await setup();
    const { server: s } = await server(key, { workspaceId: ws, authMode: 'bearer', mode: 'CODE' });
    const other = await setup();
    const scoped = await t.scopedKey(key, [(await t.workspace(key)).id]);
    for (const path of ['tokens', 'code-runs']) {
      const foreign = await t.get(mcp(`/${s.id}/${path}`), other.key);
      assert.equal(foreign.status, 404, foreign.text);
      assert.equal(foreign.body.error, 'NOT_FOUND');
      const denied = await t.get(mcp(`/${s.id}/${path}`), scoped);
      assert.equal(denied.status, 403, denied.text);
      assert.equal(denied.body.error, 'SCOPE_DENIED');
      const missing = await t.get(mcp(`/${randomUUID()}/${path}`), key);
      assert.equal(missing.status, 404);
      const malformed = await t.get(mcp(`/not-a-uuid/${path}`), key);
      assert.equal(malformed.status, 400, malformed.text);
      assert.equal(malformed.body.error, 'VALIDATION_ERROR');
      assert.equal(typeof malformed.body.message, 'string');
      const badPage = await t.get(mcp(`/${s.id}/${path}?limit=0`), key);
      assert.equal(badPage.status, 400);
      assert.equal(badPage.body.error, 'VALIDATION_ERROR');
    }
  });
});
