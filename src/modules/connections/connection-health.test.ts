import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evidenceOfUse } from './connection-health.js';

/** What one call shows about a connection's credentials (0140). */
describe('evidence of use', () => {
  it('reads a success as healthy, 401 as needs_reauth, 403 as degraded', () => {
    assert.deepEqual(evidenceOfUse({ ok: true }), { health: 'healthy', error: null });
    assert.equal(evidenceOfUse({ ok: false, httpStatus: 401, error: 'Unauthorized' })?.health, 'needs_reauth');
    assert.equal(evidenceOfUse({ ok: false, httpStatus: 401, error: 'x' })?.error?.code, 'UPSTREAM_UNAUTHORIZED');
    assert.equal(evidenceOfUse({ ok: false, httpStatus: 403, error: 'Forbidden' })?.health, 'degraded');
  });

  it('reads nothing into failures that are the call’s own', () => {
    for (const httpStatus of [undefined, 400, 404, 409, 422, 429, 500, 502, 503])
      assert.equal(evidenceOfUse({ ok: false, httpStatus, error: 'failed' }), null, String(httpStatus));
  });

  it('keeps the provider’s message short', () => {
    const e = evidenceOfUse({ ok: false, httpStatus: 401, error: 'x'.repeat(10_000) });
    assert.ok(e!.error!.message.length < 400);
  });
});
