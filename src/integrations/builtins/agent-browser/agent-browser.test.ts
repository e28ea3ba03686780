// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ActionError, ActionInputError } from '../../framework.js';
import { runAction } from '../../run.js';
import { agentBrowser, agentBrowserStealth } from './agent-browser.js';
import type { BrowserSessions } from './sessions.js';
import { needs } from '../../../../test/system-binaries.js';
import { agentBrowserWorld } from './agent-browser.fixtures.js';

describe('agent-browser built-ins', { skip: needs('chromium') }, () => {
  let base: string;
  let browsers: BrowserSessions;
  const world = agentBrowserWorld();
  const { guard, scope, call, refOf } = world;

  before(async () => {
    await world.start();
    ({ base, browsers } = world);
  });
  after(async () => world.close());

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
});
