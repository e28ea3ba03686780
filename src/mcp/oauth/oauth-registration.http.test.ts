import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { TestApp } from '../../../test/harness.js';
import { INIT, rpc } from '../../../test/mcp.js';
import { form, hidden, oauthWorld, pkce, type CallbackServer } from './oauth.fixtures.js';

describe('MCP OAuth authorization server: metadata, client registration and hostile requests', () => {
  let t: TestApp;
  let base: string;
  let cb: CallbackServer;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  const world = oauthWorld();
  const { signUp, register, authorizeUrl, consent, token } = world;

  before(async () => {
    await world.start();
    ({ t, base, cb, key, ws, server } = world);
  });
  after(async () => world.close());

  it('publishes authorization-server metadata', async () => {
    const res = await fetch(`${base}/.well-known/oauth-authorization-server`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const m = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(m, {
      issuer: base,
      authorization_endpoint: `${base}/mcp/oauth/authorize`,
      token_endpoint: `${base}/mcp/oauth/token`,
      registration_endpoint: `${base}/mcp/oauth/register`,
      revocation_endpoint: `${base}/mcp/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      scopes_supported: ['mcp:tools', 'mcp:code'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    assert.equal((await fetch(`${base}/mcp/oauth/token`, { method: 'OPTIONS' })).status, 204);
  });

  it('registers clients dynamically with validation, including confidential clients', async () => {
    const bad = async (metadata: Record<string, unknown>, error: string) => {
      const r = await register(metadata);
      assert.equal(r.status, 400, JSON.stringify(metadata));
      assert.equal(r.body.error, error, JSON.stringify(r.body));
    };
    await bad({ redirect_uris: [] }, 'invalid_redirect_uri');
    await bad({ redirect_uris: 'x' }, 'invalid_client_metadata');
    await bad({ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri');
    await bad({ redirect_uris: ['javascript:alert(1)'] }, 'invalid_client_metadata');
    await bad({ redirect_uris: ['https://ok.example/cb#frag'] }, 'invalid_redirect_uri');
    await bad({ token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata');
    await bad({ grant_types: ['client_credentials'] }, 'invalid_client_metadata');
    await bad({ response_types: ['token'] }, 'invalid_client_metadata');
    const malformed = await fetch(`${base}/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"redirect_uris":',
    });
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as any).error, 'invalid_client_metadata');
    const native = await register({ redirect_uris: ['cursor://anysphere.cursor/oauth/callback', 'http://localhost:33418/cb'] });
    assert.equal(native.status, 201);

    const confidential = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    assert.equal(confidential.status, 201);
    assert.match(confidential.body.client_secret, /^mcps_/);
    assert.equal(confidential.body.client_secret_expires_at, 0);
    assert.equal(typeof confidential.body.client_id_issued_at, 'number');
    assert.deepEqual(confidential.body.redirect_uris, [cb.url]);
    const cookie = await signUp('erin5@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-5', email: 'erin5@example.com' });
    const p = pkce();
    const c = await consent(authorizeUrl(confidential.body.client_id, p.challenge), cookie);
    const code = new URL(c.location!).searchParams.get('code')!;
    const body = { grant_type: 'authorization_code', code, code_verifier: p.verifier, redirect_uri: cb.url };
    const basic = (secret: string) => ({
      authorization: `Basic ${Buffer.from(`${confidential.body.client_id}:${secret}`).toString('base64')}`,
    });
    const wrong = await token(body, basic('mcps_wrong'));
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'invalid_client');
    assert.match(wrong.headers.get('www-authenticate')!, /^Basic/);
    const viaPost = await token({
      ...body,
      client_id: confidential.body.client_id,
      client_secret: confidential.body.client_secret,
    });
    assert.equal(viaPost.body.error, 'invalid_client', 'a client_secret_basic client must use Basic');
    const right = await token(body, basic(confidential.body.client_secret));
    assert.equal(right.status, 200, JSON.stringify(right.body));
  });

  it('accepts client ID metadata documents fetched through the egress guard', async () => {
    let served: Record<string, unknown> = {};
    const docs = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(served));
    });
    await new Promise<void>((r) => docs.listen(0, '127.0.0.1', r));
    const clientId = `http://127.0.0.1:${(docs.address() as AddressInfo).port}/oauth/client.json`;
    try {
      served = {
        client_id: clientId,
        client_name: 'Metadata Agent',
        redirect_uris: [cb.url],
        token_endpoint_auth_method: 'none',
      };
      const cookie = await signUp('erin6@example.com');
      await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-6', email: 'erin6@example.com' });
      const p = pkce();
      const c = await consent(authorizeUrl(clientId, p.challenge), cookie);
      assert.match(c.html, /Allow Metadata Agent\?/);
      const code = new URL(c.location!).searchParams.get('code')!;
      const res = await token({
        grant_type: 'authorization_code',
        code,
        code_verifier: p.verifier,
        redirect_uri: cb.url,
        client_id: clientId,
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal((await rpc(server.mcpEndpoint, res.body.access_token, INIT())).status, 200);

      const mismatch = `http://127.0.0.1:${(docs.address() as AddressInfo).port}/oauth/other.json`;
      const bad = await fetch(authorizeUrl(mismatch, p.challenge));
      assert.equal(bad.status, 400);
      assert.match(await bad.text(), /client_id does not equal its URL/);
      const notAllowed = await fetch(authorizeUrl('http://10.0.0.1/client.json', p.challenge));
      assert.equal(notAllowed.status, 400, 'private addresses are not fetched');
    } finally {
      await new Promise<void>((r) => docs.close(() => r()));
    }
  });

  it('refuses a forged or expired page request and a missing CSRF token', async () => {
    const cookie = await signUp('erin7@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-7', email: 'erin7@example.com' });
    const client = (await register()).body;
    const p = pkce();
    const page = await fetch(authorizeUrl(client.client_id, p.challenge), { headers: { cookie } });
    const html = await page.text();
    const post = (body: Record<string, string>) =>
      fetch(`${base}/mcp/oauth/authorize`, {
        ...form(body),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        redirect: 'manual',
      });
    const forged = await post({
      request: hidden(html, 'request').replace(/^./, 'x'),
      csrf: hidden(html, 'csrf'),
      action: 'allow',
    });
    assert.equal(forged.status, 400);
    const noCsrf = await post({ request: hidden(html, 'request'), action: 'allow' });
    assert.equal(noCsrf.status, 403);
    assert.equal(noCsrf.headers.get('location'), null, 'no code without the CSRF token');
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.match(page.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
    const signup = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), action: 'signup', email: 'not-an-email', password: 'x', name: '' }),
      redirect: 'manual',
    });
    assert.equal(signup.status, 400);
    const signupHtml = await signup.text();
    assert.match(signupHtml, /Enter a valid email, a password of 8 to 200 characters, a name\./);
    assert.match(signupHtml, /Create an account/);
    // The page applies the sign-up API's own schema: an address the API refuses is refused here too.
    const refused = { email: 'josé@example.com', password: 'long enough pw', name: 'José' };
    assert.equal((await t.post('/api/v1/auth/sign-up', null, refused)).status, 400);
    const refusedPage = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), action: 'signup', ...refused }),
      redirect: 'manual',
    });
    assert.equal(refusedPage.status, 400);
    assert.match(await refusedPage.text(), /Enter a valid email\./);
    const signedUp = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({
        request: hidden(html, 'request'),
        action: 'signup',
        email: 'fresh@example.com',
        password: 'long enough pw',
        name: 'Fresh',
      }),
      redirect: 'manual',
    });
    assert.equal(signedUp.status, 303);
    assert.match(signedUp.headers.get('set-cookie')!, /^sb_session=uss_[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    assert.ok(signedUp.headers.get('location')!.startsWith('/mcp/oauth/authorize?'));
  });

  it('never answers a malformed request to the OAuth endpoints with a 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('', 'mcpr_x', 'authorization_code', 'refresh_token', cb.url, 'none', 'S256'),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const fields = [
      'grant_type',
      'code',
      'code_verifier',
      'redirect_uri',
      'client_id',
      'client_secret',
      'refresh_token',
      'resource',
      'scope',
      'token',
      'request',
      'action',
      'csrf',
      'redirect_uris',
      'token_endpoint_auth_method',
      'grant_types',
    ];
    const body = fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/mcp/oauth/token', '/mcp/oauth/revoke', '/mcp/oauth/register', '/mcp/oauth/authorize'),
        fc.boolean(),
        body,
        async (path, asJson, b) => {
          const res = await fetch(`${base}${path}`, {
            method: 'POST',
            headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
            body: asJson
              ? JSON.stringify(b)
              : new URLSearchParams(
                  Object.entries(b).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
                ).toString(),
            redirect: 'manual',
          });
          assert.ok(res.status < 500, `${path} ${JSON.stringify(b)} -> ${res.status}`);
        },
      ),
      { seed: 20261123, numRuns: 80 },
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'response_type',
        'client_id',
        'redirect_uri',
        'code_challenge',
        'code_challenge_method',
        'resource',
        'scope',
        'state',
      ),
      fc.string({ maxLength: 60 }),
      { maxKeys: 8 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await fetch(`${base}/mcp/oauth/authorize?${new URLSearchParams(q).toString()}`, { redirect: 'manual' });
        assert.ok(res.status < 500, `${JSON.stringify(q)} -> ${res.status}`);
      }),
      { seed: 20261124, numRuns: 60 },
    );
    // Malformed client credentials in the Authorization header: refused as invalid_client, never a 5xx.
    for (const basic of ['JTp4', Buffer.from('%E0%A4%A:x').toString('base64'), 'no-colon', '']) {
      for (const path of ['/mcp/oauth/token', '/mcp/oauth/revoke']) {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
          body: 'grant_type=refresh_token&refresh_token=mcpr_x&token=mcpr_x',
        });
        assert.ok(res.status < 500, `${path} Basic ${basic} -> ${res.status}`);
        if (basic === 'JTp4') assert.equal(((await res.json()) as { error: string }).error, 'invalid_client');
      }
    }
  });

  it('refuses a cross-site post to the authorize page (no login CSRF)', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Array<
      Record<string, string>
    >) {
      const res = await fetch(`${base}/mcp/oauth/authorize`, {
        ...form({ action: 'signin', email: 'attacker@example.com', password: 'correct horse battery', request: 'x' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        redirect: 'manual',
      });
      assert.equal(res.status, 403);
      assert.equal(res.headers.get('set-cookie'), null, 'nobody was signed in');
    }
  });
});
