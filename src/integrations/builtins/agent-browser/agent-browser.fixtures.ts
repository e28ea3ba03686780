/**
 * Shared set-up of the agent-browser tests (agent-browser*.test.ts): pages served on two loopback addresses, a
 * browser session pool in a scratch data directory, an egress guard allowing loopback, and a helper that runs an
 * action as a scope.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EgressGuard } from '../../../platform/egress.js';
import type { IntegrationDefinition, StateScope } from '../../framework.js';
import { runAction } from '../../run.js';
import { agentBrowser } from './agent-browser.js';
import { BrowserSessions } from './sessions.js';

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

/**
 * `start` and `close` belong in the test file's before and after hooks; `base` (127.0.0.1), `other` (127.0.0.2),
 * `dataDir` and `browsers` are read after `start`.
 */
export function agentBrowserWorld() {
  const servers: nodeHttp.Server[] = [];
  let base: string;
  let other: string;
  let dataDir: string;
  let browsers: BrowserSessions;
  // Tests serve pages on loopback, so the guard allows 127.0.0.0/8 and nothing else that is private.
  const guard = new EgressGuard(['127.0.0.0/8']);
  const workspaceId = randomUUID();
  const scope = (id: string = randomUUID()): StateScope => ({ kind: 'end_user', orgId: randomUUID(), workspaceId, id });

  const start = async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-browser-'));
    browsers = new BrowserSessions({ dataDir, idleMs: 60_000, maxSessions: 2 });
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
  };

  const close = async () => {
    await browsers.close();
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
    await guard.close();
    await rm(dataDir, { recursive: true, force: true });
  };

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

  return {
    start,
    close,
    guard,
    workspaceId,
    scope,
    call,
    refOf,
    get base() {
      return base;
    },
    get other() {
      return other;
    },
    get dataDir() {
      return dataDir;
    },
    get browsers() {
      return browsers;
    },
  };
}
