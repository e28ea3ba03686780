import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { PAGE_SECURITY_HEADERS } from './page-headers.js';

/** Pages that must exist and be walked (so the walk below cannot pass by finding no HTML at all). */
const KNOWN_PAGES = [
  'GET /docs',
  'GET /approvals',
  'GET /approvals/:id',
  'GET /approve/:id',
  'GET /auth/reset-password',
  'GET /mcp/oauth/authorize',
  'GET /connect',
  'GET /connect/portal',
  'GET /api/v1/connect/oauth-callback',
];

/** Fills a route's parameters with plausible values, so the request reaches the handler. */
const fill = (url: string) =>
  url
    .replace(':id', 'apr_headers0test')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace('*', 'index.html');

describe('every HTML answer carries the security headers (issue 17 item 8)', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t?.close());

  it('walks every GET and POST route of the app and checks each HTML answer', async () => {
    const routes = t.app.routeList.filter((r) => r.method === 'GET' || r.method === 'POST');
    const html = new Set<string>();
    const missing: string[] = [];
    for (const { method, url } of routes) {
      if (url.startsWith('/mcp/srv_')) continue; // JSON-RPC, never HTML
      const res = await t.app.inject({
        method: method as 'GET',
        url: fill(url),
        ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' } : {}),
      });
      if (!String(res.headers['content-type'] ?? '').startsWith('text/html')) continue;
      html.add(`${method} ${url}`);
      for (const name of Object.keys(PAGE_SECURITY_HEADERS)) {
        if (!res.headers[name]) missing.push(`${method} ${url} (${res.statusCode}): ${name}`);
      }
      const csp = String(res.headers['content-security-policy'] ?? '');
      if (!/frame-ancestors 'none'/.test(csp)) missing.push(`${method} ${url}: frame-ancestors 'none'`);
    }
    assert.deepEqual(missing, []);
    for (const page of KNOWN_PAGES) assert.ok(html.has(page), `${page} answered HTML (found: ${[...html].join(', ')})`);
  });
});
