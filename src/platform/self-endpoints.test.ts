// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { Receiver } from '../../test/receiver.js';
import { EgressGuard } from './egress.js';
import { normalizePath, SelfEndpoints } from './self-endpoints.js';

const self = new SelfEndpoints({ publicUrl: 'https://sb.example.com', port: 8080, host: '0.0.0.0' });
const refused = (url: string, host?: string) => self.refusal(new URL(url), host) !== null;

describe('this service as outbound calls reach it', () => {
  it('reads a path the way a router might, whatever its spelling', () => {
    const cases: Array<[string, string]> = [
      ['/api/v1/approvals/apr_x/approve', '/api/v1/approvals/apr_x/approve'],
      ['/API/V1/Approvals/APR_x/Approve', '/api/v1/approvals/apr_x/approve'],
      ['/api/v1/%61pprovals/apr_x', '/api/v1/approvals/apr_x'],
      ['/api/v1/%2561pprovals/apr_x', '/api/v1/approvals/apr_x'],
      ['//api//v1/./x/../approvals/apr_x/', '/api/v1/approvals/apr_x'],
      ['/approve%2Fapr_x%2Fdecision', '/approve/apr_x/decision'],
      ['\\approve\\apr_x', '/approve/apr_x'],
      ['/approve;a=1/apr_x;b/decision?token=t#f', '/approve/apr_x/decision'],
    ];
    for (const [raw, expected] of cases) assert.equal(normalizePath(raw), expected, raw);
  });

  it('knows itself: the public host and port, and local addresses on the listening port', () => {
    assert.equal(self.isSelf('sb.example.com', 443), true);
    assert.equal(self.isSelf('SB.Example.com.', 443), true);
    assert.equal(self.isSelf('sb.example.com', 8443), false);
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'app.localhost', '[::1]', '::ffff:127.0.0.1', '0.0.0.0'])
      assert.equal(self.isSelf(h, 8080), true, h);
    assert.equal(self.isSelf('127.0.0.1', 9090), false);
    assert.equal(self.isSelf('example.org', 8080), false);
  });

  it('refuses decision paths on any host, and the rest of the Human Gates surface on its own hosts', () => {
    for (const url of [
      'https://sb.example.com/approve/apr_1?token=apl_x',
      'https://sb.example.com/approve/apr_1/decision',
      'https://sb.example.com/approvals/apr_1/decision',
      'https://sb.example.com/api/v1/approvals/apr_1/approve',
      'https://sb.example.com/connect/portal/approvals/apr_1/reject',
      // Any address: an IP, an alias, a proxy in front of us.
      'http://203.0.113.7/api/v1/approvals/apr_1/cancel',
      'https://alias.example.net/prefix/approve/apr_1/decision',
      'https://sb.example.com/api/v1/%61pprovals/apr_1/approve',
      // The surface on our own hosts.
      'https://sb.example.com/api/v1/approval-policies/123',
      'https://sb.example.com/approvals',
      'http://127.0.0.1:8080/api/v1/approvals',
      'http://localhost:8080/API/V1/APPROVAL-POLICIES',
    ])
      assert.equal(refused(url), true, url);
    // A Host header naming us counts as us.
    assert.equal(refused('http://203.0.113.7/api/v1/approval-policies', 'sb.example.com'), true);
    for (const url of [
      'https://sb.example.com/api/v1/actions/execute',
      'https://sb.example.com/healthz',
      'https://vendor.example.org/api/v1/approvals',
      'https://vendor.example.org/approve/123',
      'http://127.0.0.1:9090/api/v1/approval-policies',
    ])
      assert.equal(refused(url), false, url);
  });
});

describe('the egress dispatcher refuses them before anything is sent', () => {
  let receiver: Receiver;
  let guard: EgressGuard;
  let hop: Receiver;

  before(async () => {
    receiver = await new Receiver().start();
    hop = await new Receiver().start();
    guard = new EgressGuard(
      ['127.0.0.1'],
      new SelfEndpoints({ publicUrl: `http://127.0.0.1:${receiver.port}`, port: 1, host: '127.0.0.1' }),
    );
  });
  after(async () => {
    await guard.close();
    await receiver.close();
    await hop.close();
  });

  const send = (url: string, init: Record<string, unknown> = {}) =>
    fetch(url, { method: 'POST', dispatcher: guard.dispatcher(), ...init }).then(
      (r) => ({ status: r.status, error: null as string | null }),
      (err: Error) => ({ status: 0, error: (err.cause as Error | undefined)?.message ?? err.message }),
    );

  it('refuses decision requests and redirect hops to them; other requests go through', async () => {
    const denied = await send(receiver.url('/api/v1/approvals/apr_1/approve'));
    assert.match(denied.error ?? '', /not allowed: approval decisions are made by people/);
    assert.equal((await send(receiver.url('/ok'))).status, 200);
    assert.deepEqual(
      receiver.requests.map((r) => r.path),
      ['/ok'],
      'the refused request never left',
    );

    // A redirect needs a Location header: the hop server is a plain one.
    const server = createServer((_req, res) => res.writeHead(302, { location: hop.url('/approve/apr_1/decision') }).end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const viaRedirect = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/go`, { method: 'GET' });
      assert.match(viaRedirect.error ?? '', /not allowed/);
      assert.equal(hop.requests.length, 0, 'the redirect target was never asked');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
