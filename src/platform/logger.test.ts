import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl } from './logger.js';

describe('request URLs in logs', () => {
  it('lose token-like query values and the id of a webhook source, in its address and in API paths', () => {
    assert.equal(redactUrl('/connect?token=cst_abc&x=1'), '/connect?token=[REDACTED]&x=1');
    assert.equal(
      redactUrl('/api/v1/webhooks/webhook/5f0c8a8e-1111-4222-8333-444455556666?x=1'),
      '/api/v1/webhooks/webhook/[REDACTED]?x=1',
    );
    assert.equal(redactUrl('/api/v1/webhooks/acme'), '/api/v1/webhooks/acme', 'an app-level address names no source');
    const id = '5f0c8a8e-1111-4222-8333-444455556666';
    assert.equal(redactUrl(`/api/v1/triggers/${id}/events?limit=5`), '/api/v1/triggers/[REDACTED]/events?limit=5');
    const eventId = '0d6e7c2a-5555-4666-8777-888899990000';
    assert.equal(
      redactUrl(`/api/v1/triggers/${id}/events/${eventId}/redeliver`),
      `/api/v1/triggers/[REDACTED]/events/${eventId}/redeliver`,
    );
    assert.equal(redactUrl('/api/v1/triggers/enable'), '/api/v1/triggers/enable');
    assert.equal(
      redactUrl('/api/v1/files/5f0c8a8e-1111-4222-8333-444455556666?expires=1700000000&signature=AbC-123_xyz'),
      '/api/v1/files/5f0c8a8e-1111-4222-8333-444455556666?expires=1700000000&signature=[REDACTED]',
    );
    assert.equal(
      redactUrl('/cb?code=c1&state=s1&error=x&api_key=k1&X-Amz-Signature=a1&client_secret=cs&sig=s2#frag'),
      '/cb?code=[REDACTED]&state=[REDACTED]&error=x&api_key=[REDACTED]&X-Amz-Signature=[REDACTED]&client_secret=[REDACTED]&sig=[REDACTED]#frag',
    );
    assert.equal(redactUrl('/x?status=ok&limit=5&cursor=abc&workspaceId=1'), '/x?status=ok&limit=5&cursor=abc&workspaceId=1');
    assert.equal(
      redactUrl('/api/v1/workspaces/5f0c8a8e-1111-4222-8333-444455556666'),
      '/api/v1/workspaces/5f0c8a8e-1111-4222-8333-444455556666',
    );
  });
});
