import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApp, type TestApp } from '../../../test/harness.js';
import { builtDashboard } from '../../../test/dashboard/build.js';
import { DASHBOARD_CSP } from './dashboard.routes.js';

/** How the service serves the built dashboard: the app's routes, its files, and a clear page when it is not built. */
describe('dashboard files', () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    dir = await builtDashboard();
    t = await startApp({ SWITCHBOARD_DASHBOARD_DIR: dir });
  });
  after(() => t?.close());

  it('answers every route of the app with index.html under a CSP without inline code, never cached', async () => {
    for (const url of ['/', '/sign-in', '/sign-up', '/verify-email', '/organizations', '/o/x', '/o/x/w/y/playground?alias=a']) {
      const r = await t.request('GET', url);
      assert.equal(r.status, 200, url);
      assert.match(String(r.headers['content-type']), /^text\/html/);
      assert.equal(r.headers['content-security-policy'], DASHBOARD_CSP, url);
      assert.equal(r.headers['cache-control'], 'no-cache');
      assert.equal(r.headers['x-frame-options'], 'DENY');
      assert.match(r.text, /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      // Nothing inline: every script and style comes from /assets.
      assert.doesNotMatch(r.text, /<script(?![^>]*\bsrc=)[^>]*>/);
      assert.doesNotMatch(r.text, /<style|style="/);
    }
    assert.doesNotMatch(DASHBOARD_CSP, /unsafe-inline|unsafe-eval|https?:/);
  });

  it('serves the built files with a year of caching, and nothing else', async () => {
    const assets = await readdir(path.join(dir, 'assets'));
    assert.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')));
    for (const a of assets) {
      const r = await t.request('GET', `/assets/${a}`);
      assert.equal(r.status, 200, a);
      assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(String(r.headers['content-type']), a.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
    for (const url of ['/assets/nope.js', '/assets/..%2F..%2Fpackage.json', '/assets/%2e%2e%2findex.html']) {
      const r = await t.request('GET', url);
      assert.equal(r.status, 404, url);
      assert.equal(r.body.error, 'NOT_FOUND');
    }
    assert.equal((await t.request('GET', '/favicon.svg')).status, 200);
    // The API keeps its JSON 404 for paths that are neither the app's nor the API's.
    assert.equal((await t.request('GET', '/nowhere')).body.error, 'NOT_FOUND');
  });

  it('says how to build it when it is not built, and serves the API meanwhile', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'sb-no-dashboard-'));
    const bare = await startApp({ SWITCHBOARD_DASHBOARD_DIR: empty });
    try {
      const r = await bare.request('GET', '/');
      assert.equal(r.status, 503);
      assert.match(r.text, /npm run build/);
      assert.equal(r.headers['content-security-policy'], DASHBOARD_CSP);
      assert.equal((await bare.request('GET', '/healthz')).status, 200);
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
