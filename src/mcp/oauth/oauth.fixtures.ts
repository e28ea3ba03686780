/**
 * Shared set-up of the MCP OAuth HTTP tests (oauth-*.http.test.ts): a callback server standing in for the client's
 * redirect URI, PKCE and form helpers, and `oauthWorld`, the app with a tenant, an end user and an MCP server.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../../../test/harness.js';
import { launchBrowser } from '../../../test/browser.js';
import { needs } from '../../../test/system-binaries.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';
import { startHttpApp } from '../../../test/mcp.js';
import { startSmtpSink } from '../../../test/mail.js';

/** A redirect target for OAuth clients: records each callback's query. */
export async function callbackServer() {
  const hits: URLSearchParams[] = [];
  const srv = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/callback') hits.push(u.searchParams);
    res.setHeader('content-type', 'text/html');
    res.end('<p id="done">You can close this window.</p>');
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/callback`;
  return { url, hits, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
export const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});
export const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"') ?? '';

/**
 * The app with mail, the acme API, a callback server and (with `browser`, when Chromium is installed) a browser;
 * a tenant whose workspace has acme per user, the end user `erin-1` (Erin@Example.com) with her acme connection,
 * and a restricted MCP server. `start` and `close` belong in the test file's before and after hooks; the state is
 * read after `start`.
 */
export function oauthWorld({ browser: withBrowser = false } = {}) {
  let t: TestApp;
  let base: string;
  let acme: AcmeApi;
  let browser: Browser;
  let cb: Awaited<ReturnType<typeof callbackServer>>;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let mail: Awaited<ReturnType<typeof startSmtpSink>>;

  /**
   * A person's session cookie. Verified by default (the operator's path), for tests about other things; the
   * verification itself is tested with `verified: false` and the emailed code.
   */
  const signUp = async (email: string, { password = 'correct horse battery', verified = true } = {}) => {
    const res = await t.post('/api/v1/auth/sign-up', null, { email, password, name: email.split('@')[0] });
    assert.equal(res.status, 201, res.text);
    if (verified) await t.verifyEmail(email);
    return `sb_session=${res.body.token}`;
  };
  const register = async (metadata: Record<string, unknown> = {}) => {
    const res = await fetch(`${base}/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Raw client',
        redirect_uris: [cb.url],
        token_endpoint_auth_method: 'none',
        ...metadata,
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const authorizeUrl = (clientId: string, challenge: string, extra: Record<string, string> = {}) =>
    `${base}/mcp/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: cb.url, code_challenge: challenge, code_challenge_method: 'S256', state: 's1', resource: server.mcpEndpoint, ...extra }).toString()}`;
  /** The authorize page driven over HTTP by a signed-in person: returns where Allow (or Deny) redirects. */
  const consent = async (url: string, cookie: string, action: 'allow' | 'deny' = 'allow') => {
    const page = await fetch(url, { headers: { cookie }, redirect: 'manual' });
    const html = await page.text();
    if (page.status !== 200) return { status: page.status, html, location: page.headers.get('location') };
    const res = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), csrf: hidden(html, 'csrf'), action }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      redirect: 'manual',
    });
    return { status: res.status, html, location: res.headers.get('location') };
  };
  const token = async (body: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/mcp/oauth/token`, {
      ...form(body),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers };
  };
  /** Code → tokens for a public client, the whole way. */
  const grant = async (clientId: string, cookie: string, extra: Record<string, string> = {}) => {
    const { verifier, challenge } = pkce();
    const c = await consent(authorizeUrl(clientId, challenge, extra), cookie);
    assert.equal(c.status, 303, c.html);
    const code = new URL(c.location!).searchParams.get('code')!;
    const res = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: cb.url,
      client_id: clientId,
      resource: extra.resource ?? server.mcpEndpoint,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as { access_token: string; refresh_token: string; scope: string; expires_in: number };
  };

  const start = async () => {
    mail = await startSmtpSink();
    ({ t, base } = await startHttpApp(mail.env));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
    acme.accounts.set('key-erin', 'Erin Co');
    cb = await callbackServer();
    if (withBrowser && !needs('chromium')) browser = await launchBrowser();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'acme', connectionStrategy: 'per_user' });
    assert.equal(
      (await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-1', email: 'Erin@Example.com' })).status,
      201,
    );
    await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'acme',
      externalId: 'erin-acme',
      displayName: 'Erin',
      secretText: 'key-erin',
      workspaceId: ws,
      endUserId: 'erin-1',
      scope: 'USER',
    });
    server = (await t.post('/api/v1/mcp/servers', key, { name: 'Erin’s tools', workspaceId: ws })).body.server;
  };
  const close = async () => {
    await browser?.close();
    await cb?.close();
    await acme?.close();
    await t?.close();
    await mail?.stop();
  };

  return {
    start,
    close,
    signUp,
    register,
    authorizeUrl,
    consent,
    token,
    grant,
    get t() {
      return t;
    },
    get base() {
      return base;
    },
    get browser() {
      return browser;
    },
    get cb() {
      return cb;
    },
    get key() {
      return key;
    },
    get ws() {
      return ws;
    },
    get server() {
      return server;
    },
    get mail() {
      return mail;
    },
  };
}

/** The callback server `oauthWorld` starts. */
export type CallbackServer = Awaited<ReturnType<typeof callbackServer>>;
/** The mail sink `oauthWorld` starts. */
export type MailSink = Awaited<ReturnType<typeof startSmtpSink>>;
