import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../test/harness.js';
import { launchBrowser } from '../../test/browser.js';
import { needs } from '../../test/system-binaries.js';
import { mcpClient, startHttpApp } from '../../test/mcp.js';
import { APP_EXTENSION_ID, APP_MIME_TYPE, RESULT_VIEW_URI } from './app/result-view.js';

/**
 * settings.mcpApp.enabled: the server offers the MCP Apps extension — a UI resource for tool results and tools
 * that point at it — spoken to by the official SDK client; the view itself runs in headless Chromium inside a
 * host page that speaks the extension's postMessage protocol.
 */
describe('MCP App (settings.mcpApp.enabled)', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  let browser: Browser;
  const clients: Client[] = [];

  const connect = async (url: string, token: string) => {
    const c = await mcpClient(url, token);
    clients.push(c);
    return c;
  };
  async function server(mode: 'TOOLS' | 'CODE', settings?: Record<string, unknown>) {
    const res = await t.post('/api/v1/mcp/servers', key, {
      name: `App ${mode}`,
      workspaceId: ws,
      mode,
      authMode: 'oauth_and_bearer',
      ...(settings ? { settings } : {}),
    });
    assert.equal(res.status, 201, res.text);
    const s = res.body.server as { id: string; mcpEndpoint: string; settings: { mcpApp: { enabled: boolean } } };
    const tok = await t.post(`/api/v1/mcp/servers/${s.id}/access-tokens`, key, { endUserId: 'ann' });
    assert.equal(tok.status, 201, tok.text);
    return { ...s, token: tok.body.accessToken as string };
  }

  before(async () => {
    ({ t } = await startHttpApp());
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    assert.equal(
      (await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode', enabledActions: ['hash'] }))
        .status,
      201,
    );
    assert.equal((await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'ann' })).status, 201);
    if (!needs('chromium')) browser = await launchBrowser();
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await browser?.close();
    await t.close();
  });

  it('is off by default: no resources capability, no UI metadata on tools', async () => {
    const s = await server('TOOLS');
    assert.equal(s.settings.mcpApp.enabled, false);
    const c = await connect(s.mcpEndpoint, s.token);
    assert.equal(c.getServerCapabilities()?.resources, undefined);
    await assert.rejects(c.listResources(), /Method not found/);
    const { tools } = await c.listTools();
    assert.ok(tools.length > 0);
    for (const tool of tools) assert.equal(tool._meta, undefined);
  });

  it('when enabled, advertises the extension, lists the result view and links every tool to it; PATCH turns it on', async () => {
    const s = await server('TOOLS');
    const on = await t.patch(`/api/v1/mcp/servers/${s.id}`, key, { settings: { mcpApp: { enabled: true } } });
    assert.equal(on.status, 200, on.text);
    assert.equal(on.body.server.settings.mcpApp.enabled, true);
    const c = await connect(s.mcpEndpoint, s.token);
    const caps = c.getServerCapabilities() as Record<string, any>;
    assert.ok(caps.resources, 'resources capability');
    assert.deepEqual(caps.extensions?.[APP_EXTENSION_ID], {});
    const { resources } = await c.listResources();
    assert.deepEqual(
      resources.map((r) => [r.uri, r.mimeType]),
      [[RESULT_VIEW_URI, APP_MIME_TYPE]],
    );
    const read = await c.readResource({ uri: RESULT_VIEW_URI });
    const [content] = read.contents as Array<{ uri: string; mimeType: string; text: string }>;
    assert.equal(content!.mimeType, APP_MIME_TYPE);
    assert.match(content!.text, /^<!doctype html>/);
    assert.match(content!.text, /ui\/initialize/);
    await assert.rejects(c.readResource({ uri: 'ui://switchboard/other.html' }), /Unknown resource/);
    const { tools } = await c.listTools();
    assert.ok(tools.length > 0);
    for (const tool of tools) assert.deepEqual((tool._meta as any)?.ui, { resourceUri: RESULT_VIEW_URI });

    const code = await server('CODE', { mcpApp: { enabled: true } });
    const cc = await connect(code.mcpEndpoint, code.token);
    const codeTools = (await cc.listTools()).tools;
    assert.deepEqual(
      codeTools.filter((tool) => (tool._meta as any)?.ui?.resourceUri === RESULT_VIEW_URI).map((tool) => tool.name),
      ['switchboard_execute'],
      'only the tool that runs code opens the view',
    );
  });

  it(
    'the view renders real results in a host page: the output, and an approval with a button that opens the review',
    { skip: needs('chromium') },
    async () => {
      const s = await server('TOOLS', { mcpApp: { enabled: true } });
      const c = await connect(s.mcpEndpoint, s.token);
      const html = ((await c.readResource({ uri: RESULT_VIEW_URI })).contents[0] as { text: string }).text;
      const done = await c.callTool({ name: 'hash_encode__hash', arguments: { text: 'hello', algorithm: 'sha256' } });
      assert.equal(done.isError, false);
      const policy = await t.post('/api/v1/approval-policies', key, {
        name: 'Review hashes',
        workspaceId: ws,
        riskMode: 'always',
        sources: ['mcp_tools'],
        integrationNames: ['hash-encode'],
      });
      assert.equal(policy.status, 201, policy.text);
      const paused = await c.callTool({ name: 'hash_encode__hash', arguments: { text: 'secret plan', algorithm: 'sha256' } });
      await t.delete(`/api/v1/approval-policies/${policy.body.policy.id}`, key);
      const approval = (paused.structuredContent as any).approval as {
        id: string;
        approvalUrl: string | null;
        hostedApprovalUrl: string | null;
      };
      assert.match(approval.id, /^apr_/);
      // The view opens the review page, which needs the reviewer's own sign-in; there is no bearer link (0092).
      assert.equal(approval.hostedApprovalUrl, null);
      const reviewUrl = approval.approvalUrl;
      assert.ok(reviewUrl);

      const page = await browser.newPage();
      try {
        // A minimal host: answers ui/initialize and ui/open-link, and sends tool results when asked.
        await page.setContent(`<!doctype html><html><body><iframe id="app" sandbox="allow-scripts" style="width:600px;height:400px"></iframe>
        <script>
          window.opened = []; window.initialized = false;
          const frame = document.getElementById('app');
          window.addEventListener('message', (e) => {
            const m = e.data;
            if (m.method === 'ui/initialize') frame.contentWindow.postMessage({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2026-01-26', hostInfo: { name: 'test-host', version: '1' }, hostCapabilities: { openLinks: {} }, hostContext: { theme: 'light' } } }, '*');
            if (m.method === 'ui/notifications/initialized') window.initialized = true;
            if (m.method === 'ui/open-link') { window.opened.push(m.params.url); frame.contentWindow.postMessage({ jsonrpc: '2.0', id: m.id, result: {} }, '*'); }
          });
          window.sendResult = (toolName, result) => frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { toolName, result } }, '*');
        </script></body></html>`);
        await page.evaluate((srcdoc) => ((globalThis as any).document.getElementById('app').srcdoc = srcdoc), html);
        await page.waitForFunction(() => (globalThis as any).initialized === true);
        const view = page.frameLocator('#app');

        await page.evaluate(([r]) => (globalThis as any).sendResult('hash_encode__hash', r), [done] as const);
        await view.getByText('done', { exact: true }).waitFor();
        const output = await view.locator('[data-field="output"]').textContent();
        assert.ok(output!.includes((done.structuredContent as any).hash), output!);

        await page.evaluate(([r]) => (globalThis as any).sendResult('hash_encode__hash', r), [paused] as const);
        await view.getByText('approval required').waitFor();
        assert.equal(await view.locator('[data-field="approval-id"]').textContent(), approval.id);
        assert.equal(await view.getByText('secret plan').count(), 0, 'the view shows the approval, not the input');
        assert.equal(await view.getByRole('button').count(), 1, 'one button: the review page');
        await view.getByRole('button').first().click();
        await page.waitForFunction(() => (globalThis as any).opened.length === 1);
        assert.deepEqual(await page.evaluate(() => (globalThis as any).opened), [reviewUrl]);

        await page.evaluate(() =>
          (globalThis as any).sendResult('hash_encode__hash', {
            isError: true,
            content: [{ type: 'text', text: 'The action failed: boom' }],
          }),
        );
        await view.getByText('failed', { exact: true }).waitFor();
        assert.match((await view.locator('[data-field="error"]').textContent())!, /boom/);
      } finally {
        await page.close();
      }
    },
  );
});
