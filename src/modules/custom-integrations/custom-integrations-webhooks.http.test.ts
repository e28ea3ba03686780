import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';
import { eventsWhen, postEvent, TRIGGER_ENV } from '../../../test/triggers.js';

/**
 * An OpenAPI 3.1 document's webhooks as triggers: Scalar Galaxy's published document (`@scalar/galaxy`, MIT) and its
 * `newPlanet` webhook, enabled, sent to and delivered like any trigger's events.
 */
describe('custom integrations: the document’s webhooks as triggers', () => {
  let t: TestApp;
  let rx: Receiver;
  let key: string;
  let ws: string;
  let galaxy: string;

  before(async () => {
    t = await startApp(TRIGGER_ENV);
    rx = await new Receiver().start();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    galaxy = await readFile(createRequire(import.meta.url).resolve('@scalar/galaxy/latest.yaml'), 'utf8');
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  it('imports each webhook as a WEBHOOK trigger, with a sample event made from its schema', async () => {
    const r = await t.post('/api/v1/custom-integrations', key, { name: 'galaxy', document: galaxy });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.body.customIntegration.triggers, ['new_planet']);
    assert.ok(!r.body.customIntegration.skipped.some((s: string) => /webhook/.test(s)), 'nothing about webhooks left out');
    const trigger = r.body.integration.triggers.new_planet;
    assert.equal(trigger.type, 'WEBHOOK');
    assert.equal(trigger.displayName, 'New planet');
    assert.match(trigger.description, /register that URL with the API/);
    // The sample is the Planet schema's first examples.
    assert.equal(trigger.sampleData.id, 1);
    assert.equal(trigger.sampleData.name, 'Mars');
    assert.equal(trigger.sampleData.type, 'terrestrial');
    const sample = await t.post('/api/v1/triggers/test', key, { integrationName: 'galaxy', triggerName: 'new_planet' });
    assert.equal(sample.status, 200, sample.text);
    assert.deepEqual(sample.body.sampleData, trigger.sampleData);
  });

  it('takes each request the API sends as one event, delivered to the callback; another organization has no such trigger', async () => {
    const enabled = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'galaxy',
      triggerName: 'new_planet',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/planets'),
    });
    assert.equal(enabled.status, 201, enabled.text);
    const source = enabled.body.triggerSource;
    assert.match(source.webhookUrl, /\/api\/v1\/webhooks\/galaxy\//);

    const planet = { id: 7, name: 'Kepler-22b', type: 'super-earth' };
    const sent = await postEvent(t, source.webhookUrl, planet);
    assert.equal(sent.status, 200, sent.text);
    const [got] = await rx.waitFor(() => rx.to('/cb/planets').length >= 1 && rx.to('/cb/planets'), 10_000, 'the callback');
    assert.equal(got!.json.integrationName, 'galaxy');
    assert.equal(got!.json.triggerName, 'new_planet');
    assert.deepEqual(got!.json.data, planet, 'the event is the body the API sent');
    const events = await eventsWhen(t, key, source.id, (e) => e.length === 1, 'the stored event');
    assert.equal(events[0].origin, 'webhook');
    assert.equal(events[0].eventId, got!.json.eventId);

    const other = await t.tenant();
    const otherWs = (await t.workspace(other.key)).id;
    const theirs = await t.post('/api/v1/triggers/enable', other.key, {
      integrationName: 'galaxy',
      triggerName: 'new_planet',
      workspaceId: otherWs,
      callbackUrl: rx.url('/cb/theirs'),
    });
    assert.equal(theirs.body.error, 'INTEGRATION_NOT_FOUND', theirs.text);
    const [stored] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM trigger_sources WHERE integration_name = 'galaxy'",
    );
    assert.equal(stored?.n, 1, 'nothing stored for the other organization');

    // The integration is in use while a source is; a re-import without the webhook says so.
    const inUse = await t.delete('/api/v1/custom-integrations/galaxy', key);
    assert.equal(inUse.status, 409, inUse.text);
    assert.equal(inUse.body.error, 'INTEGRATION_IN_USE');
    const narrowed = await t.request('PUT', '/api/v1/custom-integrations/galaxy', {
      key,
      body: { document: galaxy, selection: { tags: ['Authentication'] } },
    });
    assert.equal(narrowed.status, 200, narrowed.text);
    assert.deepEqual(narrowed.body.changes.triggersRemoved, ['new_planet']);
    assert.deepEqual(narrowed.body.customIntegration.triggers, []);
    const refused = await postEvent(t, source.webhookUrl, planet);
    assert.equal(refused.status, 404, refused.text);
    assert.equal(refused.body.error, 'TRIGGER_NOT_FOUND');
  });
});
