import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type TestApp } from '../harness.js';
import { needs } from '../system-binaries.js';
import { startDashboard, type DashboardWorld } from './browser-world.js';

/**
 * The organization's administration pages in headless Chromium: an API key made with workspace scope, used and
 * revoked from the page; a member invited and their role changed; the webhook signing secret shown once on rotation.
 * Each page is checked with axe-core and written as a screenshot at 1280 and 390 px.
 */
describe('dashboard administration', { skip: needs('chromium') }, () => {
  let dash: DashboardWorld;
  let t: TestApp;
  let base: string;
  let orgId: string;
  let ws: { id: string; slug: string };
  let token: string;
  let key: string;
  const owner = { name: 'Ola Owner', email: `ola-${Date.now()}@example.com`, password: 'ola-password-1' };

  before(async () => {
    dash = await startDashboard();
    ({ t, base } = dash);
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Admin Org', plan: 'team', owner });
    orgId = org.body.organization.id;
    key = org.body.plainKey;
    ws = await t.workspace(key);
    token = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
  });
  after(async () => {
    await dash?.close();
  });

  const signedIn = (width: number) => dash.signedIn(token, width);
  const check = (page: Page, name: string) => dash.check(page, name);

  it('creates a workspace-scoped key (shown once), which works there only, and revokes it', async () => {
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/api-keys`);
      await page.getByLabel('Key name').fill('CI deploys');
      await page.getByLabel('Reach').selectOption('workspace');
      await page.getByRole('checkbox', { name: /^Workspace ws-/ }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      const plain = await page.getByLabel('New API key').inputValue();
      assert.match(plain, /^svc_/);
      await check(page, 'api-keys');
      // The key works in its workspace and nowhere else, and the page shows it was used.
      assert.equal((await t.get(`/api/v1/workspaces/${ws.id}`, plain)).status, 200);
      assert.equal((await t.post('/api/v1/api-keys', plain, { name: 'x' })).body.error, 'SCOPE_DENIED');
      const [row] = await t.db.query<{ key_hash: string }>("SELECT key_hash FROM api_keys WHERE name = 'CI deploys'");
      assert.ok(row && !row.key_hash.includes(plain.slice(4)), 'only a hash is stored');
      // Shown once: a reload shows the prefix only.
      await page.reload();
      await page.getByRole('cell', { name: 'CI deploys', exact: true }).waitFor();
      assert.equal(await page.getByLabel('New API key').count(), 0);
      assert.equal(await page.getByText(plain).count(), 0);
      await page.getByRole('button', { name: 'Revoke CI deploys' }).click();
      await page.getByLabel('Type CI deploys to confirm').fill('CI deploys');
      await page.getByRole('button', { name: 'Delete key' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'CI deploys', exact: true }).waitFor({ state: 'detached' });
      assert.equal((await t.get(`/api/v1/workspaces/${ws.id}`, plain)).status, 401);
    } finally {
      await page.context().close();
    }
  });

  it('invites a member and changes a role; rotates the signing secret, shown once', async () => {
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/members`);
      await page.getByLabel('Email').fill('new.person@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('admin');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('new.person@example.com as admin').waitFor();
      await check(page, 'members');
      const [inv] = await t.db.query<{ email: string; role: string }>('SELECT email, role FROM invitations WHERE org_id = $1', [
        orgId,
      ]);
      assert.deepEqual(inv, { email: 'new.person@example.com', role: 'admin' });
      // The last owner cannot step down: the API says so and the page shows it.
      await page.getByLabel(`Role of ${owner.email}`).selectOption('member');
      await page.getByRole('alert').getByText('Could not change the role').waitFor();

      await page.goto(`${base}/o/${orgId}/settings`);
      await page.getByText('No secret yet').waitFor();
      await page.getByRole('button', { name: 'Create a secret' }).click();
      const secret = await page.getByLabel('New signing secret').inputValue();
      assert.match(secret, /^whsec_/);
      await page.getByText(/Current secret whsec_/).waitFor();
      await check(page, 'settings');
      await page.reload();
      await page.getByText(/Current secret whsec_/).waitFor();
      assert.equal(await page.getByText(secret).count(), 0);
    } finally {
      await page.context().close();
    }
  });

  it('renames the organization and adds a member to a workspace, which they then reach', async () => {
    const person = { name: 'Wes Worker', email: `wes-${Date.now()}@example.com`, password: 'wes-password-1' };
    const personToken = (await t.post('/api/v1/auth/sign-up', null, person)).body.token;
    await t.verifyEmail(person.email);
    const inv = await t.post('/api/v1/members/invite', key, { email: person.email, role: 'member' });
    await t.request('POST', `/api/v1/members/invitations/${inv.body.invitation.id}/accept`, { key: personToken });
    const asPerson = { key: personToken, headers: { 'x-switchboard-organization': orgId } };
    assert.equal((await t.request('GET', `/api/v1/workspaces/${ws.id}`, asPerson)).body.error, 'SCOPE_DENIED');
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/settings`);
      await page.getByLabel('Organization name').fill('Admin Org Renamed');
      await page.getByRole('button', { name: 'Rename' }).click();
      await page.getByText('Renamed to Admin Org Renamed.').waitFor();
      await page
        .getByLabel('Organization', { exact: true })
        .getByRole('option', { name: 'Admin Org Renamed' })
        .waitFor({ state: 'attached' });
      const [org] = await t.db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
      assert.equal(org?.name, 'Admin Org Renamed');

      await page.goto(`${base}/o/${orgId}/workspaces`);
      await page.getByRole('button', { name: `People in Workspace ${ws.slug}` }).click();
      await page.getByText('Nobody added yet').waitFor();
      await page.getByLabel('Member', { exact: true }).selectOption({ label: `Wes Worker (${person.email}) · member` });
      await page.getByRole('button', { name: 'Add to workspace' }).click();
      await page.getByText(/Wes Worker .* workspace member/).waitFor();
      await check(page, 'workspace-members');
      const rows = await t.db.query<{ workspace_id: string; role: string }>(
        'SELECT wm.workspace_id, wm.role FROM workspace_members wm JOIN members m ON m.id = wm.member_id JOIN users u ON u.id = m.user_id WHERE u.email = $1',
        [person.email],
      );
      assert.deepEqual(rows, [{ workspace_id: ws.id, role: 'member' }]);
      assert.equal((await t.request('GET', `/api/v1/workspaces/${ws.id}`, asPerson)).status, 200);
      await page.getByRole('button', { name: 'Remove Wes Worker' }).click();
      await page.getByText('Nobody added yet').waitFor();
      assert.equal((await t.request('GET', `/api/v1/workspaces/${ws.id}`, asPerson)).body.error, 'SCOPE_DENIED');
    } finally {
      await page.context().close();
    }
  });

  it('fits and passes the checks at 390 px', async () => {
    const page = await signedIn(390);
    try {
      for (const [name, url, heading] of [
        ['api-keys', 'api-keys', 'API keys'],
        ['members', 'members', 'Members'],
        ['settings', 'settings', 'Settings'],
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
