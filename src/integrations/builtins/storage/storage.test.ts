import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { storageObjects } from '../../../platform/db/schema.js';
import { ActionError, ActionInputError, type StateScope } from '../../framework.js';
import { runAction } from '../../run.js';
import { startApp, type TestApp } from '../../../../test/harness.js';
import { storage } from './storage.js';

describe('storage built-in', () => {
  let t: TestApp;
  let scopeA: StateScope;
  let scopeB: StateScope;
  before(async () => {
    t = await startApp();
    const { orgId, key } = await t.tenant();
    const ws = await t.workspace(key);
    scopeA = { kind: 'end_user', orgId, workspaceId: ws.id, id: randomUUID() };
    scopeB = { kind: 'workspace', orgId, workspaceId: ws.id, id: '' };
  });
  after(async () => t.close());

  const run = (scope: StateScope | null, action: string, input: Record<string, unknown>) =>
    runAction(storage.actions[action]!, input, { files: scope ? t.app.services.files.scoped(scope) : null }) as Promise<any>;
  const blobCount = async () => {
    const root = path.join(t.config.dataDir, 'storage');
    let n = 0;
    for (const dir of await readdir(root).catch(() => [])) n += (await readdir(path.join(root, dir))).length;
    return n;
  };

  it('writes, reads, replaces, lists and deletes files per scope', async () => {
    const written = await run(scopeA, 'write_file', { path: '/reports/2024/summary.txt', content: 'héllo' });
    assert.deepEqual(
      { path: written.path, size: written.size, contentType: written.contentType },
      { path: 'reports/2024/summary.txt', size: 6, contentType: 'text/plain; charset=utf-8' },
    );
    assert.match(written.sha256, /^[0-9a-f]{64}$/);
    const read = await run(scopeA, 'read_file', { path: 'reports/2024/summary.txt' });
    assert.equal(read.content, 'héllo');
    assert.equal(read.contentEncoding, 'utf8');
    await assert.rejects(
      run(scopeB, 'read_file', { path: 'reports/2024/summary.txt' }),
      ActionError,
      'another scope sees nothing',
    );

    await run(scopeA, 'write_file', { path: 'reports/2024/summary.txt', content: 'v2' });
    assert.equal((await run(scopeA, 'read_file', { path: 'reports/2024/summary.txt' })).content, 'v2');
    assert.equal(await blobCount(), 1, 'the replaced bytes are removed');

    await run(scopeA, 'write_file', {
      path: 'img/dot.bin',
      content: Buffer.from([0, 1, 255]).toString('base64'),
      contentEncoding: 'base64',
      contentType: 'application/octet-stream',
    });
    const bin = await run(scopeA, 'read_file', { path: 'img/dot.bin' });
    assert.deepEqual(
      { content: bin.content, contentEncoding: bin.contentEncoding, size: bin.size },
      { content: 'AAH/', contentEncoding: 'base64', size: 3 },
    );

    await run(scopeA, 'write_file', { path: 'reports/100%_done.txt', content: 'x' });
    assert.deepEqual(
      (await run(scopeA, 'list_files', {})).files.map((f: any) => f.path),
      ['img/dot.bin', 'reports/100%_done.txt', 'reports/2024/summary.txt'],
    );
    const listed = await run(scopeA, 'list_files', { prefix: 'reports/100%' });
    assert.deepEqual(
      listed.files.map((f: any) => f.path),
      ['reports/100%_done.txt'],
      '% and _ in a prefix are literal',
    );
    assert.equal((await run(scopeB, 'list_files', {})).count, 0);

    assert.deepEqual(await run(scopeA, 'delete_file', { path: 'img/dot.bin' }), { path: 'img/dot.bin', deleted: true });
    assert.deepEqual(await run(scopeA, 'delete_file', { path: 'img/dot.bin' }), { path: 'img/dot.bin', deleted: false });
    assert.equal(await blobCount(), 2);
  });

  it('keeps one file per path under concurrent writes', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => run(scopeB, 'write_file', { path: 'race.txt', content: `writer ${i}` })),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      Array(8).fill('fulfilled'),
    );
    const rows = await t.db.orm.select().from(storageObjects).where(eq(storageObjects.path, 'race.txt'));
    assert.equal(rows.length, 1);
    assert.match((await run(scopeB, 'read_file', { path: 'race.txt' })).content, /^writer \d$/);
    await run(scopeB, 'delete_file', { path: 'race.txt' });
    assert.equal(await blobCount(), 2, 'no orphaned bytes from the losing writers');
  });

  it('names bad input and refuses to run without a scope', async () => {
    for (const bad of ['../etc/passwd', 'a//b', 'a/./b', '', 'a\\b', 'nul\u0000.txt', 'x'.repeat(1025)]) {
      await assert.rejects(
        run(scopeA, 'write_file', { path: bad, content: 'x' }),
        (e: unknown) => e instanceof ActionInputError && e.field === 'path',
        bad,
      );
    }
    await assert.rejects(
      run(scopeA, 'write_file', { path: 'a.txt', content: '***', contentEncoding: 'base64' }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'content',
    );
    await assert.rejects(
      run(scopeA, 'write_file', { path: 'a.txt', content: 'x', contentType: 'text/plain\r\nX-Evil: 1' }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'contentType',
    );
    await assert.rejects(
      run(scopeA, 'get_download_url', { path: 'a.txt', expiresInSeconds: 10 }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'expiresInSeconds',
    );
    await assert.rejects(
      run(scopeA, 'get_download_url', { path: 'missing.txt' }),
      (e: unknown) => e instanceof ActionError && /No file/.test(e.message),
    );
    await assert.rejects(
      run(null, 'list_files', {}),
      (e: unknown) => e instanceof ActionError && /persistence scope/.test(e.message),
    );
  });

  it('serves a file through a signed, expiring link and nothing else', async () => {
    await run(scopeA, 'write_file', { path: 'out/Résumé "final".csv', content: 'a,b\n1,2\n', contentType: 'text/csv' });
    const link = await run(scopeA, 'get_download_url', { path: 'out/Résumé "final".csv', expiresInSeconds: 120 });
    assert.ok(link.url.startsWith('http://switchboard.test/api/v1/files/'));
    const expiresIn = (Date.parse(link.expiresAt) - Date.now()) / 1000;
    assert.ok(expiresIn > 100 && expiresIn <= 120, String(expiresIn));

    const local = link.url.replace('http://switchboard.test', '');
    const ok = await t.get(local, null);
    assert.equal(ok.status, 200);
    assert.equal(ok.text, 'a,b\n1,2\n');
    assert.equal(ok.headers['content-type'], 'text/csv');
    assert.equal(
      ok.headers['content-disposition'],
      `attachment; filename="R_sum_ _final_.csv"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.csv`,
    );
    assert.equal(ok.headers['cache-control'], 'private, no-store');

    const url = new URL(link.url);
    const id = url.pathname.split('/').pop()!;
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    const tampered = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const [why, query] of [
      ['a later expiry', `expires=${expires + 3600}&signature=${signature}`],
      ['a changed signature', `expires=${expires}&signature=${tampered}`],
      ['an expired link', `expires=${Math.floor(Date.now() / 1000) - 10}&signature=${signature}`],
    ] as const) {
      const res = await t.get(`/api/v1/files/${id}?${query}`, null);
      assert.equal(res.status, 404, why);
      assert.equal(res.body.error, 'NOT_FOUND', why);
    }
    assert.equal(
      (await t.get(`/api/v1/files/${randomUUID()}?expires=${expires}&signature=${signature}`, null)).status,
      404,
      'another id',
    );
    assert.equal((await t.get(`/api/v1/files/${id}`, null)).status, 400, 'no signature');

    await run(scopeA, 'delete_file', { path: 'out/Résumé "final".csv' });
    assert.equal((await t.get(local, null)).status, 404, 'a deleted file is gone');
  });
});
