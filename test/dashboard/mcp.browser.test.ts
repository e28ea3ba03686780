import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type TestApp } from '../harness.js';
import { mcpClient, rpc } from '../mcp.js';
import { eventually } from '../receiver.js';
import { needs } from '../system-binaries.js';
import { startDashboard, type DashboardWorld } from './browser-world.js';

/**
 * The MCP server pages in headless Chromium: a TOOLS server with bearer auth made on the page, a tool switched on and
 * customized, an end user's token issued (shown once) and used by the official MCP SDK client, the tool switched off
 * and the token revoked from the page; a CODE server whose run shows with its steps and logs. Each page is checked
 * with axe-core and written as a screenshot at 1280 and 390 px.
 */
describe('dashboard MCP servers', { skip: needs('chromium') }, () => {
  let dash: DashboardWorld;
  let t: TestApp;
  let base: string;
  let orgId: string;
  let key: string;
  let ws: { id: string };
  let token: string;
  let toolsServer = '';
  let codeServer = '';
  const owner = { name: 'Mo Mcp', email: `mo-${Date.now()}@example.com`, password: 'mo-password-1' };

  before(async () => {
    dash = await startDashboard();
    ({ t, base } = dash);
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'MCP Org', plan: 'team', owner });
    orgId = org.body.organization.id;
    key = org.body.plainKey;
    ws = await t.workspace(key);
    // Hash & Encode needs no connection; its "hash" action starts switched off.
    const wi = await t.post(`/api/v1/workspaces/${ws.id}/integrations`, key, {
      integrationName: 'hash-encode',
      enabledActions: ['encode'],
    });
    assert.equal(wi.status, 201, wi.text);
    assert.equal((await t.post('/api/v1/end-users', key, { workspaceId: ws.id, externalId: 'alice' })).status, 201);
    token = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
  });
  after(async () => {
    await dash?.close();
  });

  const signedIn = (width: number) => dash.signedIn(token, width, { clipboard: true });
  const check = (page: Page, name: string) => dash.check(page, name);
  const toolNames = async (client: Awaited<ReturnType<typeof mcpClient>>) => (await client.listTools()).tools.map((x) => x.name);

  it('creates a bearer server, switches a tool on and customizes it, issues a token the MCP client uses, then switches off and revokes', async () => {
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/mcp`);
      await page.getByRole('heading', { name: 'No MCP servers yet' }).waitFor();
      await check(page, 'mcp-servers-empty');
      await page.getByRole('button', { name: 'New MCP server' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Agent tools');
      await dialog.getByLabel('Description').fill('Hashing for the support agent');
      await dialog.getByLabel('Authentication').selectOption('bearer');
      await dialog.getByRole('button', { name: 'Create server' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const staticToken = await page.getByLabel('Bearer token of Agent tools').inputValue();
      assert.match(staticToken, /^mcp_/);
      await check(page, 'mcp-servers');
      const [stored] = await t.db.query<{ id: string; auth_mode: string; mode: string }>(
        'SELECT id, auth_mode, mode FROM mcp_servers WHERE org_id = $1',
        [orgId],
      );
      assert.deepEqual({ ...stored, id: undefined }, { id: undefined, auth_mode: 'bearer', mode: 'TOOLS' });
      toolsServer = stored!.id;
      const endpoint = `${base}/mcp/srv_${toolsServer}`;

      await page.getByRole('link', { name: 'Open Agent tools' }).click();
      await page.getByRole('heading', { name: 'Agent tools', level: 1 }).waitFor();
      // The static token works with the official client; "hash" is off, so it is not offered yet.
      const shared = await mcpClient(endpoint, staticToken);
      assert.ok(!(await toolNames(shared)).some((n) => n.includes('hash_encode__hash')));
      await shared.close();

      const hashSwitch = page.getByRole('switch', { name: /hash-encode\.hash\b/ });
      assert.equal(await hashSwitch.isChecked(), false);
      await hashSwitch.click(); // saved, then shown on (the Customize button appears)
      await page.getByRole('button', { name: 'Customize hash-encode.hash' }).waitFor();
      await page.getByRole('button', { name: 'Customize hash-encode.hash' }).click();
      await dialog.getByLabel('Display name').fill('Hash it');
      await dialog.getByLabel('Algorithm').selectOption({ label: 'MD5' });
      await dialog.getByRole('button', { name: 'Save tool' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('switch', { name: /Hash it hash-encode\.hash/ }).waitFor();
      const [tool] = await t.db.query<{ display_name: string; input_defaults: Record<string, unknown> }>(
        'SELECT display_name, input_defaults FROM mcp_tools WHERE mcp_server_id = $1',
        [toolsServer],
      );
      assert.equal(tool?.display_name, 'Hash it');
      assert.equal(tool?.input_defaults.algorithm, 'md5');

      // An end user's token, shown once.
      await page.getByLabel(/^End user/).selectOption('alice');
      await page.getByLabel('Expires after').selectOption({ label: '7 days' });
      await page.getByRole('button', { name: 'Issue token' }).click();
      const aliceToken = await page.getByLabel('Token for alice').inputValue();
      assert.match(aliceToken, /^mcp_/);
      const row = page.getByRole('row', { name: /alice/ });
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /mcp:tools/);
      assert.ok(!((await row.textContent()) ?? '').includes(aliceToken), 'only the prefix is listed');
      // The client configuration carries it; copying says so.
      assert.match((await page.getByLabel('Claude Code configuration').textContent()) ?? '', new RegExp(aliceToken));
      await page.getByRole('button', { name: 'Copy endpoint' }).click();
      await page.getByText('Copied').first().waitFor();
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), endpoint);
      await check(page, 'mcp-server');

      // The official MCP SDK client with alice's token: the tool is listed under its new title and runs with its default.
      const client = await mcpClient(endpoint, aliceToken);
      const listed = (await client.listTools()).tools.find((x) => x.name === 'hash_encode__hash');
      assert.equal(listed?.title ?? listed?.annotations?.title, 'Hash it');
      const called = (await client.callTool({ name: 'hash_encode__hash', arguments: { text: 'hello' } })) as {
        content: Array<{ text: string }>;
        isError?: boolean;
      };
      assert.ok(!called.isError, JSON.stringify(called));
      assert.match(called.content[0]!.text, new RegExp(createHash('md5').update('hello').digest('hex')));

      // Switched off on the page: gone from tools/list.
      await page.getByRole('switch', { name: /hash-encode\.hash\b/ }).click();
      await page.getByRole('button', { name: 'Edit hash-encode.hash' }).waitFor({ state: 'detached' });
      await eventually(
        async () => !(await toolNames(client)).includes('hash_encode__hash'),
        10_000,
        'the tool to leave tools/list',
      );
      await client.close();

      // Revoked on the page: the client is refused.
      await page.getByRole('button', { name: /^Revoke mcp_/ }).click();
      await row.waitFor({ state: 'detached' });
      const refused = await rpc(endpoint, aliceToken, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
      assert.equal(refused.status, 401);
      await assert.rejects(mcpClient(endpoint, aliceToken));
      const [revoked] = await t.db.query<{ revoked_at: Date | null }>(
        "SELECT revoked_at FROM mcp_tokens WHERE mcp_server_id = $1 AND kind = 'bearer'",
        [toolsServer],
      );
      assert.ok(revoked?.revoked_at);
    } finally {
      await page.context().close();
    }
  });

  it('shows a Code Mode run with its steps, logs and timings', async () => {
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/mcp`);
      await page.getByRole('button', { name: 'New MCP server' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Code runner');
      await dialog.getByLabel('Mode').selectOption('CODE');
      await dialog.getByRole('button', { name: 'Create server' }).click();
      // OAuth by default: no static token, straight to the server.
      await page.getByRole('heading', { name: 'Code runner', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'No runs in the last 24 hours' }).waitFor();
      codeServer = new URL(page.url()).pathname.split('/').at(-1)!;
      const ran = await t.post(`/api/v1/mcp/servers/${codeServer}/execute-code`, key, {
        code: `const d = await switchboard['hash-encode'].encode({ text: 'hi', encoding: 'base64' });\nconsole.log('encoded');\nreturn d;`,
      });
      assert.equal(ran.status, 200, ran.text);
      assert.equal(ran.body.structuredContent.status, 'completed', ran.text);
      await page.reload();
      const run = page.locator('li.card details').first();
      await run.getByText('completed').waitFor();
      await run.locator('summary').click();
      await run.getByRole('cell', { name: 'switchboard.hash-encode.encode' }).waitFor();
      await run.getByLabel('Logs').getByText('[log] encoded').waitFor();
      await run.getByLabel('Code').getByText("console.log('encoded')").waitFor();
      await check(page, 'mcp-code-server');

      // Edited on the page: name, description and authentication.
      await page.getByRole('button', { name: 'Edit server' }).click();
      await dialog.getByLabel('Description').fill('Runs scripts for the ops agent');
      await dialog.getByLabel('Authentication').selectOption('oauth_and_bearer');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Runs scripts for the ops agent').waitFor();
      const [edited] = await t.db.query<{ description: string; auth_mode: string; mode: string }>(
        'SELECT description, auth_mode, mode FROM mcp_servers WHERE id = $1',
        [codeServer],
      );
      assert.deepEqual(edited, { description: 'Runs scripts for the ops agent', auth_mode: 'oauth_and_bearer', mode: 'CODE' });
    } finally {
      await page.context().close();
    }
  });

  it('lays out every MCP page at 390 px', async () => {
    const page = await signedIn(390);
    try {
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/mcp`);
      await page.getByRole('link', { name: 'Agent tools' }).waitFor();
      await check(page, 'mcp-servers');
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/mcp/${toolsServer}`);
      await page.getByRole('heading', { name: 'Tokens in use' }).waitFor();
      await check(page, 'mcp-server');
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/mcp/${codeServer}`);
      await page.locator('li.card details summary').first().click();
      await check(page, 'mcp-code-server');
      // Deleting asks for the name first.
      await page.getByRole('button', { name: 'Delete server' }).click();
      await page.getByLabel('Type Code runner to confirm').fill('Code runner');
      await page.getByRole('button', { name: 'Delete MCP server' }).click();
      await page.getByRole('link', { name: 'Agent tools' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Code runner' }).count(), 0);
      const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mcp_servers WHERE id = $1', [codeServer]);
      assert.equal(left[0]!.n, 0);
    } finally {
      await page.context().close();
    }
  });
});
