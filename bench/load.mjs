// The load generator, in its own process: runs autocannon with the options given as JSON on argv[2] and prints
// one JSON line with throughput and latency percentiles. With `stamp: true` every request body is
// {"sentAt": <ms since epoch>, "n": "<run>:<sequence>"} so a receiver can count and time each event. With `steady:
// true`, a fixed rate (`overallRate`) is sent by ./steady.mjs instead: evenly spaced requests, not autocannon's bursts.
import autocannon from 'autocannon';
import { steadyLoad } from './steady.mjs';

const o = JSON.parse(process.argv[2]);
if (o.steady && o.overallRate) {
  process.stdout.write(JSON.stringify(await steadyLoad(o)) + '\n');
  process.exit(0);
}
let n = 0;
const result = await autocannon({
  url: o.url,
  method: o.method ?? 'GET',
  headers: o.headers ?? {},
  body: o.body,
  connections: o.connections ?? 32,
  duration: o.duration ?? 10,
  ...(o.overallRate ? { overallRate: o.overallRate } : {}),
  // With `paths`, each connection sends to them in turn (one source per path, for many sources at once).
  ...(o.stamp || o.paths
    ? {
        requests: (o.paths ?? [undefined]).map((path) => ({
          setupRequest: (req) => ({
            ...req,
            ...(path ? { path } : {}),
            ...(o.stamp ? { body: JSON.stringify({ sentAt: Date.now(), n: `${o.run ?? 'run'}:${n++}` }) } : {}),
          }),
        })),
      }
    : {}),
});
const non2xx = result.non2xx + result.errors + result.timeouts;
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
    statusCodes: result.statusCodeStats,
  }) + '\n',
);
