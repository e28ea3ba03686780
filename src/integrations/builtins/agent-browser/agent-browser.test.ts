import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EgressGuard } from '../../../platform/egress.js';
import { SelfEndpoints } from '../../../platform/self-endpoints.js';
import { ActionError, ActionInputError, type IntegrationDefinition, type StateScope } from '../../framework.js';
import { runAction } from '../../run.js';
import { agentBrowser, agentBrowserStealth } from './agent-browser.js';
import { BrowserSessions } from './sessions.js';
import { needs } from '../../../../test/system-binaries.js';

const HOME = `<!doctype html><title>Home</title>
<h1>Test form</h1>
<label for="name">Name</label><input id="name">
<label for="color">Color</label><select id="color"><option value="r">Red</option><option value="g">Green</option></select>
<label><input type="checkbox" id="agree"> Agree</label>
<textarea aria-label="Notes" id="notes"></textarea>
<button id="show" onclick="out.textContent = [document.getElementById('name').value, color.value, agree.checked, notes.value].join('|')">Show</button>
<button id="ask" onclick="out.textContent = 'hello ' + prompt('Your name?', 'x')">Ask</button>
<input type="file" id="file" onchange="out.textContent = this.files[0].name + ':' + this.files[0].size">
<a href="/second">Second page</a>
<p id="out"></p>`;

const page = (title: string, body = '') => `<!doctype html><title>${title}</title><body>${body}</body>`;

describe('agent-browser built-ins', { skip: needs('chromium') }, () => {
  const servers: nodeHttp.Server[] = [];
  let base: string;
  let other: string;
  let dataDir: string;
  let browsers: BrowserSessions;
  // Tests serve pages on loopback, so the guard allows 127.0.0.0/8 and nothing else that is private.
  const guard = new EgressGuard(['127.0.0.0/8']);
  const workspaceId = randomUUID();
  const scope = (id: string = randomUUID()): StateScope => ({ kind: 'end_user', orgId: randomUUID(), workspaceId, id });

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-browser-'));
    browsers = new BrowserSessions({ dataDir, idleMs: 60_000, maxSessions: 4 });
    const handler: nodeHttp.RequestListener = (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const html = (body: string, headers: Record<string, string> = {}) =>
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
      if (url.pathname === '/') return html(HOME);
      if (url.pathname === '/second') return html(page('Second', '<p>second page</p>'));
      if (url.pathname === '/remember') {
        return html(page('Remember', `<script>localStorage.setItem('k', 'kept')</script>`), {
          'set-cookie': 'persist=yes; Max-Age=3600; Path=/',
        });
      }
      if (url.pathname === '/cookies') return html(page('Cookies', `<pre id="c">cookie=[${req.headers.cookie ?? ''}]</pre>`));
      if (url.pathname === '/mixed') return html(page('Mixed', `<p>mixed</p><img src="${other}/pixel.png">`));
      if (url.pathname === '/to-other') return void res.writeHead(302, { location: `${other}/second` }).end();
      if (url.pathname === '/to-private')
        return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      res.writeHead(404).end();
    };
    for (const host of ['127.0.0.1', '127.0.0.2']) {
      const server = nodeHttp.createServer(handler);
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, host, r));
    }
    base = `http://127.0.0.1:${(servers[0]!.address() as AddressInfo).port}`;
    other = `http://127.0.0.2:${(servers[1]!.address() as AddressInfo).port}`;
  });

  after(async () => {
    await browsers.close();
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
    await guard.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (
    s: StateScope | null,
    action: string,
    input: Record<string, unknown> = {},
    def: IntegrationDefinition = agentBrowser,
  ) => runAction(def.actions[action]!, input, { resources: { browsers }, scope: s, egress: guard }) as Promise<any>;
  const refOf = (tree: string, re: RegExp) => {
    const m = re.exec(tree);
    assert.ok(m?.[1], `no ${String(re)} in\n${tree}`);
    return m[1];
  };

  it('defines the same actions, with metadata, in both variants', () => {
    const names = Object.keys(agentBrowser.actions);
    assert.deepEqual(names, Object.keys(agentBrowserStealth.actions));
    for (const n of [
      'start_session',
      'end_session',
      'session_status',
      'navigate',
      'snapshot',
      'click',
      'fill_form',
      'tabs',
      'screenshot',
      'run_steps',
    ])
      assert.ok(names.includes(n), n);
    for (const a of Object.values(agentBrowser.actions)) assert.ok(a.displayName && a.description && a.outputSchema, a.name);
    assert.notEqual(agentBrowser.actions.navigate, agentBrowserStealth.actions.navigate);
  });

  it('needs the browser runtime and a persistence scope', async () => {
    await assert.rejects(
      runAction(agentBrowser.actions.navigate!, { url: base }, { scope: scope(), egress: guard }),
      (e: unknown) => e instanceof ActionError && /not available/.test(e.message),
    );
    await assert.rejects(
      call(null, 'navigate', { url: base }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'endUserId' && /workspace/.test(e.message),
    );
    await assert.rejects(
      call(scope(), 'start_session', { allowedHosts: ['https://x.com/path'] }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'allowedHosts[0]',
    );
    await assert.rejects(
      call(scope(), 'start_session', { headless: false }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'headless',
    );
    assert.equal(browsers.size, 0, 'no browser was launched by refused calls');
  });

  it('navigates, snapshots and drives a page by refs', async () => {
    const a = scope();
    assert.deepEqual((await call(a, 'session_status')).active, false);
    const started = await call(a, 'start_session');
    assert.deepEqual(
      { started: started.started, variant: started.variant, allowedHosts: started.allowedHosts },
      { started: true, variant: 'plain', allowedHosts: null },
    );
    assert.equal((await call(a, 'start_session')).started, false, 'the open session is reused');

    const nav = await call(a, 'navigate', { url: `${base}/` });
    assert.deepEqual({ title: nav.title, status: nav.status }, { title: 'Home', status: 200 });
    const snap = await call(a, 'snapshot');
    assert.match(snap.tree, /heading "Test form" \[ref=e\d+\] \[level=1\]/);
    const name = refOf(snap.tree, /textbox "Name" \[ref=(e\d+)\]/);
    const color = refOf(snap.tree, /combobox "Color" \[ref=(e\d+)\]/);
    const agree = refOf(snap.tree, /checkbox "Agree" \[ref=(e\d+)\]/);
    const show = refOf(snap.tree, /button "Show" \[ref=(e\d+)\]/);

    await call(a, 'type', { target: name, text: 'Ada' });
    assert.deepEqual((await call(a, 'select_option', { target: color, values: ['Green'] })).selected, ['g']);
    await call(a, 'click', { target: agree });
    await call(a, 'fill_form', { fields: [{ target: '#notes', value: 'hi there' }] });
    await call(a, 'click', { target: show });
    assert.equal((await call(a, 'read_text', { target: '#out' })).text, 'Ada|g|true|hi there');
    assert.match(
      (await call(a, 'snapshot')).tree,
      new RegExp(`textbox "Name" \\[ref=${name}\\] value="Ada"`),
      'refs survive a new snapshot',
    );

    await call(a, 'fill_form', {
      fields: [
        { target: name, value: 'Grace' },
        { target: color, value: 'r' },
        { target: agree, value: false },
      ],
    });
    await call(a, 'click', { target: '#show' });
    assert.equal((await call(a, 'read_text', { target: '#out' })).text, 'Grace|r|false|hi there');

    await call(a, 'file_upload', {
      target: '#file',
      files: [{ name: 'a.txt', content: Buffer.from('hello').toString('base64'), mimeType: 'text/plain' }],
    });
    assert.equal((await call(a, 'read_text', { target: '#out' })).text, 'a.txt:5');

    assert.deepEqual((await call(a, 'evaluate', { function: '() => ({ t: document.title, n: 1 + 1 })' })).result, {
      t: 'Home',
      n: 2,
    });
    assert.equal((await call(a, 'evaluate', { function: '(el) => el.value', target: name })).result, 'Grace');
    assert.match((await call(a, 'read_html', { target: '#color' })).html, /^<select id="color">/);

    const shot = await call(a, 'screenshot');
    assert.equal(shot.mimeType, 'image/png');
    assert.deepEqual([...Buffer.from(shot.data, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    const jpeg = await call(a, 'screenshot', { quality: 40 });
    assert.equal(jpeg.mimeType, 'image/jpeg');
    assert.deepEqual([...Buffer.from(jpeg.data, 'base64').subarray(0, 2)], [0xff, 0xd8]);

    await call(a, 'click', { target: 'text=Second page' });
    assert.equal((await call(a, 'current_page')).title, 'Second');
    const back = await call(a, 'navigate_back');
    assert.deepEqual({ title: back.title, navigated: back.navigated }, { title: 'Home', navigated: true });

    await assert.rejects(
      call(a, 'click', { target: 'e99999' }),
      (e: unknown) => e instanceof ActionError && /take a new snapshot/.test(e.message),
    );
    await assert.rejects(call(a, 'click', {}), (e: unknown) => e instanceof ActionInputError && e.field === 'target');
    await assert.rejects(
      call(a, 'wait_for', { text: 'never shown', timeout: 0.5 }),
      (e: unknown) => e instanceof ActionError && /did not appear/.test(e.message),
    );
    assert.equal((await call(a, 'wait_for', { text: 'Test form' })).waited, 'text');

    assert.deepEqual(await call(a, 'end_session'), { ended: true });
    assert.deepEqual(await call(a, 'end_session'), { ended: false });
  });

  it('answers dialogs and manages tabs', async () => {
    const a = scope();
    await call(a, 'navigate', { url: `${base}/` });
    const clicked = await call(a, 'click', { target: '#ask' });
    assert.deepEqual(clicked.dialog, { type: 'prompt', message: 'Your name?' });
    await assert.rejects(
      call(a, 'snapshot'),
      (e: unknown) => e instanceof ActionError && /prompt dialog is open/.test(e.message),
    );
    assert.deepEqual((await call(a, 'session_status')).dialog, { type: 'prompt', message: 'Your name?' });
    const handled = await call(a, 'handle_dialog', { accept: true, promptText: 'Ada' });
    assert.deepEqual(handled.handled, { type: 'prompt', message: 'Your name?', accepted: true });
    assert.equal((await call(a, 'read_text', { target: '#out' })).text, 'hello Ada');
    await assert.rejects(call(a, 'handle_dialog', {}), (e: unknown) => e instanceof ActionError && /No dialog/.test(e.message));

    const opened = await call(a, 'tabs', { action: 'new', url: `${base}/second` });
    assert.deepEqual({ n: opened.tabs.length, active: opened.active, title: opened.title }, { n: 2, active: 1, title: 'Second' });
    assert.equal((await call(a, 'current_page')).title, 'Second');
    assert.equal((await call(a, 'tabs', { action: 'select', index: 0 })).title, 'Home');
    const closed = await call(a, 'tabs', { action: 'close', index: 1 });
    assert.deepEqual(
      closed.tabs.map((t: any) => t.title),
      ['Home'],
    );
    await assert.rejects(
      call(a, 'tabs', { action: 'select', index: 5 }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'index',
    );
    await call(a, 'end_session');
  });

  it('runs several steps in one call and reports the failing step', async () => {
    const a = scope();
    const out = await call(a, 'run_steps', {
      steps: [
        { op: 'navigate', params: { url: `${base}/` } },
        { op: 'type', params: { target: '#name', text: 'Bob' } },
        { op: 'click', params: { target: '#show' } },
        { op: 'read_text', params: { target: '#out' } },
      ],
    });
    assert.deepEqual({ completed: out.completed, failed: out.failed }, { completed: 4, failed: 0 });
    assert.equal(out.results[3].output.text, 'Bob|r|false|');

    await assert.rejects(
      call(a, 'run_steps', {
        steps: [{ op: 'current_page' }, { op: 'click', params: { target: 'e99999' } }, { op: 'snapshot' }],
      }),
      (e: unknown) =>
        e instanceof ActionError && /^Step 2 \(click\) failed/.test(e.message) && (e.detail as any).results.length === 2,
    );
    const lenient = await call(a, 'run_steps', {
      steps: [{ op: 'click', params: { target: 'e99999' } }, { op: 'current_page' }],
      stopOnError: false,
    });
    assert.deepEqual(
      lenient.results.map((r: any) => r.ok),
      [false, true],
    );
    await assert.rejects(
      call(a, 'run_steps', { steps: [{ op: 'current_page' }, { op: 'end_session' }] }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'steps[1].op',
    );
    await assert.rejects(
      call(a, 'run_steps', { steps: [{ op: 'click', params: [] }] }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'steps[0].params',
    );
    await assert.rejects(
      call(a, 'run_steps', { steps: [{ op: 'navigate' }] }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'steps[0].params.url',
    );
    await call(a, 'end_session');
  });

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
    const scopes = Array.from({ length: 5 }, () => scope());
    for (const s of scopes) await call(s, 'start_session');
    assert.equal(browsers.size, 4);
    assert.equal((await call(scopes[0]!, 'session_status')).active, false, 'the oldest idle session made room');
    assert.equal((await call(scopes[4]!, 'session_status')).active, true);
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
