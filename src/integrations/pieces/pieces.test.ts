// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ActionError, ActionInputError, type KeyValueStore } from '../framework.js';
import { runAction } from '../run.js';
import { readPieceCatalog } from './default-catalog.js';
import { pieceIntegration } from './piece-integration.js';
import { PieceWorkerPool } from './pool.js';
import type { ConnectionValue, PieceMeta } from './protocol.js';

const fixture = (name: string) => path.resolve('test/fixtures/pieces', name);
const shipped = (name: string) => {
  const r = readPieceCatalog().find((x) => 'meta' in x && x.meta.name === name);
  if (!r || !('meta' in r)) throw new Error(`${name} not in the catalog`);
  return r;
};

class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, unknown>();
  get = async <T>(k: string) => (this.map.get(k) ?? null) as T | null;
  put = async (k: string, v: unknown) => void this.map.set(k, v);
  delete = async (k: string) => this.map.delete(k);
  appendToList = async () => [];
  removeFromList = async () => ({ list: [], removed: 0 });
}

describe('pieces in worker processes', () => {
  let vendor: nodeHttp.Server;
  let base: string;
  const seen: Array<{
    method?: string | undefined;
    url?: string | undefined;
    headers: nodeHttp.IncomingHttpHeaders;
    body: string;
  }> = [];
  const pool = new PieceWorkerPool({ size: 2, timeoutMs: 5_000, egressAllow: ['127.0.0.1'] });
  let probe: ReturnType<typeof pieceIntegration>;
  const probeAuth: ConnectionValue = { type: 'CUSTOM_AUTH', value: { token: 'good-token-123456' } };

  before(async () => {
    // Stands in for Slack's and OpenAI's APIs.
    vendor = nodeHttp.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/api/')) return res.end(JSON.stringify({ ok: true, user: 'switchboard-bot' }));
        if (req.url === '/v1/models')
          return res.end(
            JSON.stringify({
              object: 'list',
              data: [
                { id: 'gpt-test-1', object: 'model' },
                { id: 'gpt-test-2', object: 'model' },
              ],
            }),
          );
        if (req.url === '/v1/chat/completions') {
          const asked = JSON.parse(Buffer.concat(chunks).toString()) as { model: string; messages: Array<{ content: string }> };
          return res.end(
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1,
              model: asked.model,
              choices: [
                {
                  index: 0,
                  finish_reason: 'stop',
                  message: { role: 'assistant', content: `echo: ${asked.messages.at(-1)?.content}` },
                },
              ],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            }),
          );
        }
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    const meta = await pool.request<PieceMeta>({ op: 'metadata', piece: { package: fixture('piece-probe') } });
    probe = pieceIntegration(meta, pool, { package: fixture('piece-probe') });
  });
  after(async () => {
    await pool.close();
    vendor.close();
  });

  it('runs Slack custom_api_call with the bot token injected', async () => {
    const r = shipped('slack');
    const slack = pieceIntegration(r.meta, pool, { package: r.package });
    const auth: ConnectionValue = { type: 'CUSTOM_AUTH', authMethodKey: 'custom_auth', value: { botToken: 'xoxb-test-token' } };
    const out = (await runAction(
      slack.actions.custom_api_call!,
      { url: { url: `${base}/api/auth.test` }, method: 'POST', headers: {}, queryParams: {} },
      { auth },
    )) as any;
    assert.equal(out.status, 200);
    assert.deepEqual(out.body, { ok: true, user: 'switchboard-bot' });
    const call = seen.find((s) => s.url === '/api/auth.test');
    assert.equal(call?.headers.authorization, 'Bearer xoxb-test-token');
  });

  it('runs OpenAI ask_chatgpt against its baseUrl, lists models as options, and keeps memory in the store', async () => {
    const r = shipped('openai');
    const openai = pieceIntegration(r.meta, pool, { package: r.package });
    const auth: ConnectionValue = { type: 'CUSTOM_AUTH', value: { apiKey: 'sk-test-0123456789', baseUrl: `${base}/v1` } };
    const model = openai.actions.ask_chatgpt!.props.model!;
    assert.equal(model.type, 'DROPDOWN');
    if (model.type !== 'DROPDOWN') return;
    const options = await model.options({ auth, input: {} });
    assert.deepEqual(options.options.map((o) => o.value).sort(), ['gpt-test-1', 'gpt-test-2']);
    const store = new MemoryStore();
    const out = await runAction(
      openai.actions.ask_chatgpt!,
      { model: 'gpt-test-1', prompt: 'hello', maxTokens: 50, memoryKey: 'conversation' },
      { auth, store },
    );
    assert.equal(out, 'echo: hello');
    const chat = seen.find((s) => s.url === '/v1/chat/completions');
    assert.equal(chat?.headers.authorization, 'Bearer sk-test-0123456789');
    assert.ok(store.map.size > 0, 'the piece store is mapped to ours');
  });

  it('passes connections in the shape each framework generation expects', async () => {
    const out = (await runAction(
      probe.actions.echo!,
      { message: 'hi', attachment: { filename: 'a.txt', base64: Buffer.from('file body').toString('base64') } },
      { auth: probeAuth },
    )) as any;
    assert.deepEqual(out.auth, { type: 'CUSTOM_AUTH', props: { token: 'good-token-123456' } });
    assert.deepEqual(out.attachment, { filename: 'a.txt', text: 'file body' });
    assert.notEqual(out.pid, process.pid, 'ran in another process');

    const legacyMeta = await pool.request<PieceMeta>({ op: 'metadata', piece: { package: fixture('piece-legacy') } });
    assert.equal(legacyMeta.authShape, 'prop');
    assert.deepEqual(
      legacyMeta.auth.map((a) => a.type),
      ['SECRET_TEXT'],
    );
    const legacy = pieceIntegration(legacyMeta, pool, { package: fixture('piece-legacy') });
    assert.deepEqual(Object.keys(legacy.actions.whoami!.props), ['greeting'], 'the auth prop is not an input');
    const who = await runAction(
      legacy.actions.whoami!,
      { greeting: 'yo' },
      { auth: { type: 'SECRET_TEXT', value: { secret_text: 'legacy-key-1' } } },
    );
    assert.deepEqual(who, { key: 'legacy-key-1', greeting: 'yo' });
    await assert.rejects(
      runAction(probe.actions.echo!, { message: 'hi' }),
      (e: unknown) => e instanceof ActionError && /needs a connection/.test(e.message),
    );
  });

  it('validates credentials with the piece', async () => {
    const validate = probe.auth[0]!.validate!;
    assert.deepEqual(await validate({ type: 'CUSTOM_AUTH', value: { token: 'good-token' } }), { valid: true });
    assert.deepEqual(await validate({ type: 'CUSTOM_AUTH', value: { token: 'bad' } }), { valid: false, error: 'token rejected' });
  });

  it('kills a piece that hangs at its timeout and carries on', async () => {
    const short = new PieceWorkerPool({ size: 1, timeoutMs: 500 });
    try {
      const meta = await short.request<PieceMeta>({ op: 'metadata', piece: { package: fixture('piece-probe') } }, {}, 30_000);
      const p = pieceIntegration(meta, short, { package: fixture('piece-probe') });
      const [pid] = short.pids();
      await assert.rejects(
        runAction(p.actions.hang!, {}, { auth: probeAuth }),
        (e: unknown) => e instanceof ActionError && /did not finish within/.test(e.message),
      );
      const out = (await runAction(p.actions.echo!, { message: 'after' }, { auth: probeAuth })) as any;
      assert.equal(out.message, 'after');
      assert.notEqual(out.pid, pid, 'a fresh worker took over');
    } finally {
      await short.close();
    }
  });

  it('survives a piece that kills its worker', async () => {
    await assert.rejects(
      runAction(probe.actions.crash!, {}, { auth: probeAuth }),
      (e: unknown) => e instanceof ActionError && /worker stopped/.test(e.message),
    );
    assert.equal(
      ((await runAction(probe.actions.echo!, { message: 'still here' }, { auth: probeAuth })) as any).message,
      'still here',
    );
  });

  it('refuses a call whose data nests too deep for the IPC channel, and the worker lives on', async () => {
    const [before] = pool.pids();
    let deep: unknown = {};
    for (let i = 0; i < 2500; i++) deep = { a: deep };
    const run = (input: Record<string, unknown>) =>
      pool.request({
        op: 'run',
        piece: { package: fixture('piece-probe') },
        action: 'echo',
        input,
        auth: probeAuth,
        publicUrl: '',
        runId: 'deep',
      });
    await assert.rejects(
      run({ message: deep }),
      (e: unknown) => e instanceof ActionError && /nests more than 512/.test(e.message),
    );
    const out = (await run({ message: 'after' })) as { message: string; pid: number };
    assert.equal(out.message, 'after');
    assert.ok(pool.pids().includes(out.pid) && pool.pids().includes(before!), 'no worker was replaced');
  });

  it('fails only the call when a piece builds a value too deep to return, to store, or to read back', async () => {
    const pids = pool.pids();
    await assert.rejects(
      runAction(probe.actions.deep!, { depth: 3000 }, { auth: probeAuth }),
      (e: unknown) => e instanceof ActionError && /output nests more than 512/.test(e.message),
    );
    const store = new MemoryStore();
    await assert.rejects(
      runAction(probe.actions.deep!, { depth: 3000, to: 'store' }, { auth: probeAuth, store }),
      (e: unknown) => e instanceof ActionError && /store\.put nests more than 512/.test(e.message),
    );
    assert.equal(store.map.size, 0, 'nothing was stored');
    let deep: unknown = 'bottom';
    for (let i = 0; i < 3000; i++) deep = [deep];
    store.map.set('k', deep);
    await assert.rejects(
      runAction(probe.actions.remember!, { key: 'k' }, { auth: probeAuth, store }),
      (e: unknown) => e instanceof ActionError && /nests more than 512/.test(e.message),
    );
    assert.deepEqual(await runAction(probe.actions.deep!, { depth: 100 }, { auth: probeAuth }).then((v) => typeof v), 'object');
    assert.deepEqual(pool.pids(), pids, 'the workers live on');
  });

  it('keeps the worker behind the egress guard', async () => {
    for (const host of ['169.254.169.254', '10.0.0.1']) {
      const out = (await runAction(probe.actions.connect!, { host, port: 80 }, { auth: probeAuth })) as any;
      assert.equal(out.connected, false, host);
      assert.match(out.error, /not allowed/);
    }
    const fetched = (await runAction(
      probe.actions.fetch_url!,
      { url: 'http://169.254.169.254/latest/meta-data/' },
      { auth: probeAuth },
    )) as any;
    assert.match(fetched.error, /not allowed/);
    const local = (await runAction(probe.actions.fetch_url!, { url: `${base}/api/x` }, { auth: probeAuth })) as any;
    assert.equal(local.status, 200, 'allow-listed 127.0.0.1 is reachable');
    const strict = new PieceWorkerPool({ size: 1 });
    try {
      const meta = await strict.request<PieceMeta>({ op: 'metadata', piece: { package: fixture('piece-probe') } });
      const p = pieceIntegration(meta, strict, { package: fixture('piece-probe') });
      const refused = (await runAction(p.actions.fetch_url!, { url: `${base}/api/x` }, { auth: probeAuth })) as any;
      assert.match(refused.error, /not allowed/, 'loopback refused without an allowance');
    } finally {
      await strict.close();
    }
  });

  it('keeps the worker away from this Switchboard service, even where loopback is allowed (0092)', async () => {
    const port = (vendor.address() as AddressInfo).port;
    // As if the vendor stand-in were this service.
    const own = new PieceWorkerPool({ size: 1, egressAllow: ['127.0.0.1'], self: { publicUrl: base, port, host: '127.0.0.1' } });
    try {
      const meta = await own.request<PieceMeta>({ op: 'metadata', piece: { package: fixture('piece-probe') } });
      const p = pieceIntegration(meta, own, { package: fixture('piece-probe') });
      const before = seen.length;
      const refused = (await runAction(p.actions.fetch_url!, { url: `${base}/api/v1/approvals` }, { auth: probeAuth })) as any;
      assert.match(refused.error, /not allowed: it is this Switchboard service/);
      const byName = (await runAction(p.actions.fetch_url!, { url: `http://localhost:${port}/x` }, { auth: probeAuth })) as any;
      assert.match(byName.error, /not allowed: it is this Switchboard service/);
      assert.equal(seen.length, before, 'nothing reached it');
    } finally {
      await own.close();
    }
  });

  it('resets the TLS switch pieces flip, and scrubs secrets from errors', async () => {
    const pinned = new PieceWorkerPool({ size: 1 });
    try {
      const meta = await pinned.request<PieceMeta>({ op: 'metadata', piece: { package: fixture('piece-probe') } });
      const p = pieceIntegration(meta, pinned, { package: fixture('piece-probe') });
      assert.deepEqual(await runAction(p.actions.flip_tls!, {}, { auth: probeAuth }), { before: null });
      assert.deepEqual(await runAction(p.actions.flip_tls!, {}, { auth: probeAuth }), { before: null }, 'reset after the call');
      await assert.rejects(runAction(p.actions.leak_secret!, {}, { auth: probeAuth }), (e: unknown) => {
        assert.ok(e instanceof ActionError);
        assert.equal(e.message, 'request failed with Authorization: Bearer [REDACTED]');
        return true;
      });
    } finally {
      await pinned.close();
    }
  });

  it("carries the upstream's HTTP status of a failed call, never guessed from the text", async () => {
    const failure = async (status: number) => {
      try {
        await runAction(probe.actions.http_fail!, { status }, { auth: probeAuth });
      } catch (e) {
        assert.ok(e instanceof ActionError);
        return e;
      }
      throw new Error('http_fail did not fail');
    };
    assert.equal((await failure(401)).httpStatus, 401);
    assert.equal((await failure(404)).httpStatus, 404);
    const plain = await failure(0);
    assert.equal(plain.message, 'Invoice 401 was not found');
    assert.equal(plain.httpStatus, undefined);
  });

  it('maps store and files to the call scope', async () => {
    const store = new MemoryStore();
    const out = (await runAction(probe.actions.remember!, { key: 'k', value: 'v1' }, { auth: probeAuth, store })) as any;
    assert.equal(out.stored, 'v1');
    assert.equal(store.map.get('k'), 'v1');
    assert.equal(
      out.url,
      `data:application/octet-stream;base64,${Buffer.from('v1').toString('base64')}`,
      'without a files scope, a data URL',
    );
  });

  it('resolves dropdown options and dynamic properties in the worker', async () => {
    const project = probe.actions.pick!.props.project!;
    const fields = probe.actions.pick!.props.fields!;
    assert.ok(project.type === 'DROPDOWN' && fields.type === 'DYNAMIC');
    if (project.type !== 'DROPDOWN' || fields.type !== 'DYNAMIC') return;
    assert.deepEqual(await project.options({ auth: probeAuth, input: {} }), {
      options: [
        { label: 'Alpha for good', value: 'a' },
        { label: 'Beta', value: 'b' },
      ],
      disabled: false,
    });
    assert.deepEqual((await project.options({ auth: probeAuth, input: {}, searchValue: 'Beta' })).options, [
      { label: 'Beta', value: 'b' },
    ]);
    assert.equal((await project.options({ auth: null, input: {} })).disabled, true);
    await assert.rejects(project.options({ auth: probeAuth, input: {}, searchValue: 'boom' }), /options exploded/);
    const resolved = await fields.props({ auth: probeAuth, input: { project: 'a' } });
    assert.deepEqual(Object.fromEntries(Object.entries(resolved).map(([k, p]) => [k, [p.type, p.required]])), {
      title: ['SHORT_TEXT', true],
      size: ['NUMBER', false],
    });
    await assert.rejects(fields.props({ auth: probeAuth, input: { project: 'boom' } }), /props exploded/);
    await assert.rejects(
      pool.request({
        op: 'options',
        piece: { package: fixture('piece-probe') },
        kind: 'action',
        action: 'nope',
        prop: 'x',
        input: {},
        auth: null,
      }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'actionName',
    );
  });
});
