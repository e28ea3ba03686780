import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../../test/harness.js';

/** Waits by condition (never a fixed sleep): polls `ok` every few milliseconds. */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 5));
}

/** The `code` built-in over HTTP: its QuickJS runs happen on the sandbox pool's threads, not the event loop. */
describe('code built-in: a spinning run stalls nobody', () => {
  let t: TestApp;
  before(async () => {
    // A long deadline, so everything below happens while the spin is certainly still running.
    t = await startApp({ SWITCHBOARD_CODE_TIMEOUT_MS: '20000', SWITCHBOARD_JS_SANDBOX_WORKERS: '3' });
  });
  after(() => t.close());

  const run = (key: string, workspaceId: string, code: string, inputs: Record<string, unknown> = {}) =>
    t.post('/api/v1/actions/execute', key, {
      integrationName: 'code',
      actionName: 'run_code',
      workspaceId,
      input: { code, inputs },
    });

  it('serves /healthz and 50 concurrent executes of another organization while one run spins, then stops it at its deadline', async () => {
    const a = await t.tenant();
    const wsA = (await t.workspace(a.key)).id;
    const b = await t.tenant();
    const wsB = (await t.workspace(b.key)).id;
    // Every thread started first (by a third organization), so nothing below waits for a thread's start-up.
    const c = await t.tenant();
    const wsC = (await t.workspace(c.key)).id;
    while (t.app.services.jsSandbox.stats().threads < 3) await Promise.all([1, 2, 3].map(() => run(c.key, wsC, 'return 1')));

    let spinSettled = false;
    const spin = run(a.key, wsA, 'while (true) {}').finally(() => (spinSettled = true));
    await until(() => t.app.services.jsSandbox.stats().running >= 1);

    const since = Date.now();
    const health = await t.get('/healthz');
    assert.deepEqual([health.status, health.body], [200, { status: 'ok' }]);
    // Every fifth is JavaScript on the sandbox's other threads; the rest never touch the sandbox.
    const others = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        n % 5 === 0
          ? run(b.key, wsB, 'return inputs.n * 2', { n })
          : t.post('/api/v1/actions/execute', b.key, {
              integrationName: 'hash-encode',
              actionName: 'hash',
              workspaceId: wsB,
              input: { text: `n${n}`, algorithm: 'md5' },
            }),
      ),
    );
    for (const [n, r] of others.entries()) {
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.success, true, r.text);
      if (n % 5 === 0) assert.deepEqual(r.body.output.result, n * 2);
      else assert.match(r.body.output.hash, /^[0-9a-f]{32}$/);
    }
    assert.equal(spinSettled, false, `the spinning run was still running all along (the rest took ${Date.now() - since} ms)`);

    const stopped = await spin;
    assert.equal(stopped.status, 200, stopped.text);
    assert.equal(stopped.body.success, false);
    assert.equal(stopped.body.output.error, 'TimeoutError: The code was stopped at its time limit.');

    // Stored: B's 50 runs succeeded, A's spin is recorded as failed.
    const bActivity = await t.get(`/api/v1/activity?workspaceId=${wsB}&limit=100`, b.key);
    const rows = bActivity.body.activity as Array<{ integrationName: string; status: string }>;
    assert.deepEqual([rows.length, rows.filter((r) => r.integrationName === 'code').length], [50, 10]);
    assert.ok(rows.every((row) => row.status === 'success'));
    const aActivity = await t.get(`/api/v1/activity?workspaceId=${wsA}`, a.key);
    assert.deepEqual(
      aActivity.body.activity.map((row: { integrationName: string; status: string }) => [row.integrationName, row.status]),
      [['code', 'failed']],
    );

    // The pool is healthy afterwards: the same organization runs code again.
    const again = await run(a.key, wsA, 'return "still here"');
    assert.equal(again.body.output?.result, 'still here', again.text);
    assert.equal(t.app.services.jsSandbox.stats().running, 0);
  });
});
