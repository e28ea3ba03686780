// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { EgressGuard } from './egress.js';

describe('egress guard', () => {
  let server: http.Server;
  let port: number;
  before(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/redirect-to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses loopback, private, link-local, metadata and other reserved addresses', () => {
    const g = new EgressGuard();
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '224.0.0.1',
    ]) {
      assert.equal(g.isAllowed('host', ip), false, ip);
    }
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) assert.equal(g.isAllowed('host', ip), true, ip);
  });

  it('allows what SWITCHBOARD_EGRESS_ALLOW lists: hosts, addresses and CIDRs', () => {
    const g = new EgressGuard(['localhost', '127.0.0.1', '10.1.0.0/16']);
    assert.equal(g.isAllowed('localhost', '::1'), true);
    assert.equal(g.isAllowed('x', '127.0.0.1'), true);
    assert.equal(g.isAllowed('x', '10.1.2.3'), true);
    assert.equal(g.isAllowed('x', '10.2.0.1'), false);
    assert.equal(g.isAllowed('x', '169.254.169.254'), false);
  });

  it('refuses a real request to a denied address before connecting, and allows it when listed', async () => {
    const denied = new EgressGuard();
    await assert.rejects(fetch(`http://127.0.0.1:${port}/`, { dispatcher: denied.dispatcher() }), (err: Error) =>
      /not allowed/.test(String((err.cause as Error)?.message ?? err.message)),
    );
    await assert.rejects(fetch(`http://localhost:${port}/`, { dispatcher: denied.dispatcher() }), (err: Error) =>
      /not allowed/.test(String((err.cause as Error)?.message ?? err.message)),
    );
    const allowed = new EgressGuard(['127.0.0.1']);
    const res = await fetch(`http://127.0.0.1:${port}/`, { dispatcher: allowed.dispatcher() });
    assert.equal(await res.text(), 'hello');
    await denied.close();
    await allowed.close();
  });

  it('checks every redirect hop: a redirect to the metadata address is refused', async () => {
    const g = new EgressGuard(['127.0.0.1']);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/redirect-to-metadata`, { dispatcher: g.dispatcher() }), (err: Error) =>
      /169\.254\.169\.254/.test(String((err.cause as Error)?.message ?? err.message)),
    );
    await g.close();
  });
});
