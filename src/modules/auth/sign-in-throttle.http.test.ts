import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signInThrottle } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/mail.js';
import { addressGroup, SIGN_IN_LIMITS, throttleKeys } from './sign-in-throttle.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const PASSWORD = 'the real passphrase';

describe('sign-in throttling (issue 17 item 4)', () => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startSmtpSink>>;
  let n = 0;
  /** A fresh person, so each test starts from clean counters. */
  const person = async () => {
    const email = `owner${++n}-${randomBytes(3).toString('hex')}@example.com`;
    const res = await t.post('/api/v1/auth/sign-up', null, { email, password: PASSWORD, name: 'Owner' });
    assert.equal(res.status, 201, res.text);
    return email;
  };
  const apiSignIn = async (email: string, password: string, address: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const formPost = (url: string, body: Record<string, string>, address: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(body).toString(),
    });
  const pairRow = async (email: string, address: string) =>
    (
      await t.db.orm
        .select()
        .from(signInThrottle)
        .where(eq(signInThrottle.key, throttleKeys(email, address).pair))
    )[0];

  before(async () => {
    mail = await startSmtpSink();
    t = await startApp(mail.env);
  });
  after(async () => {
    await t?.close();
    await mail?.stop();
  });

  it('API: repeated wrong passwords get 429 RATE_LIMITED with Retry-After; the owner from another address signs in', async () => {
    const email = await person();
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof apiSignIn>> | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await apiSignIn(email, `wrong guess ${i}`, attacker);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
      assert.ok(res.status === 401 || res.status === 429, `attempt ${i}: ${res.status}`);
    }
    assert.deepEqual(statuses.slice(0, SIGN_IN_LIMITS.pair.threshold), Array(SIGN_IN_LIMITS.pair.threshold).fill(401));
    assert.equal(statuses.at(-1), 429);
    assert.ok(statuses.filter((s) => s === 401).length <= SIGN_IN_LIMITS.pair.threshold + 1, statuses.join(','));
    assert.equal(limited!.body.error, 'RATE_LIMITED');
    assert.match(limited!.body.message, /Too many failed sign-ins/);
    assert.ok(Number(limited!.headers['retry-after']) > 0);
    assert.equal(limited!.body.retryAfter, Number(limited!.headers['retry-after']));
    // The right password from the attacker's address is refused too while blocked (the password is not checked).
    assert.equal((await apiSignIn(email, PASSWORD, attacker)).status, 429);

    // The counter is in the database (shared by every node), keyed by digests only.
    const row = await pairRow(email, attacker);
    assert.equal(row?.failures, SIGN_IN_LIMITS.pair.threshold);
    assert.equal(row?.account, sha(email.toLowerCase()));
    const dump = await t.dumpDatabase();
    assert.ok(!dump.includes(attacker), 'no address in clear');

    // The owner, elsewhere, is not locked out; nor is a wrong-case email a way around the counter.
    const owner = await apiSignIn(email.toUpperCase(), PASSWORD, '198.51.100.20');
    assert.equal(owner.status, 200, JSON.stringify(owner.body));
    assert.equal((await apiSignIn(email.toUpperCase(), 'another guess', attacker)).status, 429);
  });

  it('API: one address spraying many accounts is throttled by address', async () => {
    const address = '203.0.113.44';
    const emails = await Promise.all(Array.from({ length: 5 }, () => person()));
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.address.threshold + 5; i++) {
      statuses.push((await apiSignIn(emails[i % emails.length]!, `spray ${i}`, address)).status);
    }
    assert.equal(statuses.filter((s) => s === 401).length, SIGN_IN_LIMITS.address.threshold, statuses.join(','));
    assert.equal(statuses.at(-1), 429);
    const [row] = await t.db.orm
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `address:${sha(address)}`));
    assert.equal(row?.failures, SIGN_IN_LIMITS.address.threshold);
  });

  it('a distributed guess is slowed per account, a known address still signs in, and after a reset the owner signs in', async () => {
    const email = await person();
    const home = '198.51.100.77';
    assert.equal((await apiSignIn(email, PASSWORD, home)).status, 200, 'the owner has signed in from home before');
    // Many addresses, one failure each: no pair or address limit is reached, the account's is.
    for (let i = 0; i < SIGN_IN_LIMITS.account.threshold; i++) {
      assert.equal((await apiSignIn(email, `botnet ${i}`, `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`)).status, 401);
    }
    const fresh = await apiSignIn(email, PASSWORD, '192.0.2.200');
    assert.equal(fresh.status, 429, 'a new address waits while the account is under attack');
    assert.ok(Number(fresh.headers['retry-after']) > 0);
    assert.equal((await apiSignIn(email, PASSWORD, home)).status, 200, 'the owner at a known address is not locked out');
    // A success from a known address does not free the attack's counter for new addresses…
    for (let i = 0; i < SIGN_IN_LIMITS.account.threshold; i++) {
      await apiSignIn(email, `botnet again ${i}`, `10.8.${Math.floor(i / 200)}.${(i % 200) + 1}`);
    }
    assert.equal((await apiSignIn(email, PASSWORD, '192.0.2.201')).status, 429);

    // …a password reset does: the owner, from a new place, signs in with the new password at once.
    const reset = await t.post('/api/v1/auth/password-reset/request', null, { email });
    assert.equal(reset.status, 202);
    const code = await mail.codeFor(email);
    const done = await t.post('/api/v1/auth/password-reset/confirm', null, {
      resetId: reset.body.resetId,
      code,
      password: 'a brand new passphrase',
    });
    assert.equal(done.status, 200, done.text);
    const [account] = await t.db.orm
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `account:${sha(email.toLowerCase())}`));
    assert.equal(account?.failures, 0, 'the reset cleared the account counter');
    assert.equal((await apiSignIn(email, 'a brand new passphrase', '192.0.2.201')).status, 200);
  });

  it('approval review pages: the sign-in form answers 429 with a clear message and Retry-After', async () => {
    const email = await person();
    const address = '203.0.113.91';
    for (let i = 0; i < SIGN_IN_LIMITS.pair.threshold; i++) {
      assert.equal((await formPost('/approvals/sign-in', { email, password: `nope ${i}` }, address)).statusCode, 401);
    }
    const last = await formPost('/approvals/sign-in', { email, password: PASSWORD }, address);
    assert.equal(last.statusCode, 429);
    assert.match(String(last.headers['content-type']), /text\/html/);
    assert.ok(Number(last.headers['retry-after']) > 0);
    assert.match(last.body, /Too many failed sign-ins/);
    assert.equal((await pairRow(email, address))?.failures, SIGN_IN_LIMITS.pair.threshold);
    const owner = await formPost('/approvals/sign-in', { email, password: PASSWORD }, '198.51.100.91');
    assert.equal(owner.statusCode, 303);
  });

  it('MCP authorize page: the sign-in form answers 429 with a clear message and Retry-After', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const server = (await t.post('/api/v1/mcp/servers', key, { name: 'Tools', workspaceId: ws })).body.server;
    const redirect = 'http://127.0.0.1:9/callback';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/mcp/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ client_name: 'Agent', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }),
    });
    assert.equal(reg.statusCode, 201, reg.body);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: reg.json().client_id,
      redirect_uri: redirect,
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
      resource: server.mcpEndpoint,
    });
    const page = await t.app.inject({ method: 'GET', url: `/mcp/oauth/authorize?${query.toString()}` });
    assert.equal(page.statusCode, 200, page.body);
    const request = /name="request" value="([^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const email = await person();
    const address = '203.0.113.120';
    const signIn = (password: string) =>
      formPost('/mcp/oauth/authorize', { request, action: 'signin', email, password }, address);
    for (let i = 0; i < SIGN_IN_LIMITS.pair.threshold; i++) {
      const res = await signIn(`nope ${i}`);
      assert.equal(res.statusCode, 401, res.body);
    }
    const last = await signIn(PASSWORD);
    assert.equal(last.statusCode, 429);
    assert.match(String(last.headers['content-type']), /text\/html/);
    assert.ok(Number(last.headers['retry-after']) > 0);
    assert.match(last.body, /Too many failed sign-ins/);
    const owner = await formPost(
      '/mcp/oauth/authorize',
      { request, action: 'signin', email, password: PASSWORD },
      '198.51.100.120',
    );
    assert.equal(owner.statusCode, 303);
  });

  it('counts IPv6 clients by their /64', () => {
    assert.equal(addressGroup('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(addressGroup('2001:db8:1:2::9'), '2001:db8:1:2::/64');
    assert.equal(addressGroup('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(addressGroup('192.0.2.1'), '192.0.2.1');
  });
});
