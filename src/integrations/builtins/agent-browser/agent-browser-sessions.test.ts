// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { EgressGuard } from '../../../platform/egress.js';
import { SelfEndpoints } from '../../../platform/self-endpoints.js';
import { ActionError, ActionInputError } from '../../framework.js';
import { runAction } from '../../run.js';
import { agentBrowser, agentBrowserStealth } from './agent-browser.js';
import { BrowserSessions } from './sessions.js';
import { needs } from '../../../../test/system-binaries.js';
import { agentBrowserWorld } from './agent-browser.fixtures.js';

describe('agent-browser built-ins: profiles, egress, session limits and stealth', { skip: needs('chromium') }, () => {
  let base: string;
  let other: string;
  let dataDir: string;
  let browsers: BrowserSessions;
  const world = agentBrowserWorld();
  const { guard, workspaceId, scope, call } = world;

  before(async () => {
    await world.start();
    ({ base, other, dataDir, browsers } = world);
  });
  after(async () => world.close());

  it('keeps one profile per scope: cookies and storage survive a restart and stay apart from other scopes', async () => {
    const a = scope('end-user-a');
    const b = scope('end-user-b');
    await call(a, 'navigate', { url: `${base}/remember` });
    assert.deepEqual(await call(a, 'end_session'), { ended: true });
    await call(a, 'start_session');
    assert.match((await call(a, 'navigate', { url: `${base}/cookies` })).title, /Cookies/);
    assert.equal((await call(a, 'read_text', { target: '#c' })).text, 'cookie=[persist=yes]');
    assert.equal((await call(a, 'evaluate', { function: "() => localStorage.getItem('k')" })).result, 'kept');

    await call(b, 'navigate', { url: `${base}/cookies` });
    assert.equal((await call(b, 'read_text', { target: '#c' })).text, 'cookie=[]', 'another scope has its own profile');
    assert.equal((await call(b, 'evaluate', { function: "() => localStorage.getItem('k')" })).result, null);
    assert.equal((await readdir(path.join(dataDir, 'browser-profiles', workspaceId, 'end_user'))).length >= 2, true);
    await call(a, 'end_session');
    await call(b, 'end_session');
  });

  it('refuses hosts outside allowedHosts and private addresses, and keeps allowedHosts for later sessions', async () => {
    const a = scope();
    await assert.rejects(
      call(a, 'navigate', { url: 'http://169.254.169.254/latest/meta-data/' }),
      (e: unknown) => e instanceof ActionError && /may not open .*private, loopback, link-local or metadata/.test(e.message),
    );
    await assert.rejects(
      call(a, 'navigate', { url: `${base}/to-private` }),
      (e: unknown) => e instanceof ActionError && /was blocked: .*169\.254\.169\.254/.test(e.message),
    );
    await assert.rejects(
      call(a, 'navigate', { url: 'file:///etc/passwd' }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'url',
    );

    await call(a, 'start_session', { allowedHosts: ['127.0.0.1'] });
    await assert.rejects(
      call(a, 'navigate', { url: `${other}/second` }),
      (e: unknown) => e instanceof ActionError && /127\.0\.0\.2 is not in this session's allowedHosts/.test(e.message),
    );
    const mixed = await call(a, 'navigate', { url: `${base}/mixed` });
    assert.equal(mixed.title, 'Mixed');
    assert.ok(
      mixed.blocked?.some((b: any) => b.url.startsWith(other) && /allowedHosts/.test(b.reason)),
      JSON.stringify(mixed.blocked),
    );
    assert.deepEqual((await call(a, 'session_status')).allowedHosts, ['127.0.0.1']);

    await call(a, 'end_session');
    await assert.rejects(
      call(a, 'navigate', { url: `${other}/second` }),
      /allowedHosts/,
      'a session launched later keeps the saved allowedHosts',
    );
    await call(a, 'start_session');
    assert.equal(
      (await call(a, 'navigate', { url: `${other}/second` })).title,
      'Second',
      'start_session without allowedHosts allows any host again',
    );
    await call(a, 'end_session');
  });

  it('never opens this Switchboard service (0092): its decision paths anywhere, its own address at all, redirects included', async () => {
    // As if 127.0.0.2:<port> were this service's public URL.
    const self = new SelfEndpoints({ publicUrl: other, port: 1, host: '127.0.0.1' });
    const own = new EgressGuard(['127.0.0.0/8'], self);
    const go = (url: string) =>
      runAction(agentBrowser.actions.navigate!, { url }, { resources: { browsers }, scope: a, egress: own }) as Promise<any>;
    const a = scope();
    try {
      await assert.rejects(go(`${other}/second`), /may not open .*is this Switchboard service/);
      await assert.rejects(go(`${base}/approve/apr_1?token=apl_x`), /may not open .*approval decisions are made by people/);
      await assert.rejects(go(`${base}/to-other`), /was blocked: .*is this Switchboard service/);
      assert.equal((await go(`${base}/second`)).title, 'Second', 'other addresses still open');
      await call(a, 'end_session');
    } finally {
      await own.close();
    }
  });

  it('closes the least recently used idle session past maxSessions, and idle sessions on their own', async () => {
    // maxSessions is 2 here (agentBrowserWorld): the third session makes room.
    const scopes = Array.from({ length: 3 }, () => scope());
    for (const s of scopes) await call(s, 'start_session');
    assert.equal(browsers.size, 2);
    assert.equal((await call(scopes[0]!, 'session_status')).active, false, 'the oldest idle session made room');
    assert.equal((await call(scopes[1]!, 'session_status')).active, true);
    assert.equal((await call(scopes[2]!, 'session_status')).active, true);
    for (const s of scopes) await call(s, 'end_session');
    assert.equal(browsers.size, 0);

    const quick = new BrowserSessions({ dataDir, idleMs: 50 });
    try {
      const s = scope();
      const run = (action: string) =>
        runAction(agentBrowser.actions[action]!, {}, { resources: { browsers: quick }, scope: s, egress: guard }) as Promise<any>;
      await run('start_session');
      // Polls for the idle close; no assertion on how long it took.
      for (let i = 0; i < 200 && quick.size > 0; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(quick.size, 0);
      assert.equal((await run('session_status')).active, false);
    } finally {
      await quick.close();
    }
  });

  it('hides navigator.webdriver in the stealth variant only', async () => {
    const plain = scope();
    const stealthy = scope();
    const probe = '() => ({ webdriver: navigator.webdriver, ua: navigator.userAgent, plugins: navigator.plugins.length })';
    await call(plain, 'navigate', { url: `${base}/second` });
    assert.equal((await call(plain, 'evaluate', { function: probe })).result.webdriver, true);

    assert.equal((await call(stealthy, 'start_session', {}, agentBrowserStealth)).variant, 'stealth');
    await call(stealthy, 'navigate', { url: `${base}/second` }, agentBrowserStealth);
    const seen = (await call(stealthy, 'evaluate', { function: probe }, agentBrowserStealth)).result;
    assert.equal(seen.webdriver, false);
    assert.doesNotMatch(seen.ua, /Headless/);
    assert.ok(seen.plugins > 0);
    await assert.rejects(
      call(stealthy, 'current_page'),
      (e: unknown) => e instanceof ActionError && /stealth variant/.test(e.message),
    );
    await call(plain, 'end_session');
    await call(stealthy, 'end_session', {}, agentBrowserStealth);
  });
});
