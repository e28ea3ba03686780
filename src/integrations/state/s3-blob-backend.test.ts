import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runAction } from '../run.js';
import { storage } from '../builtins/storage/storage.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { S3BlobBackend } from './s3-blob-backend.js';
import { DiskBlobBackend } from './file-store.js';
import { storageObjects } from '../../platform/db/schema.js';
import { eq } from 'drizzle-orm';

/**
 * A local stand-in for an S3-compatible server (path-style object API: PUT, GET, DELETE /<bucket>/<key>), which
 * answers like S3 does: 404 NoSuchKey XML for a missing object, 403 for an unsigned request, 204 on delete.
 */
async function fakeS3(bucket: string) {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; key: string; accessKey: string | null }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const [, b, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const auth = String(req.headers.authorization ?? '');
      const accessKey = /Credential=([^/]+)\//.exec(auth)?.[1] ?? null;
      seen.push({ method: req.method ?? '', key, accessKey });
      const xml = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
      };
      if (!auth.startsWith('AWS4-HMAC-SHA256 ') || !req.headers['x-amz-date']) return xml(403, 'AccessDenied');
      if (b !== bucket) return xml(404, 'NoSuchBucket');
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"x"' });
        return res.end();
      }
      if (req.method === 'GET') {
        const body = objects.get(key);
        if (!body) return xml(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
        return res.end(body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      xml(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, objects, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('S3 blob backend', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  before(async () => {
    s3 = await fakeS3('switchboard-files');
  });
  after(async () => s3.close());

  it('writes, reads and removes objects under the prefix, signed with the configured key', async () => {
    const backend = new S3BlobBackend({
      bucket: 'switchboard-files',
      prefix: 'node-a/',
      endpoint: s3.endpoint,
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret-test',
    });
    const id = randomUUID();
    const bytes = Buffer.from([0, 1, 2, 255, 10, 13]);
    await backend.write(id, bytes);
    assert.deepEqual(s3.objects.get(`node-a/${id}`), bytes);
    assert.deepEqual(await backend.read(id), bytes);
    await backend.remove(id);
    assert.equal(s3.objects.has(`node-a/${id}`), false);
    assert.equal(await backend.read(id), null, 'a missing object reads as null');
    assert.ok(s3.seen.every((r) => r.accessKey === 'AKIATEST'));
    backend.close();
  });

  it('rejects ids that are not blob ids before any request', async () => {
    const backend = new S3BlobBackend({
      bucket: 'switchboard-files',
      endpoint: s3.endpoint,
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret-test',
    });
    const before = s3.seen.length;
    await assert.rejects(backend.write('../escape', Buffer.from('x')), /bad blob id/);
    assert.equal(s3.seen.length, before);
    backend.close();
  });

  it('surfaces server errors other than a missing object', async () => {
    const backend = new S3BlobBackend({
      bucket: 'another-bucket',
      endpoint: s3.endpoint,
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret-test',
    });
    await assert.rejects(backend.write(randomUUID(), Buffer.from('x')), (err: Error) => err.name === 'NoSuchBucket');
    backend.close();
  });

  describe('the storage built-in on an app configured for S3', () => {
    let t: TestApp;
    before(async () => {
      t = await startApp({
        SWITCHBOARD_STORAGE_S3_BUCKET: 'switchboard-files',
        SWITCHBOARD_STORAGE_S3_PREFIX: 'app/',
        SWITCHBOARD_STORAGE_S3_ENDPOINT: s3.endpoint,
        SWITCHBOARD_STORAGE_S3_ACCESS_KEY_ID: 'AKIAAPP',
        SWITCHBOARD_STORAGE_S3_SECRET_ACCESS_KEY: 'secret-app',
      });
    });
    after(async () => t.close());

    it('keeps the bytes in the bucket and nothing on disk', async () => {
      const { orgId, key } = await t.tenant();
      const ws = await t.workspace(key);
      const files = t.app.services.files.scoped({ kind: 'workspace', orgId, workspaceId: ws.id, id: '' });
      const run = (action: string, input: Record<string, unknown>) =>
        runAction(storage.actions[action]!, input, { files }) as Promise<any>;

      await run('write_file', { path: 'notes/a.txt', content: 'in the bucket' });
      const stored = [...s3.objects.keys()].filter((k) => k.startsWith('app/'));
      assert.equal(stored.length, 1);
      assert.equal(s3.objects.get(stored[0]!)!.toString(), 'in the bucket');
      assert.equal((await run('read_file', { path: 'notes/a.txt' })).content, 'in the bucket');
      assert.deepEqual(await readdir(path.join(t.config.dataDir, 'storage')).catch(() => []), []);

      await run('delete_file', { path: 'notes/a.txt' });
      assert.equal([...s3.objects.keys()].filter((k) => k.startsWith('app/')).length, 0);
      assert.ok(s3.seen.filter((r) => r.key.startsWith('app/')).every((r) => r.accessKey === 'AKIAAPP'));
    });
  });
});

describe('files stored before the switch to S3 (0102)', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let t: TestApp;
  before(async () => {
    s3 = await fakeS3('switchboard-files');
    t = await startApp({
      SWITCHBOARD_STORAGE_S3_BUCKET: 'switchboard-files',
      SWITCHBOARD_STORAGE_S3_ENDPOINT: s3.endpoint,
      SWITCHBOARD_STORAGE_S3_ACCESS_KEY_ID: 'AKIAAPP',
      SWITCHBOARD_STORAGE_S3_SECRET_ACCESS_KEY: 'secret-app',
    });
  });
  after(async () => {
    await t.close();
    await s3.close();
  });

  it('a signed link says the file is on local disk, not that it expired; storage migrate moves it to the bucket', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    const write = (p: string, content: string) =>
      t.post('/api/v1/actions/execute', key, {
        integrationName: 'storage',
        actionName: 'write_file',
        workspaceId: ws.id,
        endUserId: 'file-owner',
        input: { path: p, content },
      });
    assert.equal((await write('old/report.txt', 'from before')).status, 200);
    // As the server had stored it while it used local disk: bytes under <data dir>/storage, no backend recorded.
    const [stored] = await t.db.orm.select().from(storageObjects).where(eq(storageObjects.path, 'old/report.txt'));
    const id = stored!.id;
    assert.equal(stored!.backend, 's3', 'a file written now records its backend');
    await new DiskBlobBackend(path.join(t.config.dataDir, 'storage')).write(id, s3.objects.get(id)!);
    s3.objects.delete(id);
    await t.db.orm.update(storageObjects).set({ backend: null }).where(eq(storageObjects.id, id));
    const link = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'storage',
      actionName: 'get_download_url',
      workspaceId: ws.id,
      endUserId: 'file-owner',
      input: { path: 'old/report.txt' },
    });
    assert.equal(link.status, 200, link.text);
    assert.ok(link.body.output.url, link.text);
    const url = new URL(link.body.output.url as string);
    const before = await t.request('GET', url.pathname + url.search);
    assert.equal(before.status, 404);
    assert.equal(before.body.error, 'NOT_FOUND');
    assert.match(before.body.message, /stored on the local backend \(local disk\); this server now stores files on S3/);
    assert.match(before.body.message, /switchboard storage migrate/);
    assert.doesNotMatch(before.body.message, /expired/);

    const moved = await t.app.services.files.migrateToCurrent();
    assert.deepEqual(moved, { backend: 's3', moved: 1, alreadyThere: 0, missing: [] });
    assert.equal(s3.objects.get(id)?.toString(), 'from before');
    const [row] = await t.db.orm.select().from(storageObjects).where(eq(storageObjects.id, id));
    assert.equal(row?.backend, 's3');
    const after = await t.request('GET', url.pathname + url.search);
    assert.equal(after.status, 200);
    assert.equal(after.text, 'from before');
    assert.deepEqual(await t.app.services.files.migrateToCurrent(), { backend: 's3', moved: 0, alreadyThere: 0, missing: [] });
  });
});
