// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runJs } from './js-sandbox.js';

const opts = { timeoutMs: 2000, memoryBytes: 32 * 1024 * 1024 };

describe('JavaScript sandbox (QuickJS in WebAssembly)', () => {
  it('runs code with inputs, top-level await and return, and captures console output', async () => {
    const r = await runJs(
      'console.log("hi", {a: 1}); const x = await Promise.resolve(inputs.n * 2); return {x, s: inputs.s.toUpperCase()};',
      { n: 21, s: 'ok' },
      opts,
    );
    assert.equal(r.ok, true);
    assert.deepEqual(r.ok && r.value, { x: 42, s: 'OK' });
    assert.deepEqual(r.logs, [{ level: 'log', message: 'hi {"a":1}' }]);
  });

  it('reports thrown errors and syntax errors', async () => {
    const thrown = await runJs('throw new TypeError("bad thing")', {}, opts);
    assert.deepEqual(!thrown.ok && thrown.error, { name: 'TypeError', message: 'bad thing' });
    const syntax = await runJs('return (', {}, opts);
    assert.equal(!syntax.ok && syntax.error.name, 'SyntaxError');
  });

  it('stops an infinite loop at its timeout', async () => {
    const started = Date.now();
    const r = await runJs('while (true) {}', {}, { ...opts, timeoutMs: 300 });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.name, 'TimeoutError');
    assert.ok(Date.now() - started < 10_000);
  });

  it('stops a never-settling await at its timeout', async () => {
    const r = await runJs('await new Promise(() => {}); return 1', {}, { ...opts, timeoutMs: 300 });
    assert.equal(!r.ok && r.error.name, 'TimeoutError');
  });

  it('stops an allocation bomb at its memory cap without hurting the process', async () => {
    const before = process.memoryUsage().rss;
    const r = await runJs(
      'const a = []; while (true) { a.push("x".repeat(1 << 20)); }',
      {},
      { timeoutMs: 20_000, memoryBytes: 32 * 1024 * 1024 },
    );
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.name, 'MemoryLimitError');
    assert.ok(process.memoryUsage().rss - before < 512 * 1024 * 1024, 'the host did not balloon');
    const after = await runJs('return 1 + 1', {}, opts);
    assert.equal(after.ok && after.value, 2, 'the next run is unaffected');
  });

  it('has no host escapes: process, require, fetch, imports, the Function constructor reach nothing', async () => {
    const r = await runJs(
      `return {
        process: typeof process, require: typeof require, fetch: typeof fetch, XMLHttpRequest: typeof XMLHttpRequest,
        setTimeout: typeof setTimeout, Deno: typeof Deno, Bun: typeof Bun,
        viaFunction: typeof Function('return this')().process,
        viaConstructor: typeof ({}).constructor.constructor('return globalThis')().require,
        globalKeys: Object.keys(globalThis).sort(),
      }`,
      {},
      opts,
    );
    assert.equal(r.ok, true);
    const v = (r as { value: Record<string, unknown> }).value;
    for (const k of [
      'process',
      'require',
      'fetch',
      'XMLHttpRequest',
      'setTimeout',
      'Deno',
      'Bun',
      'viaFunction',
      'viaConstructor',
    ])
      assert.equal(v[k], 'undefined', k);
    assert.deepEqual(v.globalKeys, ['console', 'host', 'inputs']);
    const imp = await runJs('const m = await import("fs"); return 1', {}, opts);
    assert.equal(imp.ok, false);
  });

  it('calls host functions with JSON arguments and results', async () => {
    const calls: unknown[] = [];
    const r = await runJs(
      'const a = await host.double(4); const b = await host.double(a); return [a, b];',
      {},
      {
        ...opts,
        host: {
          double: async (n) => {
            calls.push(n);
            return (n as number) * 2;
          },
        },
      },
    );
    assert.deepEqual(r.ok && r.value, [8, 16]);
    assert.deepEqual(calls, [4, 8]);
    const failing = await runJs(
      'try { await host.boom(); } catch (e) { return e.message }',
      {},
      {
        ...opts,
        host: {
          boom: async () => {
            throw new Error('nope');
          },
        },
      },
    );
    assert.equal(failing.ok && failing.value, 'nope');
  });

  it('passes text holding a NUL or an unpaired surrogate whole, every way out of the sandbox', async () => {
    const calls: unknown[] = [];
    const code = `const s = "a" + String.fromCharCode(0) + "b"; const lone = String.fromCharCode(0xd800);
      console.log(s); await host.echo(s, lone);
      if (inputs.fail) throw s;
      return inputs.object ? { s } : s + lone;`;
    const run = (inputs: Record<string, unknown>) =>
      runJs(code, inputs, { ...opts, host: { echo: async (...args) => void calls.push(args) } });
    const plain = await run({});
    assert.equal(plain.ok && plain.value, 'a\u0000b\ud800');
    assert.deepEqual(plain.logs, [{ level: 'log', message: 'a\u0000b' }]);
    assert.deepEqual(calls, [['a\u0000b', '\ud800']]);
    const inObject = await run({ object: true });
    assert.deepEqual(inObject.ok && inObject.value, { s: 'a\u0000b' });
    const thrown = await run({ fail: true });
    assert.equal(!thrown.ok && thrown.error.message, 'a\u0000b');
  });

  it('refuses an oversized result', async () => {
    const r = await runJs('return "x".repeat(2000)', {}, { ...opts, maxOutputBytes: 1000 });
    assert.equal(!r.ok && r.error.name, 'OutputTooLarge');
  });
});
