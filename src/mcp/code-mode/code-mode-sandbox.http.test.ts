import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../../test/harness.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';
import { codeModeWorld, mcpClient, startHttpApp } from '../../../test/mcp.js';

type ToolResult = { structuredContent: any; isError: boolean };

/** Code Mode over the MCP endpoint: runs happen on the sandbox pool's threads, so one spinning run stalls nobody. */
describe('MCP Code Mode: a spinning run stalls nobody', () => {
  let t: TestApp;
  let base: string;
  let acme: AcmeApi;
  const clients: Client[] = [];
  const execute = (client: Client, code: string) =>
    client.callTool({ name: 'switchboard_execute', arguments: { code } }) as Promise<ToolResult>;

  before(async () => {
    // A long deadline, so everything below happens while the spin is certainly still running.
    ({ t, base } = await startHttpApp({ SWITCHBOARD_CODE_MODE_TIMEOUT_MS: '30000', SWITCHBOARD_JS_SANDBOX_WORKERS: '4' }));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await t.close();
    await acme.close();
  });

  it('serves /healthz and 50 concurrent executes and runs of another organization while one run spins, then stops it at its deadline', async () => {
    const a = await codeModeWorld(t, 'Spinner');
    const b = await codeModeWorld(t, 'Neighbour');
    const spinner = await mcpClient(a.server.mcpEndpoint, a.aliceToken);
    const neighbour = await mcpClient(b.server.mcpEndpoint, b.aliceToken);
    clients.push(spinner, neighbour);
    // Every thread started first, so nothing below waits for a thread's start-up (slow on a loaded machine).
    while (t.app.services.jsSandbox.stats().threads < 4)
      await Promise.all([1, 2, 3, 4].map(() => execute(neighbour, 'return 1')));

    let spinSettled = false;
    const spin = execute(spinner, 'while (true) {}').finally(() => (spinSettled = true));
    while (t.app.services.jsSandbox.stats().running < 1) await new Promise((r) => setTimeout(r, 5));

    const since = Date.now();
    const health = await fetch(`${base}/healthz`);
    assert.deepEqual([health.status, await health.json()], [200, { status: 'ok' }]);
    // Every tenth is a Code Mode run of its own on the sandbox's other threads; the rest are REST executes.
    const calls = Array.from({ length: 50 }, (_, n) => n);
    const [runs, executes] = await Promise.all([
      Promise.all(
        calls
          .filter((n) => n % 10 === 0)
          .map((n) =>
            execute(
              neighbour,
              `const h = await switchboard['hash-encode'].hash({ text: 'n${n}' }); return [${n}, h.hash.length];`,
            ),
          ),
      ),
      Promise.all(
        calls
          .filter((n) => n % 10 !== 0)
          .map((n) =>
            t.post('/api/v1/actions/execute', b.key, {
              integrationName: 'hash-encode',
              actionName: 'hash',
              workspaceId: b.ws,
              input: { text: `n${n}` },
            }),
          ),
      ),
    ]);
    for (const [i, r] of runs.entries()) {
      assert.equal(r.isError, false, JSON.stringify(r.structuredContent));
      assert.deepEqual([r.structuredContent.status, r.structuredContent.output], ['completed', [i * 10, 64]]);
      assert.equal(r.structuredContent.actionsExecuted, 1);
    }
    for (const r of executes) assert.deepEqual([r.status, r.body.success, r.body.output?.hash?.length], [200, true, 64], r.text);
    assert.equal(spinSettled, false, `the spinning run was still running all along (the rest took ${Date.now() - since} ms)`);

    const stopped = await spin;
    assert.equal(stopped.isError, true);
    assert.equal(stopped.structuredContent.status, 'failed');
    assert.deepEqual(stopped.structuredContent.error, {
      name: 'TimeoutError',
      message: 'The code was stopped at its time limit.',
    });

    // Stored: each of B's calls ran its action once, through the engine (Code Mode's as source mcp_code).
    const activity = await t.get(`/api/v1/activity?workspaceId=${b.ws}&limit=100`, b.key);
    const rows = activity.body.activity as Array<{ source: string; status: string }>;
    assert.deepEqual(
      [rows.length, rows.filter((r) => r.source === 'mcp_code').length, rows.filter((r) => r.source === 'rest').length],
      [50, 5, 45],
    );
    assert.ok(rows.every((row) => row.status === 'success'));

    // The pool is healthy afterwards.
    const again = await execute(spinner, 'return 6 * 7');
    assert.deepEqual([again.isError, again.structuredContent.output], [false, 42]);
  });
});
