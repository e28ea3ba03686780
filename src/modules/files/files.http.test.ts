import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('signed file downloads', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({}, { captureLogs: true });
  });
  after(async () => t.close());

  it('serve the file, and no log line holds the signature (issue 17 item 6)', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const written = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'storage',
      actionName: 'write_file',
      workspaceId: ws,
      endUserId: 'file-owner',
      input: { path: 'notes/a.txt', content: 'hello file' },
    });
    assert.equal(written.status, 200, written.text);
    const link = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'storage',
      actionName: 'get_download_url',
      workspaceId: ws,
      endUserId: 'file-owner',
      input: { path: 'notes/a.txt' },
    });
    assert.equal(link.status, 200, link.text);
    const url = new URL(link.body.output.url as string);
    const signature = url.searchParams.get('signature')!;
    assert.ok(signature.length >= 10);
    t.logs.length = 0;
    const res = await t.request('GET', url.pathname + url.search);
    assert.equal(res.status, 200);
    assert.equal(res.text, 'hello file');
    const lines = t.logs.filter((l) => l.includes(url.pathname));
    assert.ok(lines.length > 0, 'the download is logged');
    for (const line of t.logs) assert.ok(!line.includes(signature), `a log line holds the signature: ${line}`);
    assert.ok(lines.some((l) => l.includes('signature=[REDACTED]')));
  });
});
