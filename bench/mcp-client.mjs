// MCP tools/call through the official SDK client, in its own process: `clients` connected clients each call the
// tool in a loop for `duration` seconds. Prints one JSON line {rps, total, p50, p99, errors}.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const o = JSON.parse(process.argv[2]);
const connect = async () => {
  const client = new Client({ name: 'switchboard-bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(o.url), { requestInit: { headers: { Authorization: `Bearer ${o.token}` } } }),
  );
  return client;
};
const clients = await Promise.all(Array.from({ length: o.clients ?? 32 }, connect));
const run = async (seconds, record) => {
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const r = await c.callTool({ name: o.tool, arguments: o.arguments });
        record(performance.now() - t0, r.isError === true);
      }
    }),
  );
};
await run(2, () => {});
const times = [];
let errors = 0;
const started = performance.now();
await run(o.duration ?? 10, (ms, failed) => {
  times.push(ms);
  if (failed) errors++;
});
const elapsed = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] * 100) / 100;
process.stdout.write(
  JSON.stringify({ rps: times.length / elapsed, total: times.length, p50: pct(50), p99: pct(99), non2xx: errors }) + '\n',
);
await Promise.all(clients.map((c) => c.close()));
process.exit(0);
