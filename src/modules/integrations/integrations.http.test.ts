import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('integration catalog endpoints', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('lists the catalog without an API key', async () => {
    const res = await t.get('/api/v1/integrations');
    assert.equal(res.status, 200);
    assert.equal(res.body.total, res.body.integrations.length);
    assert.ok(res.body.registered.includes('hash-encode'));
    const hash = res.body.integrations.find((i: { name: string }) => i.name === 'hash-encode');
    assert.equal(hash.logoUrl, 'http://switchboard.test/static/integrations/hash-encode.svg');
    assert.deepEqual(hash.auth, { type: 'NONE' });
    assert.deepEqual(hash.authOptions, []);
    const prop = hash.actions.hash.props.algorithm;
    assert.equal(prop.type, 'STATIC_DROPDOWN');
    assert.equal(prop.required, false);
    assert.equal(prop.displayName, 'Algorithm');
    assert.equal(hash.actions.hash.props.text.type, 'LONG_TEXT');
    assert.equal(hash.actions.hash.props.text.required, true);
  });

  it('answers one entry by name, summaries, and INTEGRATION_NOT_FOUND', async () => {
    const one = await t.get('/api/v1/integrations?name=datetime');
    assert.equal(one.status, 200);
    assert.equal(one.body.integration.name, 'datetime');
    assert.ok(one.body.integration.actions.parse_date);
    const summary = await t.get('/api/v1/integrations?summary=true');
    const dt = summary.body.integrations.find((i: { name: string }) => i.name === 'datetime');
    assert.deepEqual(dt.actions, ['parse_date', 'format_date', 'date_math', 'is_business_hours']);
    const missing = await t.get('/api/v1/integrations?name=nope');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error, 'INTEGRATION_NOT_FOUND');
  });

  it('serves a logo for each integration', async () => {
    const res = await t.get('/static/integrations/datetime.svg');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /image\/svg\+xml/);
    assert.match(res.text, /^<svg[^>]*aria-label="Date\s+Time"/);
    assert.equal((await t.get('/static/integrations/nope.svg')).status, 404);
  });
});
