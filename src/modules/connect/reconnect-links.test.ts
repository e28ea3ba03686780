import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mayRelink } from './reconnect-links.js';

/** Who may hand out a link that repairs a connection (docs/decisions/0144). */
describe('reconnect links: who may have one', () => {
  const ws = 'ws-1';
  const orgWide = { scope: 'ORGANIZATION', workspaceId: null, endUserId: null };
  const shared = { scope: 'WORKSPACE', workspaceId: ws, endUserId: null };
  const alices = { scope: 'USER', workspaceId: ws, endUserId: 'alice' };

  it('an end user only for their own connections', () => {
    const alice = { workspaceId: ws, endUserId: 'alice' };
    assert.equal(mayRelink(alices, alice), true);
    assert.equal(mayRelink(alices, { workspaceId: ws, endUserId: 'bob' }), false, 'not another end user’s');
    assert.equal(mayRelink(shared, alice), false, 'not the workspace’s shared one');
    assert.equal(mayRelink(orgWide, alice), false);
  });

  it('the workspace’s own caller for the connections of its workspace, never the organization’s', () => {
    const workspace = { workspaceId: ws, endUserId: null };
    assert.equal(mayRelink(shared, workspace), true);
    assert.equal(mayRelink(alices, workspace), true);
    assert.equal(mayRelink(orgWide, workspace), false);
    assert.equal(mayRelink({ ...shared, workspaceId: 'ws-2' }, workspace), false, 'not another workspace’s');
  });
});
