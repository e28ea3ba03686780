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
import { eq } from 'drizzle-orm';
import { installedPieces, pieceInstallJobs } from '../../platform/db/schema.js';
import { InvalidationBus } from '../../platform/invalidation.js';
import { IntegrationRegistry } from '../registry.js';
import { runAction } from '../run.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { PieceInstaller } from './installer.js';
import { CLI } from '../../../test/cli-command.js';
import { ROOT } from '../../../test/service-process.js';

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

    // The operator API answers at once with a job (0101); the install runs in the background.
    const accepted = await t.operator('POST', '/operator/v1/integrations', { package: 'piece-probe' });
    assert.equal(accepted.status, 202, accepted.text);
    assert.equal(accepted.headers.location, `/operator/v1/integration-jobs/${accepted.body.job.id}`);
    assert.deepEqual(
      [accepted.body.job.package, accepted.body.job.status, accepted.body.job.integration, accepted.body.job.error],
      ['piece-probe', 'queued', null, null],
    );
    const res = { body: { integration: (await finished(accepted.body.job.id, 'succeeded')).integration } };
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

    const again = await t.operator('POST', '/operator/v1/integrations?wait=true', { package: 'piece-probe@1.2.3' });
    assert.equal(again.status, 201, 're-adding the same version is idempotent; wait=true answers when installed');
    assert.equal(again.body.integration.version, '1.2.3');
  });

  it('refuses what is not an addable piece, with a clear error', async () => {
    // Refused at once, before any job.
    const cases: Array<[unknown, number, string, RegExp]> = [
      [{}, 400, 'VALIDATION_ERROR', /package/],
      [{ package: 'Not A Package!' }, 400, 'VALIDATION_ERROR', /npm package name/],
      [{ package: '@activepieces/piece-slack' }, 409, 'DUPLICATE', /shipped catalog/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await t.operator('POST', '/operator/v1/integrations', body);
      assert.deepEqual([res.status, res.body.error], [status, code], res.text);
      assert.match(res.body.message, message);
    }
    // Found out by installing: the job fails, saying why; the synchronous form answers the same error.
    for (const [pkg, message] of [
      ['does-not-exist', /could not install does-not-exist/],
      ['not-a-piece', /not a loadable Activepieces piece/],
    ] as const) {
      const accepted = await t.operator('POST', '/operator/v1/integrations', { package: pkg });
      assert.equal(accepted.status, 202, accepted.text);
      const job = await finished(accepted.body.job.id, 'failed');
      assert.equal(job.error.code, 'VALIDATION_ERROR');
      assert.match(job.error.message, message);
      assert.equal(job.integration, null);
      assert.ok(
        Date.parse(job.startedAt) >= Date.parse(job.createdAt) && Date.parse(job.finishedAt) >= Date.parse(job.startedAt),
      );
    }
    const waited = await t.operator('POST', '/operator/v1/integrations?wait=true', { package: 'does-not-exist' });
    assert.deepEqual([waited.status, waited.body.error], [400, 'VALIDATION_ERROR'], waited.text);
    const unknown = await t.operator('GET', '/operator/v1/integration-jobs/6f1c1f9e-6d2a-4c59-9a51-5b4b7a0f2c11');
    assert.deepEqual([unknown.status, unknown.body.error], [404, 'NOT_FOUND']);
    assert.equal(t.app.services.registry.get('not-a-piece'), undefined);
    assert.ok(!registry.requested.some((u) => u.includes('activepieces')), 'a shipped piece is refused before npm runs');
  });

  it('shows progress on the CLI: what it installs, and how long it took', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-cli-add-'));
    try {
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SWITCHBOARD_DATA_DIR: dataDir,
        SWITCHBOARD_NPM_REGISTRY: registry.url,
        LOG_LEVEL: 'warn',
      };
      const { stdout, stderr } = await exec(process.execPath, [...CLI, 'integrations', 'add', 'piece-probe@1.2.3'], {
        env,
        cwd: ROOT,
        timeout: 120_000,
      });
      assert.equal(JSON.parse(stdout).integration.version, '1.2.3', 'standard output keeps only the result');
      const lines = stderr.trim().split('\n');
      assert.equal(lines[0], 'installing piece-probe@1.2.3 with npm …');
      assert.ok(lines.includes('installed piece-probe@1.2.3; loading it to read its actions and triggers …'), stderr);
      assert.match(lines.at(-1)!, /^done in \d+ s: probe \(piece-probe@1\.2\.3\), \d+ actions, 0 triggers$/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('needs the operator token', async () => {
    assert.equal((await t.post('/operator/v1/integrations', null, { package: 'piece-probe' })).status, 401);
    assert.equal((await t.get('/operator/v1/integrations')).status, 401);
    assert.equal((await t.get('/operator/v1/integration-jobs/6f1c1f9e-6d2a-4c59-9a51-5b4b7a0f2c11')).status, 401);
  });

  /** Reads the job until it reaches `status` (the install runs in the background). */
  async function finished(id: string, status: 'succeeded' | 'failed') {
    for (;;) {
      const res = await t.operator('GET', `/operator/v1/integration-jobs/${id}`);
      assert.equal(res.status, 200, res.text);
      const { job } = res.body;
      if (job.status === 'succeeded' || job.status === 'failed') {
        assert.equal(job.status, status, JSON.stringify(job));
        const rows = await t.db.orm.select().from(pieceInstallJobs).where(eq(pieceInstallJobs.id, id));
        assert.equal(rows[0]?.status, status, 'stored');
        return job;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});
