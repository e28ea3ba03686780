import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineAction, defineIntegration } from '../../integrations/framework.js';
import { startApp, type TestApp } from '../../../test/harness.js';

/** A 1×1 PNG (the smallest valid one), as an operator's logo file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const SAFE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>MySQL</title><circle cx="5" cy="5" r="4" fill="#00758f"/></svg>';

describe('integration logos are served by the service', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
    const logos = path.join(t.config.dataDir, 'logos');
    await mkdir(logos, { recursive: true });
    await writeFile(path.join(logos, 'slack.png'), PNG);
    await writeFile(path.join(logos, 'mysql.svg'), SAFE_SVG);
    await writeFile(path.join(logos, 'notion.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await writeFile(path.join(logos, 'gmail.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)"/></svg>');
    await writeFile(path.join(logos, 'stripe.png'), '<html><script>alert(1)</script></html>');
    await writeFile(path.join(t.config.dataDir, 'secret.svg'), SAFE_SVG.replace('MySQL', 'outside the logos directory'));
    t.app.services.registry.register(
      defineIntegration({
        name: 'evil-name',
        displayName: '<script>alert("x")</script> & Co',
        description: 'A display name that tries to break out of the SVG',
        logoUrl: '',
        categories: ['test'],
        runtime: 'builtin',
        version: '1.0.0',
        auth: [],
        actions: [defineAction({ name: 'noop', displayName: 'No-op', description: 'x', props: {}, run: async () => null })],
      }),
    );
  });
  after(async () => t.close());

  const logoPath = (name: string) => `/api/v1/integrations/${name}/logo`;

  it('the catalog points every logoUrl at the service, never at a third-party CDN', async () => {
    const res = await t.get('/api/v1/integrations');
    assert.doesNotMatch(res.text, /cdn\.activepieces\.com/);
    for (const i of res.body.integrations as Array<{ name: string; logoUrl: string }>)
      assert.equal(i.logoUrl, `http://switchboard.test${logoPath(i.name)}`);
    const summary = await t.get('/api/v1/integrations?summary=true&name=slack');
    assert.equal(summary.body.integration.logoUrl, 'http://switchboard.test/api/v1/integrations/slack/logo');
  });

  it('serves a generic monogram for every integration without a logo file: SVG, cacheable, no script', async () => {
    const names = t.app.services.registry.names();
    assert.ok(names.length > 80);
    for (const name of names.filter((n) => !['slack', 'mysql'].includes(n))) {
      const res = await t.get(logoPath(name));
      assert.equal(res.status, 200, name);
      assert.equal(res.headers['content-type'], 'image/svg+xml');
      assert.match(String(res.headers['cache-control']), /^public, max-age=\d+/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'.*sandbox/);
      assert.match(res.text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.doesNotMatch(res.text, /<script|\son\w+=|javascript:|href=/i, name);
    }
    const hash = await t.get(logoPath('hash-encode'));
    assert.match(hash.text, /aria-label="Hash &amp; Encode"/);
    assert.match(hash.text, />HE<\/text>/);
    assert.equal((await t.get(logoPath('hash-encode'))).text, hash.text, 'the same every time');
    assert.notEqual(
      (await t.get(logoPath('datetime'))).text.match(/fill="([^"]+)"/)?.[1],
      hash.text.match(/fill="([^"]+)"/)?.[1],
    );
  });

  it('serves an operator-provided file byte for byte, with its content type and an ETag that answers 304', async () => {
    const png = await t.app.inject({ method: 'GET', url: logoPath('slack') });
    assert.equal(png.statusCode, 200);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.ok(png.rawPayload.equals(PNG), 'the exact bytes of the file');
    const etag = String(png.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: logoPath('slack'), headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    const svg = await t.get(logoPath('mysql'));
    assert.equal(svg.headers['content-type'], 'image/svg+xml');
    assert.equal(svg.text, SAFE_SVG);
  });

  it('refuses unsafe files (scripts, event handlers, a PNG that is not one) and serves the monogram instead', async () => {
    for (const name of ['notion', 'gmail']) {
      const res = await t.get(logoPath(name));
      assert.equal(res.status, 200);
      assert.doesNotMatch(res.text, /alert|<script|onload/, name);
      assert.match(res.text, /<text /, `${name}: the generated monogram`);
    }
    const fake = await t.get(logoPath('stripe'));
    assert.equal(fake.headers['content-type'], 'image/svg+xml');
    assert.doesNotMatch(fake.text, /<html|alert/);
  });

  it('escapes display names and cannot be walked out of the logos directory', async () => {
    const evil = await t.get(logoPath('evil-name'));
    assert.equal(evil.status, 200);
    assert.doesNotMatch(evil.text, /<script|alert\("x"\)/);
    assert.match(evil.text, /aria-label="&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; Co"/);
    for (const url of [
      logoPath('..%2Fsecret'),
      logoPath('..%2F..%2Fetc%2Fpasswd'),
      logoPath('%2e%2e'),
      logoPath('secret'),
      '/api/v1/integrations/../secret/logo',
    ]) {
      const res = await t.get(url);
      assert.ok([400, 404].includes(res.status), `${url}: ${res.status}`);
      assert.doesNotMatch(res.text, /outside the logos directory/);
    }
    const missing = await t.get(logoPath('nope'));
    assert.deepEqual([missing.status, missing.body.error], [404, 'INTEGRATION_NOT_FOUND']);
  });

  it('earlier /static/integrations/<name>.svg addresses move to the service URL', async () => {
    const res = await t.get('/static/integrations/hash-encode.svg');
    assert.equal(res.status, 301);
    assert.equal(res.headers.location, logoPath('hash-encode'));
    assert.equal((await t.get('/static/integrations/nope.svg')).status, 404);
  });

  it('the hosted pages allow images from the service only', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'mysql',
      connectionName: 'Logo check',
      externalId: 'logo-check',
      workspaceId: ws,
    });
    const page = await t.get(`/connect?token=${created.body.token}`);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /img-src 'self'(;|$)/);
    assert.match(page.text, /<img class="logo" src="\/api\/v1\/integrations\/mysql\/logo"/);
  });
});
