import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { postJson } from './sender.js';

/** The sender's bound on one exchange: `timeoutMs` covers the whole of it, the answer's body included. */
describe('postJson', () => {
  let server: Server;
  let url: string;
  const agent = new Agent();
  const trickles = new Set<ServerResponse>();
  let trickleClosed: Promise<void> = Promise.resolve();

  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      if (req.url === '/trickle') {
        // Headers at once, then a byte every 20 ms for as long as the connection lasts.
        res.writeHead(200, { 'content-type': 'text/plain' });
        trickles.add(res);
        const tick = setInterval(() => res.write('.'), 20);
        trickleClosed = new Promise((resolve) =>
          res.on('close', () => {
            clearInterval(tick);
            resolve();
          }),
        );
        return;
      }
      if (req.url === '/silent') return; // never answers
      res.writeHead(201, { 'content-type': 'text/plain' }).end('thanks');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await agent.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers with the status and the start of a text answer', async () => {
    const sent = await postJson(agent, `${url}/ok`, { 'content-type': 'application/json' }, '{}', 5_000);
    assert.equal(sent.statusCode, 201);
    assert.equal(sent.error, null);
    assert.equal(sent.responseExcerpt, 'thanks');
  });

  it('gives up on a receiver that never answers, as a timed-out attempt', async () => {
    const sent = await postJson(agent, `${url}/silent`, { 'content-type': 'application/json' }, '{}', 200);
    assert.equal(sent.statusCode, null);
    assert.equal(sent.error, 'timed out after 200 ms');
  });

  it('ends an answer whose body never ends at the timeout, closing the connection', async () => {
    // Each chunk comes well within the body timeout, so only the bound on the whole exchange ends it.
    const sent = await postJson(agent, `${url}/trickle`, { 'content-type': 'application/json' }, '{}', 300);
    assert.equal(sent.statusCode, 200, 'the receiver acknowledged with its status');
    await trickleClosed; // the receiver saw its connection closed: the exchange did not go on in the background
    assert.equal(trickles.size, 1);
  });
});
