import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './harness.js';
import { CLI } from './cli-command.js';
import { freePort, ROOT, waitReady } from './service-process.js';
import { Receiver } from './receiver.js';

/**
 * The real service process, killed with SIGKILL after it accepted events and before it delivered them, then started
 * again on the same data: every event still reaches the callback, in order.
 */

describe('triggers survive a killed process', () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const encryptionKey = randomBytes(32).toString('base64');

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-kill-'));
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL, 'sb_kill');
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  function serve(port: number): ChildProcess {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      SWITCHBOARD_DATA_DIR: dataDir,
      SWITCHBOARD_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
      SWITCHBOARD_DELIVERY_TIMEOUT_MS: '500',
      SWITCHBOARD_DELIVERY_POLL_MS: '100',
      SWITCHBOARD_DELIVERY_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2,0.2,0.2,0.2',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, SWITCHBOARD_ENCRYPTION_KEY: encryptionKey } : {}),
    };
    const child = spawn(process.execPath, [...CLI, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', () => undefined);
    return child;
  }

  it('delivers every accepted event after a SIGKILL between accepting and delivering, and a restart', async () => {
    const rx = await new Receiver().start();
    rx.respond = () => ({ hang: true }); // the receiver takes the first delivery and never answers
    const port = await freePort();
    let child = serve(port);
    try {
      await waitReady(port, child);
      const { apiKey } = JSON.parse(await readFile(path.join(dataDir, 'bootstrap.json'), 'utf8')) as { apiKey: string };
      const api = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`http://127.0.0.1:${port}${url}`, {
          method,
          headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      const ws = (await api('POST', '/api/v1/workspaces', { name: 'Kill', slug: 'kill' })).body.workspace.id as string;
      const enabled = await api('POST', '/api/v1/triggers/enable', {
        integrationName: 'webhook',
        triggerName: 'catch_webhook',
        workspaceId: ws,
        callbackUrl: rx.url('/cb'),
      });
      assert.equal(enabled.status, 201, JSON.stringify(enabled.body));
      const src = enabled.body.triggerSource;

      for (let i = 1; i <= 5; i++) {
        const res = await fetch(src.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ i }),
        });
        assert.equal(res.status, 200, 'accepted: the event is committed');
      }
      await rx.waitFor(() => rx.requests.length >= 1, 20_000, 'the first delivery to be in flight');

      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      rx.respond = () => ({ status: 200 });

      child = serve(port);
      await waitReady(port, child);
      await rx.waitFor(
        () => new Set(rx.requests.filter((r) => r.json?.data).map((r) => r.json.data.body.i)).size === 5,
        60_000,
        'all five events after the restart',
      );
      const answered = rx.requests.slice(1); // the first one hung and was cut off by the kill
      const firstArrival = [...new Map(answered.map((r) => [r.json.data.body.i as number, r])).keys()];
      assert.deepEqual(firstArrival, [1, 2, 3, 4, 5], 'in order');
      assert.equal(new Set(rx.requests.map((r) => r.json.eventId)).size, 5, 'five events, each with one eventId');

      let events: any[] = [];
      for (let i = 0; i < 100; i++) {
        events = (await api('GET', `/api/v1/triggers/${src.id}/events`)).body.events;
        if (events.every((e) => e.status === 'delivered')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(
        events.every((e) => e.status === 'delivered'),
        JSON.stringify(events.map((e) => e.status)),
      );
      // The first event's attempts before the kill got no answer: cut off by the kill (interrupted) or timed out.
      const first = events.find((e) => e.sequence === 1);
      assert.ok(first.history.length >= 2);
      assert.match(first.history[0].error, /interrupted|timed out/);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await rx.close();
    }
  });
});
