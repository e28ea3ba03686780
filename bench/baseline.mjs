// The ceiling of this machine: a bare Fastify route in its own process answering a JSON body of a given size,
// with no auth, validation or work. Prints "PORT <n>" once listening.
//
// argv[3], when given, is a number of microseconds of CPU the route spends on each request (a busy loop on the
// monotonic clock) before it answers: the `budget` scenario measures what the bare route keeps of its throughput when
// a request costs that much more, which is the budget a ratio target leaves to everything a real route does.
// GET /cpu answers this process's CPU time (process.cpuUsage()), so the bench can report CPU per request.
import Fastify from 'fastify';

const size = Number(process.argv[2] ?? 140);
const burnNs = BigInt(Math.round(Number(process.argv[3] ?? 0) * 1000));
const body = { success: true, output: { hash: 'x'.repeat(Math.max(0, size - 40)) } };
const app = Fastify({ logger: false });
const answer =
  burnNs > 0n
    ? async () => {
        const until = process.hrtime.bigint() + burnNs;
        while (process.hrtime.bigint() < until);
        return body;
      }
    : async () => body;
app.post('/baseline', answer);
app.get('/baseline', answer);
app.get('/cpu', async () => process.cpuUsage());
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`PORT ${app.server.address().port}\n`);
