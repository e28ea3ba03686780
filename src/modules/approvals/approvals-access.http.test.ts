import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.js';
import type { Receiver } from '../../../test/receiver.js';
import { approvalsWorld } from './approvals.fixtures.js';

/** Human Gates over HTTP: who may decide and read a request, what a policy matches, and which review URLs exist. */
describe('approvals: deciders, listing and policy matching', () => {
  let t: TestApp;
  let vendor: Receiver;
  const world = approvalsWorld();
  const { setup, pay, execute, uniquePath } = world;

  before(async () => {
    await world.start();
    ({ t, vendor } = world);
  });
  after(async () => world.close());

  it('deciding needs approvals.decide within the request’s scope', async () => {
    const { key, ws } = await setup();
    const otherWs = (await t.workspace(key)).id;
    const first = await execute(key, ws, pay(uniquePath()));
    const id = first.body.approval.id;
    const noDecide = (await t.post('/api/v1/api-keys', key, { name: 'org, no decide', permissions: { scope: 'org' } })).body
      .plainKey;
    const scopedNoDecide = await t.scopedKey(key, [ws]);
    const scopedElsewhere = await t.scopedKey(key, [otherWs], { approvals: { decide: true } });
    const scopedDecide = await t.scopedKey(key, [ws], { approvals: { decide: true } });
    const stranger = (await t.tenant()).key;
    for (const k of [noDecide, scopedNoDecide]) {
      const r = await t.post(`/api/v1/approvals/${id}/approve`, k, {});
      assert.equal(r.status, 403);
      assert.equal(r.body.error, 'FORBIDDEN');
      assert.match(r.body.message, /approvals\.decide/);
    }
    const out = await t.post(`/api/v1/approvals/${id}/approve`, scopedElsewhere, {});
    assert.equal(out.status, 403);
    assert.equal(out.body.error, 'SCOPE_DENIED');
    assert.equal((await t.post(`/api/v1/approvals/${id}/approve`, stranger, {})).status, 404);
    assert.equal((await t.get(`/api/v1/approvals/${id}`, stranger)).status, 404);
    assert.equal((await t.get(`/api/v1/approvals/${id}`, scopedElsewhere)).status, 403);
    assert.equal((await t.get(`/api/v1/approvals/${id}`, scopedNoDecide)).status, 200, 'reading needs no decide permission');
    assert.equal((await t.get('/api/v1/approvals/apr_doesnotexist', key)).status, 404);
    assert.equal((await t.get('/api/v1/approvals/not-an-id', key)).status, 400);
    const ok = await t.post(`/api/v1/approvals/${id}/approve`, scopedDecide, {});
    assert.equal(ok.status, 200);
    assert.equal((await t.get(`/api/v1/approvals/${id}`, key)).body.approval.status, 'approved');
    assert.equal((await t.post(`/api/v1/approvals/${id}/approve`, key, { reason: 'x'.repeat(1001) })).status, 400);
  });

  it('matches the source: sdk and playground calls say so with a header', async () => {
    const { key, ws } = await setup({ sources: ['sdk'] });
    const path = uniquePath();
    assert.equal((await execute(key, ws, pay(path))).status, 200, 'rest is not gated');
    const sdk = await execute(key, ws, pay(path), { headers: { 'X-Switchboard-Source': 'sdk' } });
    assert.equal(sdk.status, 202);
    assert.equal((await t.get(`/api/v1/approvals/${sdk.body.approval.id}`, key)).body.approval.source, 'sdk');
    assert.equal((await execute(key, ws, pay(path), { headers: { 'X-Switchboard-Source': 'playground' } })).status, 200);
  });

  it('reuseWindowSeconds: an identical request (same policy, end user, input) is approved without asking again', async () => {
    const { key, ws } = await setup({ reuseWindowSeconds: 3600 });
    const path = uniquePath();
    const first = await execute(key, ws, pay(path, 5), { endUserId: 'alice' });
    await t.post(`/api/v1/approvals/${first.body.approval.id}/approve`, key, {});
    const reused = await execute(key, ws, pay(path, 5), { endUserId: 'alice' });
    assert.equal(reused.status, 200, reused.text);
    assert.equal(vendor.to(path).length, 1);
    const rows = (await t.get(`/api/v1/approvals?workspaceId=${ws}&status=consumed`, key)).body.approvals;
    assert.equal(rows.length, 1);
    assert.equal(rows[0].reusedFrom, first.body.approval.id);
    assert.equal(rows[0].decidedBy.type, 'reuse');
    assert.equal((await execute(key, ws, pay(path, 6), { endUserId: 'alice' })).status, 202, 'other input asks again');
    assert.equal((await execute(key, ws, pay(path, 5), { endUserId: 'bob' })).status, 202, 'another end user asks again');
  });

  it('lists with filters, a limit and a cursor; workspace keys see only their workspaces', async () => {
    const { key, ws } = await setup({ sources: ['rest', 'sdk'] });
    const ws2 = (await t.workspace(key)).id;
    await t.post('/api/v1/approval-policies', key, { name: 'Org-wide', riskMode: 'always', integrationNames: ['http'] });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await execute(key, ws, pay(uniquePath(), i), i === 4 ? { headers: { 'X-Switchboard-Source': 'sdk' } } : {})).body
          .approval.id,
      );
    const inWs2 = (await execute(key, ws2, pay(uniquePath()))).body.approval.id;
    await t.post(`/api/v1/approvals/${ids[0]}/reject`, key, {});

    const all = await t.get('/api/v1/approvals', key);
    assert.equal(all.body.total, 6);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await t.get(`/api/v1/approvals?workspaceId=${ws}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, key);
      assert.equal(page.status, 200);
      assert.equal(page.body.total, 5);
      assert.ok(page.body.approvals.length <= 2);
      seen.push(...page.body.approvals.map((x: { id: string }) => x.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    assert.deepEqual(seen, [...ids].reverse(), 'newest first, each once');
    assert.equal((await t.get(`/api/v1/approvals?status=rejected`, key)).body.approvals[0].id, ids[0]);
    assert.equal((await t.get(`/api/v1/approvals?source=sdk`, key)).body.total, 1);
    assert.equal((await t.get(`/api/v1/approvals?integrationName=http&actionName=send_request`, key)).body.total, 6);
    assert.equal((await t.get(`/api/v1/approvals?actionName=nope`, key)).body.total, 0);
    const scoped = await t.scopedKey(key, [ws2]);
    const mine = await t.get('/api/v1/approvals', scoped);
    assert.deepEqual(
      mine.body.approvals.map((x: { id: string }) => x.id),
      [inWs2],
    );
    assert.equal((await t.get(`/api/v1/approvals?workspaceId=${ws}`, scoped)).status, 403);
    const badCursor = (at: string, id: string) => `cursor=${Buffer.from(JSON.stringify([at, id])).toString('base64url')}`;
    for (const bad of [
      'limit=0',
      'limit=101',
      'cursor=garbage',
      'status=weird',
      'source=email',
      'actionName=%00',
      badCursor('0000-01-01T00:00:00.000Z', 'apr_x'),
      badCursor('+010000-01-01T00:00:00.000Z', 'apr_x'),
      badCursor('2026-01-01T00:00:00.000Z', 'apr_\u0000'),
    ]) {
      const r = await t.get(`/api/v1/approvals?${bad}`, key);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.error, 'VALIDATION_ERROR');
    }
  });

  it('approvalAccessMode decides which review URLs exist', async () => {
    const dash = await setup({ approvalAccessMode: 'dashboard_only' });
    const a = (await execute(dash.key, dash.ws, pay(uniquePath()))).body.approval;
    assert.ok(a.approvalUrl);
    assert.equal(a.hostedApprovalUrl, null);
    const [row] = await t.db.query<{ link_token_hash: string | null }>(
      'SELECT link_token_hash FROM approval_requests WHERE id = $1',
      [a.id],
    );
    assert.equal(row!.link_token_hash, null);
    const hosted = await setup({ approvalAccessMode: 'hosted_link_only' });
    const b = (await execute(hosted.key, hosted.ws, pay(uniquePath()))).body.approval;
    assert.equal(b.approvalUrl, null);
    assert.ok(b.hostedApprovalUrl);
  });

  it('deleting a policy keeps its requests, with the policy as it was', async () => {
    const { key, ws, policy } = await setup();
    const a = (await execute(key, ws, pay(uniquePath()))).body.approval;
    assert.equal((await t.delete(`/api/v1/approval-policies/${policy.id}`, key)).status, 200);
    const kept = await t.get(`/api/v1/approvals/${a.id}`, key);
    assert.equal(kept.status, 200);
    assert.equal(kept.body.approval.policyId, policy.id);
    assert.equal(kept.body.approval.policyName, 'Gate payments');
    assert.equal((await execute(key, ws, pay(uniquePath()))).status, 200, 'no policy, no gate');
  });

  it('end_user approvers decide their own requests (the portal hook)', async () => {
    const { key, orgId, ws } = await setup({ approvers: [{ type: 'end_user' }] });
    const a = (await execute(key, ws, pay(uniquePath()), { endUserId: 'eve' })).body.approval;
    const eve = (await t.get(`/api/v1/end-users?workspaceId=${ws}`, key)).body.endUsers.find(
      (u: { externalId: string }) => u.externalId === 'eve',
    );
    const svc = t.app.services.approvals;
    await assert.rejects(svc.decideAsEndUser(orgId, '00000000-0000-4000-8000-000000000000', a.id, 'approve', {}), /not found/);
    const { approval, receipt } = await svc.decideAsEndUser(orgId, eve.id, a.id, 'approve', { reason: 'mine' });
    assert.equal(approval.status, 'approved');
    assert.deepEqual(approval.decidedBy, { type: 'end_user', endUserId: eve.id });
    assert.equal(receipt?.status, 'valid');
    const other = await setup({ approvers: [{ type: 'org_role', roles: ['owner'] }] });
    const b = (await execute(other.key, other.ws, pay(uniquePath()), { endUserId: 'eve' })).body.approval;
    const eve2 = (await t.get(`/api/v1/end-users?workspaceId=${other.ws}`, other.key)).body.endUsers[0];
    await assert.rejects(
      svc.decideAsEndUser(other.orgId, eve2.id, b.id, 'approve', {}),
      /not found/,
      'only when the policy names end_user approvers',
    );
  });
});
