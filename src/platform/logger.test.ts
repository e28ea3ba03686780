import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl } from './logger.js';

describe('request URLs in logs', () => {
  it('lose token-like query values and the id of a webhook source address', () => {
    assert.equal(redactUrl('/connect?token=cst_abc&x=1'), '/connect?token=[REDACTED]&x=1');
    assert.equal(redactUrl('/api/v1/webhooks/webhook/5f0c8a8e-1111-4222-8333-444455556666?x=1'), '/api/v1/webhooks/webhook/[REDACTED]?x=1');
    assert.equal(redactUrl('/api/v1/webhooks/acme'), '/api/v1/webhooks/acme', 'an app-level address names no source');
    assert.equal(redactUrl('/api/v1/workspaces/5f0c8a8e-1111-4222-8333-444455556666'), '/api/v1/workspaces/5f0c8a8e-1111-4222-8333-444455556666');
  });
});
