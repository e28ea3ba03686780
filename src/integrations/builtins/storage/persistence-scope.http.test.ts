import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../../test/harness.js';

/** kv-store and storage keep state per persistence scope: without an end user the error says how to choose another. */
describe('kv-store and storage without an end user', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  const exec = (key: string, body: Record<string, unknown>) => t.post('/api/v1/actions/execute', key, body);
  const calls = [
    { integrationName: 'kv-store', actionName: 'put', input: { key: 'k', value: 1 } },
    { integrationName: 'storage', actionName: 'write_file', input: { path: 'a.txt', content: 'hi' } },
  ];

  it('names endUserId, the setting settings.persistence.scope and its values', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    for (const call of calls) {
      const res = await exec(key, { ...call, workspaceId: ws });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error, 'VALIDATION_ERROR');
      assert.match(res.body.message, /^endUserId is required/);
      for (const word of ['settings.persistence.scope', 'end_user', 'workspace', 'external', 'externalId']) {
        assert.ok(res.body.message.includes(word), `${call.integrationName}: "${res.body.message}" names ${word}`);
      }
    }
    const stored = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM kv_entries`);
    assert.equal(stored[0]?.n, 0, 'nothing was stored');
  });

  it('runs without an end user once the workspace integration sets settings.persistence.scope to workspace', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    for (const call of calls) {
      const wi = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
        integrationName: call.integrationName,
        settings: { persistence: { scope: 'workspace' } },
      });
      assert.equal(wi.status, 201, wi.text);
      const res = await exec(key, { ...call, workspaceId: ws });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.success, true, res.text);
    }
  });
});
