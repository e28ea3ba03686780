// The load generator, in its own process: runs autocannon with the options given as JSON on argv[2] and prints
// one JSON line with throughput and latency percentiles.
import autocannon from 'autocannon';

const o = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: o.url,
  method: o.method ?? 'GET',
  headers: o.headers ?? {},
  body: o.body,
  connections: o.connections ?? 32,
  duration: o.duration ?? 10,
  ...(o.amount ? { amount: o.amount, duration: undefined } : {}),
  ...(o.overallRate ? { overallRate: o.overallRate } : {}),
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
