// A steady load: `overallRate` requests per second, evenly spaced, each timed from the moment it is issued to the
// end of its answer (decision 0174). autocannon's own rate limit sends each connection's share of a second back to
// back at the start of that second, and it corrects the latencies for coordinated omission against an expected
// interval of 1 ms, which adds made-up slow samples for every answer slower than 1 ms: at a fixed, moderate rate
// its p99 measures its own bursts, not what a tenant sees.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms) => Math.round(ms * 10) / 10;

/**
 * Sends `overallRate × duration` requests on up to `connections` kept-alive connections, one every 1/overallRate s
 * (any the timer fired late for go at once, so the rate holds). A request waiting for a free connection is timed
 * from when it was issued, so an answer that holds every connection counts against the ones queued behind it.
 * `paths` are taken in turn; with `stamp`, each body is {"sentAt": <ms since epoch>, "n": "<run>:<sequence>"}.
 */
export async function steadyLoad(o) {
  const url = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections ?? 10 });
  const paths = o.paths ?? [`${url.pathname}${url.search}`];
  const interval = 1000 / o.overallRate;
  const count = Math.round(o.overallRate * (o.duration ?? 10));
  const latencies = [];
  const statusCodes = {};
  let non2xx = 0;

  const send = (i) =>
    new Promise((resolve) => {
      const body = o.stamp ? JSON.stringify({ sentAt: Date.now(), n: `${o.run ?? 'run'}:${i}` }) : o.body;
      const issued = performance.now();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: paths[i % paths.length],
          method: o.method ?? 'GET',
          headers: { ...o.headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) },
          agent,
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            statusCodes[res.statusCode] = { count: (statusCodes[res.statusCode]?.count ?? 0) + 1 };
            if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - issued);
            else non2xx++;
            resolve();
          });
        },
      );
      const fail = () => {
        non2xx++;
        resolve();
      };
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', fail);
      req.end(body);
    });

  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < count; i++) {
    const wait = started + i * interval - performance.now();
    if (wait >= 1) await sleep(wait);
    inFlight.push(send(i));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: count / seconds,
    total: count,
    p50: round(pct(latencies, 50)),
    p99: round(pct(latencies, 99)),
    non2xx,
    statusCodes,
  };
}
