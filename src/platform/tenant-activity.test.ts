// switchboard-test: database-independent
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TenantActivity } from './tenant-activity.js';

describe('TenantActivity', () => {
  it('tells whether another organization was served within the window', () => {
    let now = 0;
    const activity = new TenantActivity(1_000, () => now);
    assert.equal(activity.othersActive('a'), false, 'nothing served yet');

    activity.seen('a');
    now = 10;
    activity.seen('a');
    assert.equal(activity.othersActive('a'), false, 'only a itself was served');
    assert.equal(activity.othersActive('b'), true, 'a was, for b');

    now = 500;
    activity.seen('b');
    now = 600;
    activity.seen('a'); // b is no longer the last one seen, but it was seen 100 ms ago
    assert.equal(activity.othersActive('a'), true);
    assert.equal(activity.othersActive('b'), true);

    now = 1_499;
    assert.equal(activity.othersActive('a'), true, 'b was served 999 ms ago');
    now = 1_500;
    assert.equal(activity.othersActive('a'), false, 'b was served a whole window ago');
    assert.equal(activity.othersActive('b'), true, 'a was served 900 ms ago');
    assert.equal(activity.othersActive('c'), true);
    now = 1_600;
    assert.equal(activity.othersActive('c'), false);
  });
});
