// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Counter, Histogram, Registry } from 'prom-client';
import { HotCounter, HotHistogram } from './metrics.js';

/**
 * The hot-path metrics keep their own numbers, so what /metrics prints must not depend on which kind recorded them:
 * the same calls on prom-client's Counter and Histogram give the same text, byte for byte.
 */
describe('hot-path metrics', () => {
  const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.1, 1];
  const calls: Array<[number, string, string, string]> = [
    [0.0004, 'GET', '/api/v1/workspaces/:id', '200'],
    [0.001, 'GET', '/api/v1/workspaces/:id', '200'], // on a bound: counted in it, as prom-client does
    [0.003, 'GET', '/api/v1/workspaces/:id', '404'],
    [0.2, 'POST', '/api/v1/actions/execute', '200'],
    [7, 'POST', '/api/v1/actions/execute', '500'], // beyond every bound: +Inf only
    [0.0026, 'POST', 'a "quoted" \\ route\nwith a newline', '200'], // escaped as prom-client escapes it
  ];

  const recorded = async (hot: boolean): Promise<string> => {
    const registry = new Registry();
    const help = ['requests by method, route and status', 'duration by method and route'];
    if (hot) {
      const count = new HotCounter(registry, 'reqs_total', help[0]!, ['method', 'route', 'status']);
      const time = new HotHistogram(registry, 'req_seconds', help[1]!, ['method', 'route'], BOUNDS);
      for (const [s, method, route, status] of calls) {
        count.inc(method, route, status);
        time.observe(s, method, route);
      }
    } else {
      const registers = [registry];
      const count = new Counter({ name: 'reqs_total', help: help[0]!, labelNames: ['method', 'route', 'status'], registers });
      const time = new Histogram({
        name: 'req_seconds',
        help: help[1]!,
        labelNames: ['method', 'route'],
        buckets: BOUNDS,
        registers,
      });
      for (const [s, method, route, status] of calls) {
        count.inc({ method, route, status });
        time.observe({ method, route }, s);
      }
    }
    return registry.metrics();
  };

  it('prints what prom-client prints for the same calls', async () => {
    const expected = await recorded(false);
    assert.match(expected, /^req_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/v1\/actions\/execute"\} 2$/m);
    assert.equal(await recorded(true), expected);
  });

  it('keeps one series per label set, whatever the values hold', async () => {
    const registry = new Registry();
    const count = new HotCounter(registry, 'pairs_total', 'pairs', ['a', 'b']);
    // Joined naively ("x y" + "z" and "x" + "y z") these two label sets would be one key.
    count.inc('x y', 'z');
    count.inc('x', 'y z');
    count.inc('x', 'y z');
    const text = await registry.metrics();
    assert.match(text, /^pairs_total\{a="x y",b="z"\} 1$/m);
    assert.match(text, /^pairs_total\{a="x",b="y z"\} 2$/m);
  });

  it('is emptied by the registry reset, and refuses a second metric of its name', async () => {
    const registry = new Registry();
    const time = new HotHistogram(registry, 'one_seconds', 'one', ['kind'], BOUNDS);
    time.observe(0.5, 'a');
    assert.match(await registry.metrics(), /^one_seconds_count\{kind="a"\} 1$/m);
    registry.resetMetrics();
    assert.doesNotMatch(await registry.metrics(), /one_seconds_count/);
    assert.throws(() => new HotCounter(registry, 'one_seconds', 'again', ['kind']), /already been registered/);
  });
});
