import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { mcpCodeRuns } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import type { AcmeApi } from '../../../test/fixtures/acme-api.js';
import { codeModeApp, SEND } from './code-mode.fixtures.js';

/** Code Mode calls that meet an approval gate while running, over MCP and over REST (execute-code): pause, wait, continue. */
describe('MCP Code Mode: pausing at a gate and continuing', () => {
  let t: TestApp;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let aliceToken: string;
  const world = codeModeApp();
  const { connect, execute, decide, approve } = world;

  before(async () => {
    await world.start();
    ({ t, acme, key, ws, server, aliceToken } = world);
  });
  after(async () => world.close());

  it('pauses at a call that needs approval and continues from there once approved, never re-running earlier calls', async () => {
    const client = await connect(aliceToken);
    const code = `
      const me = await switchboard.acme.whoami({});
      const sent = await ${SEND}({ text: 'hi from ' + me.account });
      const digest = await switchboard['hash-encode'].hash({ text: sent.id });
      return { me: me.account, sent: sent.text, digest: digest.hash.length };`;
    const before = acme.received.length;
    const paused = await execute(client, { code });
    assert.equal(paused.isError, false);
    const sc = paused.structuredContent;
    assert.equal(sc.status, 'approval_pending');
    assert.equal(sc.actionsExecuted, 1);
    assert.equal(sc.output, null);
    assert.match(sc.codeRunId, /^[0-9a-f-]{36}$/);
    assert.equal(sc.approval.call, 'switchboard.acme.send_message');
    assert.deepEqual(sc.continuation, { tool: 'switchboard_execute', arguments: { approvalId: sc.approval.id } });
    assert.match(paused.content[0]!.text, /\*\*Approval required\.\*\* The run stopped before `switchboard\.acme\.send_message`/);
    assert.ok(paused.content[0]!.text.includes(sc.approval.approvalUrl));
    assert.equal(acme.received.length, before + 1, 'whoami ran, send_message did not');

    // Stored for continuation; the results of calls are encrypted at rest.
    const [run] = await t.db.orm.select().from(mcpCodeRuns).where(eq(mcpCodeRuns.id, sc.codeRunId));
    assert.equal(run!.status, 'approval_pending');
    assert.deepEqual(run!.approvalIds, [sc.approval.id]);
    assert.ok(!run!.steps.includes('Alice Co'), 'step outputs are not stored in clear');

    // Not approved yet: the continuation answers at once with the same pending approval.
    const still = await execute(client, { approvalId: sc.approval.id, waitForApprovalSeconds: 0 });
    assert.equal(still.structuredContent.status, 'approval_pending');
    assert.equal(still.structuredContent.approval.id, sc.approval.id);
    assert.equal(acme.received.length, before + 1);

    await approve(sc.approval.id);
    const done = await execute(client, { approvalId: sc.approval.id });
    assert.equal(done.isError, false, done.content[0]!.text);
    assert.equal(done.structuredContent.status, 'completed');
    assert.deepEqual(done.structuredContent.output, { me: 'Alice Co', sent: 'hi from Alice Co', digest: 64 });
    assert.equal(done.structuredContent.actionsExecuted, 3);
    assert.deepEqual(
      done.structuredContent.timings.steps.map((s: any) => [s.action, s.replayed]),
      [
        ['send_message', false],
        ['whoami', true],
        ['send_message', true],
        ['hash', false],
      ],
    );
    assert.equal(acme.received.length, before + 2, 'whoami ran once, send_message once');
    const again = await execute(client, { approvalId: sc.approval.id });
    assert.deepEqual(again.structuredContent.output, done.structuredContent.output, 'a finished run answers its result again');
    assert.equal(acme.received.length, before + 2);
    // Another end user's token cannot continue the run.
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'mallory' });
    const mallory = (await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'mallory' })).body
      .accessToken;
    const stolen = await execute(await connect(mallory), { approvalId: sc.approval.id });
    assert.equal(stolen.isError, true);
    assert.match(stolen.content[0]!.text, /^NOT_FOUND: /);
  });

  it('waits up to waitForApprovalSeconds for the decision', async () => {
    const client = await connect(aliceToken);
    const paused = await execute(client, {
      code: `const r = await switchboard.acme.send_message({ text: 'wait for me' }); return r.text;`,
    });
    const id = paused.structuredContent.approval.id;
    const timer = setTimeout(() => void approve(id), 300);
    const done = await execute(client, { approvalId: id, waitForApprovalSeconds: 30 });
    clearTimeout(timer);
    assert.equal(done.structuredContent.status, 'completed');
    assert.equal(done.structuredContent.output, 'wait for me');
    // Without waitForApprovalSeconds the server's settings.codeMode.approvalWaitSeconds applies.
    await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { settings: { codeMode: { approvalWaitSeconds: 30 } } });
    try {
      const next = await execute(client, {
        code: `const r = await switchboard.acme.send_message({ text: 'server default' }); return r.text;`,
      });
      const later = setTimeout(() => void approve(next.structuredContent.approval.id), 300);
      const finished = await execute(client, { approvalId: next.structuredContent.approval.id });
      clearTimeout(later);
      assert.equal(finished.structuredContent.output, 'server default');
    } finally {
      await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { settings: { codeMode: { approvalWaitSeconds: 0 } } });
    }
  });

  it('fails the paused call when the approval is rejected, and detects code that changed its calls', async () => {
    const client = await connect(aliceToken);
    {
      const paused = await execute(client, {
        code: `try { await ${SEND}({ text: 'no' }); return 'sent'; } catch (e) { return e.message; }`,
      });
      const id = paused.structuredContent.approval.id;
      const pending = await execute(client, { approvalId: id });
      assert.equal(pending.structuredContent.status, 'approval_pending');
      await decide(id, 'reject');
      const done = await execute(client, { approvalId: id });
      assert.equal(done.structuredContent.status, 'completed');
      assert.match(
        done.structuredContent.output,
        new RegExp(`^The approval ${id} was rejected; switchboard\\.acme\\.send_message did not run\\.$`),
      );
    }
    const random = await execute(client, {
      code: `await ${SEND}({ text: String(Math.random()) }); return 'x';`,
    });
    await approve(random.structuredContent.approval.id);
    const mismatch = await execute(client, { approvalId: random.structuredContent.approval.id });
    assert.equal(mismatch.isError, true);
    assert.equal(mismatch.structuredContent.error.name, 'ReplayMismatch');
  });

  it('runs the same over REST with execute-code, continuation included', async () => {
    const ok = await t.post(`/api/v1/mcp/servers/${server.id}/execute-code`, key, {
      code: `const h = await switchboard['hash-encode'].hash({ text: 'rest' }); console.info('done'); return h.algorithm;`,
    });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(Object.keys(ok.body).sort(), ['content', 'isError', 'structuredContent']);
    assert.equal(ok.body.structuredContent.output, 'sha256');
    assert.deepEqual(ok.body.structuredContent.logs, [{ level: 'info', message: 'done' }]);
    assert.deepEqual(ok.body.content, [{ type: 'text', text: '"sha256"' }]);
    // Without an end user the per-user integration cannot run: the error comes back as the run's failure.
    const noUser = await t.post(`/api/v1/mcp/servers/${server.id}/execute-code`, key, {
      code: `return await switchboard.acme.whoami({})`,
    });
    assert.equal(noUser.status, 200);
    assert.equal(noUser.body.isError, true);
    assert.match(noUser.body.structuredContent.error.message, /CONNECTION_REQUIRED/);
    // A server scoped to alice runs REST code as alice; its paused runs continue over REST.
    const scoped = (
      await t.post('/api/v1/mcp/servers', key, { name: 'Alice code', workspaceId: ws, mode: 'CODE', endUserId: 'alice' })
    ).body.server;
    const exec = (body: unknown) => t.post(`/api/v1/mcp/servers/${scoped.id}/execute-code`, key, body);
    const paused = await exec({
      code: `return (await switchboard['hash-encode'].hash({ text: 'x' })).hash.length + (await ${SEND}({ text: 'yy' })).text.length`,
    });
    assert.equal(paused.body.structuredContent.status, 'approval_pending', paused.text);
    const activity = await t.get(`/api/v1/activity?workspaceId=${ws}&source=mcp_code&actionName=hash`, key);
    assert.ok(
      activity.body.activity.some((r: any) => r.apiKeyId !== null && r.mcpServerId === scoped.id),
      'REST runs are recorded with the API key',
    );
    const cont = await exec({ approvalId: paused.body.structuredContent.approval.id, waitForApprovalSeconds: 0 });
    assert.equal(cont.body.structuredContent.status, 'approval_pending');
    await approve(paused.body.structuredContent.approval.id);
    const done = await exec({ approvalId: paused.body.structuredContent.approval.id });
    assert.equal(done.body.structuredContent.output, 66);
    // A run belongs to its server: another server cannot continue it.
    const elsewhere = await execute(await connect(aliceToken), { approvalId: paused.body.structuredContent.approval.id });
    assert.match(elsewhere.content[0]!.text, /^NOT_FOUND/);
  });
});
