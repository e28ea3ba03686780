import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { installedPieces } from '../../platform/db/schema.js';
import { InvalidationBus } from '../../platform/invalidation.js';
import { IntegrationRegistry } from '../registry.js';
import { runAction } from '../run.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { PieceInstaller } from './installer.js';

const exec = promisify(execFile);

/** Stands in for registry.npmjs.org: packuments and tarballs of packages packed from local directories. */
async function fakeRegistry(tmp: string, dirs: string[]) {
  const packages = new Map<string, { version: string; file: string; data: Buffer; manifest: Record<string, unknown> }>();
  for (const dir of dirs) {
    const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', tmp, '--json', '--loglevel=error']);
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    packages.set(manifest.name, {
      version: manifest.version,
      file: packed!.filename,
      data: await readFile(path.join(tmp, packed!.filename)),
      manifest,
    });
  }
  const requested: string[] = [];
  const server = nodeHttp.createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    requested.push(url);
    const tarball = /^\/-\/tarballs\/(.+)$/.exec(url);
    if (tarball) {
      const pkg = [...packages.values()].find((p) => p.file === tarball[1]);
      if (!pkg) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pkg.data);
    }
    const pkg = packages.get(url.slice(1));
    if (!pkg) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dist = {
      tarball: `${base}/-/tarballs/${pkg.file}`,
      shasum: createHash('sha1').update(pkg.data).digest('hex'),
      integrity: `sha512-${createHash('sha512').update(pkg.data).digest('base64')}`,
    };
    const name = url.slice(1);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        name,
        'dist-tags': { latest: pkg.version },
        versions: { [pkg.version]: { ...pkg.manifest, name, version: pkg.version, dist } },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requested,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('adding pieces at runtime', () => {
  let t: TestApp;
  let tmp: string;
  let registry: Awaited<ReturnType<typeof fakeRegistry>>;

  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sb-npm-'));
    const plain = path.join(tmp, 'not-a-piece');
    await exec('mkdir', ['-p', plain]);
    await writeFile(
      path.join(plain, 'package.json'),
      JSON.stringify({ name: 'not-a-piece', version: '1.0.0', main: 'index.js' }),
    );
    await writeFile(path.join(plain, 'index.js'), 'exports.hello = "world";\n');
    registry = await fakeRegistry(tmp, [path.resolve('test/fixtures/pieces/piece-probe'), plain]);
    t = await startApp({ SWITCHBOARD_NPM_REGISTRY: registry.url, SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
  });
  after(async () => {
    await t.close();
    await registry.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('installs a piece from the registry, records it, and serves it in the catalog without a restart', async () => {
    assert.equal((await t.get('/api/v1/integrations?name=probe')).status, 404);

    // Another node on the same database: it hears of the addition on the bus and installs the same version.
    const otherBus = new InvalidationBus(t.db);
    await otherBus.start();
    const otherRegistry = new IntegrationRegistry([]);
    const otherDir = path.join(tmp, 'other-node');
    new PieceInstaller({
      orm: t.db.orm,
      pool: t.app.services.pieces,
      registry: otherRegistry,
      bus: otherBus,
      dir: otherDir,
      log: { info: () => undefined, error: () => undefined },
      npmRegistry: registry.url,
    });

    const res = await t.operator('POST', '/operator/v1/integrations', { package: 'piece-probe' });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.integration, {
      name: 'probe',
      package: 'piece-probe',
      version: '1.2.3',
      actions: res.body.integration.actions,
      triggers: 0,
    });
    assert.ok(res.body.integration.actions >= 5);

    const entry = await t.get('/api/v1/integrations?name=probe');
    assert.equal(entry.status, 200);
    assert.equal(entry.body.integration.runtime, 'piece');
    assert.ok(entry.body.integration.actions.echo);
    const echo = t.app.services.registry.get('probe')!.actions.echo!;
    const out = (await runAction(
      echo,
      { message: 'added' },
      { auth: { type: 'CUSTOM_AUTH', value: { token: 'good-token-123456' } } },
    )) as { message: string };
    assert.equal(out.message, 'added', 'the added piece runs in the worker pool');

    const rows = await t.db.orm.select().from(installedPieces);
    assert.deepEqual(
      rows.map((r) => [r.package, r.version, r.name]),
      [['piece-probe', '1.2.3', 'probe']],
    );
    const listed = await t.operator('GET', '/operator/v1/integrations');
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.integrations.map((i: { package: string; version: string }) => [i.package, i.version]),
      [['piece-probe', '1.2.3']],
    );
    assert.equal(listed.body.total, 1);

    for (let i = 0; i < 100 && !otherRegistry.get('probe'); i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(otherRegistry.get('probe')?.version, '1.2.3', 'the other node registered it');
    const installed = JSON.parse(await readFile(path.join(otherDir, 'node_modules', 'piece-probe', 'package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(installed.version, '1.2.3');
    await otherBus.stop();

    const again = await t.operator('POST', '/operator/v1/integrations', { package: 'piece-probe@1.2.3' });
    assert.equal(again.status, 201, 're-adding the same version is idempotent');
  });

  it('refuses what is not an addable piece, with a clear error', async () => {
    const cases: Array<[unknown, number, string, RegExp]> = [
      [{}, 400, 'VALIDATION_ERROR', /package/],
      [{ package: 'Not A Package!' }, 400, 'VALIDATION_ERROR', /npm package name/],
      [{ package: 'does-not-exist' }, 400, 'VALIDATION_ERROR', /could not install does-not-exist/],
      [{ package: 'not-a-piece' }, 400, 'VALIDATION_ERROR', /not a loadable Activepieces piece/],
      [{ package: '@activepieces/piece-slack' }, 409, 'DUPLICATE', /shipped catalog/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await t.operator('POST', '/operator/v1/integrations', body);
      assert.deepEqual([res.status, res.body.error], [status, code], res.text);
      assert.match(res.body.message, message);
    }
    assert.equal(t.app.services.registry.get('not-a-piece'), undefined);
    assert.ok(!registry.requested.some((u) => u.includes('activepieces')), 'a shipped piece is refused before npm runs');
  });

  it('needs the operator token', async () => {
    assert.equal((await t.post('/operator/v1/integrations', null, { package: 'piece-probe' })).status, 401);
    assert.equal((await t.get('/operator/v1/integrations')).status, 401);
  });
});
