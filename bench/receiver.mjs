// A callback receiver in its own process: counts deliveries and measures ingest-to-callback latency from the
// "sentAt" the load generator stamped into each event. GET /stats answers {count, unique, p50, p99} for the events of
// the current run; POST /reset?run=<name> starts a new run (events of other runs are ignored). Prints "PORT <n>".
import http from 'node:http';

let latencies = [];
let ids = new Set();
let count = 0;
let run = 'run';
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    const sorted = [...latencies].sort((a, b) => a - b);
    res.setHeader('content-type', 'application/json');
    return res.end(JSON.stringify({ count, unique: ids.size, p50: pct(sorted, 50), p99: pct(sorted, 99) }));
  }
  if (req.method === 'POST' && req.url.startsWith('/reset')) {
    run = new URL(req.url, 'http://x').searchParams.get('run') ?? 'run';
    latencies = [];
    ids = new Set();
    count = 0;
    return res.end('{}');
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const now = Date.now();
    const text = Buffer.concat(chunks).toString();
    const sentAt = /\\?"sentAt\\?":(\d+)/.exec(text);
    const n = /\\?"n\\?":\\?"([^"\\]+)/.exec(text);
    res.statusCode = 200;
    res.end('{}');
    if (!n || !n[1].startsWith(`${run}:`) || ids.has(n[1])) return;
    count++;
    ids.add(n[1]);
    if (sentAt) latencies.push(now - Number(sentAt[1]));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${server.address().port}\n`));
