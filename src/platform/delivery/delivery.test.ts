import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookSigningSecrets } from '../db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually, type Receiver } from '../../../test/receiver.js';
import { retryDelayMs } from './schedule.js';
import { verifySignature } from './signing.js';
import { deliveryWorld } from './delivery.fixtures.js';

describe('retry schedule', () => {
  it('follows the schedule with ±20 % jitter and stays on the last delay', () => {
    const s = [10, 60, 300];
    assert.equal(
      retryDelayMs(s, 1, () => 0.5),
      10_000,
    );
    assert.equal(
      retryDelayMs(s, 2, () => 0),
      48_000,
    );
    assert.equal(
      retryDelayMs(s, 3, () => 1),
      360_000,
    );
    assert.equal(
      retryDelayMs(s, 9, () => 0.5),
      300_000,
    );
  });
});

describe('outbound webhook delivery', () => {
  let t: TestApp;
  let rx: Receiver;
  const world = deliveryWorld();
  const { svc, enqueue } = world;
  before(async () => {
    await world.start();
    ({ t, rx } = world);
  });
  after(async () => world.close());

  it('delivers a committed message with its headers and records the attempt; a rolled-back one never goes', async () => {
    const { orgId } = await t.tenant();
    const path = '/basic';
    const { id } = await enqueue(
      orgId,
      { hello: 'world', n: 1 },
      { path, headers: { 'X-Service-Event': 'test.event', Authorization: 'Bearer receiver-token' }, subjectId: 'subj-1' },
    );
    await assert.rejects(
      t.db.orm.transaction(async (tx) => {
        await svc().enqueue(tx, { orgId, producer: 'test', url: rx.url(path), body: { rolledBack: true } });
        throw new Error('abort');
      }),
    );
    const [req] = await rx.waitFor(() => rx.to(path).length >= 1 && rx.to(path), 10_000, 'delivery');
    assert.deepEqual(req!.json, { hello: 'world', n: 1 });
    assert.equal(req!.body, JSON.stringify({ hello: 'world', n: 1 }));
    assert.equal(req!.headers['content-type'], 'application/json');
    assert.equal(req!.headers['x-service-event'], 'test.event');
    assert.equal(req!.headers.authorization, 'Bearer receiver-token');
    assert.equal(req!.headers['x-service-delivery'], id);
    assert.equal(req!.headers['x-service-attempt'], '1');
    assert.equal(req!.headers['x-service-signature'], undefined, 'unsigned while the organization has no secret');

    const view = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'delivered' ? v : null;
    });
    assert.equal(view.attempts, 1);
    assert.equal(view.lastStatusCode, 200);
    assert.ok(view.deliveredAt);
    assert.equal(view.history.length, 1);
    assert.equal(view.history[0]!.statusCode, 200);
    assert.equal((await svc().listForSubjects(orgId, 'test', ['subj-1']))[0]?.id, id);
    // The receiver's credentials are not stored in the clear.
    const [row] = await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    assert.ok(!row!.headers.includes('receiver-token'));
    // Nothing of the rolled-back transaction exists or arrives.
    await eventually(async () => (await svc().get(orgId, id))?.status === 'delivered');
    assert.equal(rx.to(path).length, 1);
    assert.equal((await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId))).length, 1);
    // Another organization cannot see it.
    const other = await t.tenant();
    assert.equal(await svc().get(other.orgId, id), null);
  });

  it('retries after a 500 and a timeout, then succeeds; the attempt number grows and the delivery id stays', async () => {
    const { orgId } = await t.tenant();
    const path = '/flaky';
    rx.respond = (r) => {
      if (r.path !== path) return { status: 200 };
      const n = rx.to(path).length;
      return n === 1 ? { status: 500 } : n === 2 ? { hang: true } : { status: 204 };
    };
    const { id } = await enqueue(orgId, { flaky: true }, { path });
    const view = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'delivered' ? v : null;
    });
    rx.respond = () => ({ status: 200 });
    const got = rx.to(path);
    assert.deepEqual(
      got.map((r) => r.headers['x-service-attempt']),
      ['1', '2', '3'],
    );
    assert.deepEqual(new Set(got.map((r) => r.headers['x-service-delivery'])), new Set([id]));
    assert.deepEqual(
      view.history.map((h) => h.statusCode),
      [500, null, 204],
    );
    assert.match(view.history[0]!.error!, /500/);
    assert.match(view.history[1]!.error!, /timed out/);
    assert.equal(view.history[2]!.error, null);
  });

  it('dead-letters after the schedule is used up, and redelivers on request', async () => {
    const { orgId } = await t.tenant();
    const path = '/down';
    let up = false;
    rx.respond = (r) => (r.path === path && !up ? { status: 503 } : { status: 200 });
    const { id } = await enqueue(orgId, { important: true }, { path });
    const dead = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'dead' ? v : null;
    });
    assert.equal(dead.attempts, 4, 'one attempt plus one per scheduled delay');
    assert.equal(dead.maxAttempts, 4);
    assert.ok(dead.deadAt);
    assert.equal(dead.nextAttemptAt, null);
    assert.equal(rx.to(path).length, 4);

    up = true;
    const other = await t.tenant();
    assert.equal(await svc().redeliver(other.orgId, id), null, 'another organization cannot replay it');
    const rearmed = await svc().redeliver(orgId, id);
    assert.ok(rearmed && ['pending', 'sending', 'delivered'].includes(rearmed.status));
    const done = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'delivered' ? v : null;
    });
    assert.equal(done.attempts, 5);
    assert.equal(done.maxAttempts, 8, 'a fresh round of attempts');
    assert.equal(done.deadAt, null);
    assert.equal(rx.to(path).at(-1)!.headers['x-service-attempt'], '5');
    rx.respond = () => ({ status: 200 });
  });

  it('counts a refused connection and an address the egress guard forbids as failed attempts', async () => {
    const { orgId } = await t.tenant();
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const refused = await t.db.orm.transaction((tx) =>
      svc().enqueue(tx, { orgId, producer: 'test', url: `http://127.0.0.1:${closed}/x`, body: {}, maxAttempts: 1 }),
    );
    const denied = await t.db.orm.transaction((tx) =>
      svc().enqueue(tx, { orgId, producer: 'test', url: 'http://169.254.169.254/latest/meta-data', body: {}, maxAttempts: 1 }),
    );
    const a = await eventually(async () => {
      const v = await svc().get(orgId, refused.id);
      return v?.status === 'dead' ? v : null;
    });
    assert.equal(a.lastStatusCode, null);
    assert.match(a.lastError!, /ECONNREFUSED/);
    const b = await eventually(async () => {
      const v = await svc().get(orgId, denied.id);
      return v?.status === 'dead' ? v : null;
    });
    assert.match(b.lastError!, /not allowed/);
    await assert.rejects(svc().assertDeliverableUrl('http://10.1.2.3/hook', 'callbackUrl'), /private/);
    await assert.rejects(svc().assertDeliverableUrl('ftp://example.com/x', 'callbackUrl'), /http/);
    await assert.rejects(svc().assertDeliverableUrl('http://user:pw@example.com/x', 'callbackUrl'), /credentials/);
    assert.equal(await svc().assertDeliverableUrl(rx.url('/ok'), 'callbackUrl'), rx.url('/ok'));
    await assert.rejects(
      t.db.orm.transaction((tx) =>
        svc().enqueue(tx, { orgId, producer: 'test', url: rx.url(), body: {}, headers: { 'X-Service-Signature': 'forged' } }),
      ),
      /X-Service-Signature/,
    );
  });

  it('signs with the organization secret once there is one, with both secrets during a rotation', async () => {
    const { orgId, key } = await t.tenant();
    const first = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    assert.equal(first.status, 200);
    await enqueue(orgId, { signed: 1 }, { path: '/signed' });
    const [one] = await rx.waitFor(() => rx.to('/signed').length === 1 && rx.to('/signed'), 10_000, 'signed delivery');
    const ts = Number(one!.headers['x-service-timestamp']);
    assert.ok(Math.abs(ts - Date.now() / 1000) < 60);
    assert.match(one!.headers['x-service-signature']!, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.ok(one!.headers['x-service-signature']!.startsWith(`t=${ts},`));
    assert.ok(verifySignature(first.body.secret, one!.headers['x-service-signature']!, one!.body));
    assert.ok(!verifySignature(first.body.secret, one!.headers['x-service-signature']!, one!.body + ' '), 'a changed body fails');
    assert.ok(!verifySignature('whsec_wrong', one!.headers['x-service-signature']!, one!.body));
    assert.ok(
      !verifySignature(first.body.secret, one!.headers['x-service-signature']!, one!.body, 300, (ts + 3600) * 1000),
      'a stale timestamp fails',
    );

    const second = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    await enqueue(orgId, { signed: 2 }, { path: '/signed' });
    const two = (await rx.waitFor(() => rx.to('/signed').length === 2 && rx.to('/signed'), 10_000, 'second signed delivery'))[1]!;
    assert.match(two.headers['x-service-signature']!, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    assert.ok(verifySignature(second.body.secret, two.headers['x-service-signature']!, two.body), 'the new secret verifies');
    assert.ok(
      verifySignature(first.body.secret, two.headers['x-service-signature']!, two.body),
      'the previous one still does during the grace period',
    );

    await t.delete('/api/v1/webhook-signing-secret', key);
    await enqueue(orgId, { signed: 3 }, { path: '/signed' });
    const three = (await rx.waitFor(() => rx.to('/signed').length === 3 && rx.to('/signed'), 10_000, 'unsigned delivery'))[2]!;
    assert.equal(three.headers['x-service-signature'], undefined);
    assert.equal(three.headers['x-service-timestamp'], undefined);
  });

  it('signing secret endpoints: shown once, stored encrypted, org-scope keys only', async () => {
    const { orgId, key } = await t.tenant();
    const ws = await t.workspace(key);
    const none = await t.get('/api/v1/webhook-signing-secret', key);
    assert.deepEqual(none.body, { enabled: false, secretPrefix: null, createdAt: null, previousSecretExpiresAt: null });
    const rotated = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    assert.equal(rotated.status, 200);
    assert.match(rotated.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.equal(rotated.body.enabled, true);
    assert.equal(rotated.body.previousSecretExpiresAt, null);
    assert.ok(rotated.body.secret.startsWith(rotated.body.secretPrefix));
    const [row] = await t.db.orm.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId));
    assert.ok(row && !row.secret.includes(rotated.body.secret.slice(6)), 'encrypted at rest');
    const status = await t.get('/api/v1/webhook-signing-secret', key);
    assert.equal(status.body.enabled, true);
    assert.equal(status.body.secretPrefix, rotated.body.secretPrefix);
    assert.ok(!status.text.includes(rotated.body.secret));
    const again = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    assert.notEqual(again.body.secret, rotated.body.secret);
    assert.ok(Date.parse(again.body.previousSecretExpiresAt) > Date.now() + 23 * 3600_000);
    const scoped = await t.scopedKey(key, [ws.id]);
    for (const res of [
      await t.post('/api/v1/webhook-signing-secret/rotate', scoped),
      await t.get('/api/v1/webhook-signing-secret', scoped),
      await t.delete('/api/v1/webhook-signing-secret', scoped),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    assert.equal((await t.post('/api/v1/webhook-signing-secret/rotate', null)).status, 401);
    const removed = await t.delete('/api/v1/webhook-signing-secret', key);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.enabled, false);
    assert.equal((await t.db.orm.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId))).length, 0);
  });
});
