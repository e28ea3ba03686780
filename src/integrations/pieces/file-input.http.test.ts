import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startApp, type TestApp } from '../../../test/harness.js';
import { pieceIntegration } from './piece-integration.js';
import type { PieceMeta } from './protocol.js';

const MiB = 1024 * 1024;

/**
 * One local server standing in for the internet: files to fetch (`/files/...`) and an S3-compatible bucket
 * (path-style PUT /<bucket>/<key>, signed requests only) that keeps what it was sent.
 */
async function internet(file: Buffer) {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      if (req.method === 'GET' && url.pathname === '/files/report.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': file.length });
        return res.end(file);
      }
      if (req.method === 'GET' && url.pathname === '/files/named') {
        res.writeHead(200, { 'content-disposition': 'attachment; filename="Quarterly report.csv"' });
        return res.end('a,b\n1,2\n');
      }
      if (req.method === 'GET' && url.pathname === '/files/huge') {
        // Over the limit, and without a content-length: the size is found while reading.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(MiB, 7);
        for (let i = 0; i < 11; i++) res.write(chunk);
        return res.end();
      }
      if (req.method === 'PUT' && url.pathname.startsWith('/bucket/')) {
        if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
          res.writeHead(403);
          return res.end();
        }
        objects.set(decodeURIComponent(url.pathname.slice('/bucket/'.length)), Buffer.concat(chunks));
        res.writeHead(200, { etag: '"etag-1"' });
        return res.end();
      }
      res.writeHead(404);
      res.end('not here');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, objects, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('FILE properties: URLs are fetched through the egress guard, data: URLs and base64 decoded, the rest refused', () => {
  let t: TestApp;
  let net: Awaited<ReturnType<typeof internet>>;
  let key: string;
  let ws: string;
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40_000), Buffer.from([0, 255, 254, 0x80])]);

  before(async () => {
    net = await internet(file);
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
    const ref = { package: path.resolve('test/fixtures/pieces/piece-probe') };
    const meta = await t.app.services.pieces.request<PieceMeta>({ op: 'metadata', piece: ref });
    t.app.services.registry.register(pieceIntegration(meta, t.app.services.pieces, ref));
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    const probe = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'probe',
      externalId: 'probe',
      displayName: 'Probe',
      props: { token: 'good-token' },
    });
    const s3 = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'amazon-s3',
      externalId: 's3',
      displayName: 'S3',
      props: {
        accessKeyId: 'AKIATEST',
        secretAccessKey: 'secret-test-key',
        bucket: 'bucket',
        endpoint: net.base,
        region: 'us-east-1',
      },
    });
    assert.deepEqual([probe.status, s3.status], [201, 201], probe.text + s3.text);
  });
  after(async () => {
    await t?.close();
    await net?.close();
  });

  const echo = (value: unknown) =>
    t.post('/api/v1/actions/execute', key, {
      integrationName: 'probe',
      actionName: 'file_echo',
      workspaceId: ws,
      connectionExternalId: 'probe',
      input: { file: value },
    });

  it('amazon-s3 upload-file given a URL stores exactly the bytes the URL serves', async () => {
    const res = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'amazon-s3',
      actionName: 'upload-file',
      workspaceId: ws,
      connectionExternalId: 's3',
      input: { file: `${net.base}/files/report.pdf`, fileName: 'report', type: 'application/pdf' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true, res.text);
    assert.equal(res.body.output.fileName, 'report.pdf');
    const stored = net.objects.get('report.pdf');
    assert.ok(stored, 'the object was written');
    assert.equal(stored.length, file.length);
    assert.ok(stored.equals(file), 'the same bytes, not the text of the URL decoded as base64');
  });

  it('a piece receives the exact bytes of a URL, a data: URL, base64 and {filename, base64}', async () => {
    const fromUrl = await echo(`${net.base}/files/report.pdf`);
    assert.equal(fromUrl.status, 200, fromUrl.text);
    assert.deepEqual(fromUrl.body.output, {
      filename: 'report.pdf',
      extension: 'pdf',
      size: file.length,
      base64: file.toString('base64'),
    });
    const named = (await echo(`${net.base}/files/named`)).body.output;
    assert.deepEqual([named.filename, Buffer.from(named.base64, 'base64').toString()], ['Quarterly report.csv', 'a,b\n1,2\n']);

    const small = file.subarray(0, 3000);
    for (const value of [
      `data:application/pdf;base64,${small.toString('base64')}`,
      small.toString('base64'),
      { filename: 'x.pdf', base64: small.toString('base64') },
    ]) {
      const res = await echo(value);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.output.base64, small.toString('base64'), JSON.stringify(value).slice(0, 40));
    }
    const text = await echo('data:text/plain,hello%20world');
    assert.equal(Buffer.from(text.body.output.base64, 'base64').toString(), 'hello world');
  });

  it('refuses what is neither a URL nor data with 400 VALIDATION_ERROR naming the field, before anything runs', async () => {
    for (const value of [
      'this is not a file!',
      'ftp://files.example.com/report.pdf',
      'data:;base64,@@@',
      { filename: 'x' },
      42,
    ]) {
      const res = await echo(value);
      assert.equal(res.status, 400, `${JSON.stringify(value)}: ${res.text}`);
      assert.equal(res.body.error, 'VALIDATION_ERROR');
      assert.match(res.body.message, /input\.file/);
      assert.equal(res.body.details[0].field, 'input.file');
    }
    const upload = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'amazon-s3',
      actionName: 'upload-file',
      workspaceId: ws,
      connectionExternalId: 's3',
      input: { file: 'garbage text, not base64', fileName: 'garbage', type: 'text/plain' },
    });
    assert.deepEqual([upload.status, upload.body.error], [400, 'VALIDATION_ERROR']);
    assert.equal(net.objects.has('garbage.plain'), false, 'nothing was uploaded');
  });

  it('a URL to a private address that is not allow-listed, a missing file and a file over the limit are refused', async () => {
    const cases: Array<[string, RegExp]> = [
      ['http://10.255.255.1/internal/secret.pdf', /not allowed/],
      ['http://169.254.169.254/latest/meta-data/', /not allowed/],
      [`${net.base}/files/missing.pdf`, /HTTP 404/],
      [`${net.base}/files/huge`, /larger than 10 MiB/],
    ];
    for (const [url, why] of cases) {
      const res = await echo(url);
      assert.equal(res.status, 400, `${url}: ${res.text}`);
      assert.equal(res.body.error, 'VALIDATION_ERROR');
      assert.equal(res.body.details[0].field, 'input.file');
      assert.match(res.body.message, why, url);
    }
  });
});
