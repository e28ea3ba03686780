// The ceiling of this machine: a bare Fastify route in its own process answering a JSON body of a given size,
// with no auth, validation or work. Prints "PORT <n>" once listening.
import Fastify from 'fastify';

const size = Number(process.argv[2] ?? 140);
const body = { success: true, output: { hash: 'x'.repeat(Math.max(0, size - 40)) } };
const app = Fastify({ logger: false });
app.post('/baseline', async () => body);
app.get('/baseline', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`PORT ${app.server.address().port}\n`);
