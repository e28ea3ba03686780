import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pieceIntegration } from '../../integrations/pieces/piece-integration.js';
import type { PieceMeta } from '../../integrations/pieces/protocol.js';
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
    assert.equal(hash.logoUrl, 'http://switchboard.test/api/v1/integrations/hash-encode/logo');
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
    const res = await t.get('/api/v1/integrations/datetime/logo');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /image\/svg\+xml/);
    assert.match(res.text, /^<svg[^>]*aria-label="Date &amp; Time"/);
    assert.equal((await t.get('/api/v1/integrations/nope/logo')).status, 404);
  });

  describe('property options and dynamic properties', () => {
    let key: string;
    let ws: string;
    const options = (body: Record<string, unknown>, k: string | null = key, name = 'probe') =>
      t.post(`/api/v1/integrations/${name}/properties/options`, k, body);
    const resolve = (body: Record<string, unknown>, k: string | null = key, name = 'probe') =>
      t.post(`/api/v1/integrations/${name}/properties/resolve`, k, body);

    before(async () => {
      // The probe piece runs in the app's own worker pool, like every shipped piece.
      const ref = { package: path.resolve('test/fixtures/pieces/piece-probe') };
      const meta = await t.app.services.pieces.request<PieceMeta>({ op: 'metadata', piece: ref });
      t.app.services.registry.register(pieceIntegration(meta, t.app.services.pieces, ref));
      ({ key } = await t.tenant());
      ws = (await t.workspace(key)).id;
    });

    it('needs an API key', async () => {
      assert.equal((await options({ actionName: 'pick', propertyName: 'region' }, null)).status, 401);
      assert.equal((await resolve({ actionName: 'pick', propertyName: 'fields' }, null)).status, 401);
    });

    it('resolves dropdown options from the input so far, with searchValue, in the piece worker', async () => {
      const all = await options({ actionName: 'pick', propertyName: 'region', input: { project: 'a' } });
      assert.equal(all.status, 200);
      assert.deepEqual(all.body, {
        options: [
          { label: 'Europe', value: 'eu' },
          { label: 'United States', value: 'us' },
        ],
        disabled: false,
      });
      const searched = await options({ actionName: 'pick', propertyName: 'region', searchValue: 'United', workspaceId: ws });
      assert.deepEqual(searched.body.options, [{ label: 'United States', value: 'us' }]);
      const noAuth = await options({ actionName: 'pick', propertyName: 'project' });
      assert.deepEqual(
        noAuth.body,
        { options: [], disabled: true, placeholder: 'connect first' },
        'a dropdown that needs a connection says so',
      );
    });

    it('answers the fixed options of a static dropdown', async () => {
      const res = await options({ actionName: 'hash', propertyName: 'algorithm' }, key, 'hash-encode');
      assert.equal(res.status, 200);
      assert.equal(res.body.disabled, false);
      assert.ok(res.body.options.some((o: { value: string }) => o.value === 'sha256'));
    });

    it('resolves a dynamic property to the properties it stands for', async () => {
      const res = await resolve({ actionName: 'pick', propertyName: 'fields', input: { project: 'a' } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.properties.title, { type: 'SHORT_TEXT', displayName: 'Title', required: true });
      assert.equal(res.body.properties.size.type, 'NUMBER');
      assert.deepEqual((await resolve({ actionName: 'pick', propertyName: 'fields', input: { project: 'b' } })).body, {
        properties: {},
      });
    });

    it('answers every error code of the two endpoints', async () => {
      const cases: Array<[Promise<{ status: number; body: any }>, number, string]> = [
        [options({ actionName: 'pick', propertyName: 'region' }, key, 'nope'), 404, 'INTEGRATION_NOT_FOUND'],
        [resolve({ actionName: 'pick', propertyName: 'fields' }, key, 'nope'), 404, 'INTEGRATION_NOT_FOUND'],
        [options({ actionName: 'pick', propertyName: 'fields' }), 400, 'NOT_DROPDOWN'],
        [options({ actionName: 'hash', propertyName: 'text' }, key, 'hash-encode'), 400, 'NOT_DROPDOWN'],
        [options({ actionName: 'pick', propertyName: 'orphan' }), 400, 'NO_OPTIONS_FN'],
        [options({ actionName: 'pick', propertyName: 'region', input: { project: 'boom' } }), 400, 'OPTIONS_FAILED'],
        [resolve({ actionName: 'pick', propertyName: 'region' }), 400, 'NOT_DYNAMIC'],
        [resolve({ actionName: 'pick', propertyName: 'orphanFields' }), 400, 'NO_PROPS_FN'],
        [resolve({ actionName: 'pick', propertyName: 'fields', input: { project: 'boom' } }), 400, 'RESOLVE_FAILED'],
        [options({ actionName: 'nope', propertyName: 'region' }), 404, 'NOT_FOUND'],
        [options({ triggerName: 'nope', propertyName: 'region' }), 404, 'TRIGGER_NOT_FOUND'],
        [options({ actionName: 'pick', propertyName: 'nope' }), 400, 'VALIDATION_ERROR'],
        [options({ propertyName: 'region' }), 400, 'VALIDATION_ERROR'],
        [options({ actionName: 'pick', triggerName: 'x', propertyName: 'region' }), 400, 'VALIDATION_ERROR'],
        [options({ actionName: 'pick' }), 400, 'VALIDATION_ERROR'],
        [options({ actionName: 'pick', propertyName: 'region', input: 'x' }), 400, 'VALIDATION_ERROR'],
        [options({ actionName: 'pick', propertyName: 'region', workspaceId: 'not-a-uuid' }), 400, 'VALIDATION_ERROR'],
      ];
      for (const [pending, status, code] of cases) {
        const res = await pending;
        assert.deepEqual([res.status, res.body.error], [status, code], JSON.stringify(res.body));
        assert.equal(typeof res.body.message, 'string');
      }
      const failed = await options({ actionName: 'pick', propertyName: 'region', input: { project: 'boom' } });
      assert.match(failed.body.message, /region lookup exploded/);
      const noProp = await options({ actionName: 'pick', propertyName: 'nope' });
      assert.match(noProp.body.message, /propertyName/);
    });

    it("isolates tenants: another organization's workspace is 404, a scoped key outside it SCOPE_DENIED", async () => {
      const other = await t.tenant();
      const foreign = await options({ actionName: 'pick', propertyName: 'region', workspaceId: ws }, other.key);
      assert.deepEqual([foreign.status, foreign.body.error], [404, 'NOT_FOUND']);
      const elsewhere = await t.workspace(key);
      const scoped = await t.scopedKey(key, [elsewhere.id]);
      const denied = await resolve({ actionName: 'pick', propertyName: 'fields', workspaceId: ws }, scoped);
      assert.deepEqual([denied.status, denied.body.error], [403, 'SCOPE_DENIED']);
      assert.equal(
        (
          await resolve(
            { actionName: 'pick', propertyName: 'fields', workspaceId: elsewhere.id, input: { project: 'a' } },
            scoped,
          )
        ).status,
        200,
      );
    });
  });
});
