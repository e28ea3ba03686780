import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type TestApp } from '../harness.js';
import { mcpClient, textOf } from '../mcp.js';
import { needs } from '../system-binaries.js';
import { startDashboard, type DashboardWorld } from './browser-world.js';

/**
 * Human Gates in the dashboard, in headless Chromium: the "Review agent actions" policy made from its template and
 * tested against a sample call; an agent's MCP call held by it, found in the inbox, opened at its approvalUrl (which
 * lands on the dashboard's request page), refused to a member who is not an approver, approved by the owner with a
 * reason; the agent's retry runs once. Each page is checked with axe-core and written as a screenshot at 1280 and 390 px.
 */
describe('dashboard Human Gates', { skip: needs('chromium') }, () => {
  let dash: DashboardWorld;
  let t: TestApp;
  let base: string;
  let orgId: string;
  let key: string;
  let ws: string;
  let ownerToken: string;
  let memberToken: string;
  let agent: Client;
  let approvalId = '';
  const owner = { name: 'Gale Owner', email: `gale-${Date.now()}@example.com`, password: 'gale-password-1' };
  const member = { name: 'Milo Member', email: `milo-${Date.now()}@example.com`, password: 'milo-password-1' };

  before(async () => {
    dash = await startDashboard();
    ({ t, base } = dash);
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Gates Org', plan: 'team', owner });
    orgId = org.body.organization.id;
    key = org.body.plainKey;
    ws = (await t.workspace(key)).id;
    ownerToken = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
    // A plain member of the workspace: signs up, verifies, is invited and accepts; not an approver of the policy.
    const up = await t.post('/api/v1/auth/sign-up', null, member);
    await t.verifyEmail(member.email);
    const inv = await t.post('/api/v1/members/invite', key, { email: member.email });
    const accepted = await t.request('POST', `/api/v1/members/invitations/${inv.body.invitation.id}/accept`, {
      key: up.body.token,
    });
    assert.equal(accepted.status, 200, accepted.text);
    const members = (await t.get('/api/v1/members?limit=100', key)).body.members as Array<{ id: string; userEmail: string }>;
    const memberId = members.find((m) => m.userEmail === member.email)!.id;
    const added = await t.post('/api/v1/workspace-members', key, { workspaceId: ws, memberId });
    assert.equal(added.status, 201, added.text);
    memberToken = (await t.post('/api/v1/auth/sign-in', null, member)).body.token;
    // The agent's side: hash-encode (no connection) behind an MCP server, and a token for it.
    const wi = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode' });
    assert.equal(wi.status, 201, wi.text);
    assert.equal((await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'agent-1' })).status, 201);
    const server = await t.post('/api/v1/mcp/servers', key, {
      name: 'Agent tools',
      workspaceId: ws,
      authMode: 'oauth_and_bearer',
    });
    assert.equal(server.status, 201, server.text);
    const tok = await t.post(`/api/v1/mcp/servers/${server.body.server.id}/access-tokens`, key, { endUserId: 'agent-1' });
    assert.equal(tok.status, 201, tok.text);
    agent = await mcpClient(server.body.server.mcpEndpoint, tok.body.accessToken);
  });
  after(async () => {
    await agent?.close().catch(() => undefined);
    await dash?.close();
  });

  const signedIn = (width: number, token = ownerToken) => dash.signedIn(token, width);
  const check = (page: Page, name: string) => dash.check(page, name);
  /** Successful runs of hash-encode in the activity log (the list flushes the log's buffer first). */
  const hashRuns = async () =>
    (await t.get(`/api/v1/activity?workspaceId=${ws}&integrationName=hash-encode&status=success&limit=100`, key)).body.activity
      .length as number;

  it('creates "Review agent actions" from its template and tests it against a sample call', async () => {
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/approvals/policies`);
      await page.getByText('No policies').waitFor();
      await page.getByRole('button', { name: 'Use template Review agent actions' }).click();
      assert.equal(await page.getByLabel('Policy name').inputValue(), 'Review agent actions');
      await page.getByRole('button', { name: 'Create policy' }).click();
      await page.getByRole('cell', { name: 'Review agent actions', exact: true }).waitFor();
      const [stored] = await t.db.query<Record<string, unknown>>(
        'SELECT name, workspace_id, enabled, sources, decision, approvers FROM approval_policies WHERE org_id = $1',
        [orgId],
      );
      assert.deepEqual(
        { ...stored, sources: [...(stored!.sources as string[])].sort() },
        {
          name: 'Review agent actions',
          workspace_id: null,
          enabled: true,
          sources: ['mcp_code', 'mcp_tools'],
          decision: 'require_approval',
          approvers: [{ type: 'org_role', roles: ['owner', 'admin'] }],
        },
      );
      const storedPolicy = async () =>
        (
          await t.db.query<{ enabled: boolean; priority: number }>(
            'SELECT enabled, priority FROM approval_policies WHERE org_id = $1',
            [orgId],
          )
        )[0];
      // Edited in the form, switched off and on again.
      await page.getByRole('button', { name: 'Edit Review agent actions' }).click();
      await page.getByLabel('Priority').fill('50');
      await page.getByRole('button', { name: 'Save policy' }).click();
      await page.getByRole('cell', { name: '50', exact: true }).waitFor();
      assert.deepEqual(await storedPolicy(), { enabled: true, priority: 50 });
      const toggle = page.getByRole('switch', { name: 'Enable Review agent actions' });
      await toggle.click();
      await page.getByRole('switch', { name: 'Enable Review agent actions', checked: false, disabled: false }).waitFor();
      assert.equal((await storedPolicy())!.enabled, false);
      await toggle.click();
      await page.getByRole('switch', { name: 'Enable Review agent actions', checked: true, disabled: false }).waitFor();
      assert.equal((await storedPolicy())!.enabled, true);
      // A blank policy, created and deleted.
      await page.getByRole('button', { name: 'Use template Blank policy' }).click();
      await page.getByLabel('Policy name').fill('Scratch');
      await page.getByRole('button', { name: 'Create policy' }).click();
      await page.getByRole('cell', { name: 'Scratch', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete Scratch' }).click();
      await page.getByLabel('Type Scratch to confirm').fill('Scratch');
      await page.getByRole('button', { name: 'Delete policy' }).click();
      await page.getByRole('cell', { name: 'Scratch', exact: true }).waitFor({ state: 'detached' });
      assert.equal((await t.db.query('SELECT id FROM approval_policies WHERE org_id = $1', [orgId])).length, 1);
      // The sample call: an agent's tool call to hash-encode.hash.
      await page.getByLabel('Sample source').selectOption('mcp_tools');
      await page.getByLabel('Sample integration').fill('hash-encode');
      await page.getByLabel('Sample action').fill('hash');
      await page.getByLabel('Sample input (JSON)').fill('{"text": "hi"}');
      await page.getByRole('button', { name: 'Test policy' }).click();
      const result = page.getByRole('status', { name: 'Test result' });
      await result.getByText('require_approval').waitFor();
      await result.getByText('The policy matches this call.').waitFor();
      await check(page, 'approval-policies');
      // From a REST call it does not apply.
      await page.getByLabel('Sample source').selectOption('rest');
      await page.getByRole('button', { name: 'Test policy' }).click();
      await result.getByText('The policy does not apply to this call.').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('holds the agent’s MCP call; the owner approves it at its approvalUrl and the retry runs once', async () => {
    const before = await hashRuns();
    const held = await agent.callTool({ name: 'hash_encode__hash', arguments: { text: 'ship it', algorithm: 'sha256' } });
    const sc = held.structuredContent as any;
    assert.equal(sc.status, 'approval_required', textOf(held));
    approvalId = sc.approval.id;
    assert.equal(sc.approval.approvalUrl, `${base}/approvals/${approvalId}`);
    assert.ok(textOf(held).includes(sc.approval.approvalUrl));
    assert.equal(await hashRuns(), before, 'nothing ran');

    const page = await signedIn(1280);
    try {
      // The inbox lists it, pending first, and links to its page.
      await page.goto(`${base}/o/${orgId}/approvals`);
      await page.getByRole('link', { name: 'hash-encode.hash' }).waitFor();
      await page.getByLabel('Policy').selectOption({ label: 'Review agent actions' });
      await page.getByLabel('Source').selectOption('mcp_tools');
      await page.getByRole('link', { name: 'hash-encode.hash' }).waitFor();
      await check(page, 'approvals');
      await page.getByLabel('Source').selectOption('rest');
      await page.getByText('No approval requests').waitFor();

      // The approvalUrl lands on the dashboard's request page.
      await page.goto(sc.approval.approvalUrl);
      await page.waitForURL(`${base}/o/${orgId}/approvals/${approvalId}`);
      await page.getByRole('heading', { name: 'hash-encode.hash', level: 1 }).waitFor();
      await page.getByLabel('Input preview').getByText('ship it').waitFor();
      await check(page, 'approval-request');
      await page.getByLabel('Reason').fill('Fine to hash');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved. The caller can now retry').waitFor();
      await page.getByText('“Fine to hash”').waitFor();
      const [row] = await t.db.query<{ status: string; decision_reason: string }>(
        'SELECT status, decision_reason FROM approval_requests WHERE id = $1',
        [approvalId],
      );
      assert.deepEqual(row, { status: 'approved', decision_reason: 'Fine to hash' });
    } finally {
      await page.context().close();
    }

    // The agent retries as the tool result says: it runs once, and a second retry does not run it again.
    const retried = await agent.callTool({ name: 'hash_encode__hash', arguments: sc.retry.arguments });
    assert.equal(retried.isError, false, textOf(retried));
    assert.equal(await hashRuns(), before + 1);
    await agent.callTool({ name: 'hash_encode__hash', arguments: sc.retry.arguments });
    assert.equal(await hashRuns(), before + 1, 'the approved call ran exactly once');
    const [after] = await t.db.query<{ status: string }>('SELECT status FROM approval_requests WHERE id = $1', [approvalId]);
    assert.equal(after!.status, 'consumed');
  });

  it('shows a member who is not an approver the API’s refusal', async () => {
    const held = await agent.callTool({ name: 'hash_encode__hash', arguments: { text: 'member try', algorithm: 'md5' } });
    const id = (held.structuredContent as any).approval.id as string;
    const page = await signedIn(1280, memberToken);
    try {
      await page.goto(`${base}/approvals/${id}`);
      await page.waitForURL(`${base}/o/${orgId}/approvals/${id}`);
      await page.getByRole('heading', { name: 'hash-encode.hash', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('alert').getByText('Could not decide').waitFor();
      const [row] = await t.db.query<{ status: string }>('SELECT status FROM approval_requests WHERE id = $1', [id]);
      assert.equal(row!.status, 'pending');
    } finally {
      await page.context().close();
    }
  });

  it('fits and passes the checks at 390 px', async () => {
    const page = await signedIn(390);
    try {
      for (const [name, url, heading] of [
        ['approval-policies', 'approvals/policies', 'Approval policies'],
        ['approvals', 'approvals', 'Approvals'],
        ['approval-request', `approvals/${approvalId}`, 'hash-encode.hash'],
      ] as const) {
        await page.goto(`${base}/o/${orgId}/${url}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await check(page, name);
      }
    } finally {
      await page.context().close();
    }
  });
});
