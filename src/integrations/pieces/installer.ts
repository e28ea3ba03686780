import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Orm } from '../../platform/db/database.js';
import { installedPieces } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { IntegrationRegistry } from '../registry.js';
import { readPieceCatalog } from './default-catalog.js';
import { pieceIntegration } from './piece-integration.js';
import type { PieceWorkerPool } from './pool.js';
import type { PieceMeta } from './protocol.js';

const run = promisify(execFile);

/** `name` or `name@version`, where name is an npm package name (scoped or not). */
const SPEC = /^((?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*)(?:@([0-9A-Za-z.^~<>=*+-]{1,64}))?$/;

export interface PieceInstallerDeps {
  orm: Orm;
  pool: PieceWorkerPool;
  registry: IntegrationRegistry;
  bus: InvalidationBus;
  /** packages added at runtime live in `<dir>/node_modules` */
  dir: string;
  log: { info(o: object, msg: string): void; error(o: object, msg: string): void };
  /** npm executable (tests may point it elsewhere) */
  npm?: string;
  /** registry URL (a mirror or private registry); npm's configured one when absent */
  npmRegistry?: string | null;
  /**
   * Runs an install holding a lock every process sharing `dir` honours (several serving processes on one machine,
   * 0087): two npm installs into one prefix at once can fail or leave it broken. In-process only when absent.
   */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** The environment npm's settings are taken from (see {@link npmEnvironment}); process.env when absent. */
  env?: NodeJS.ProcessEnv;
}

export interface AddedIntegration {
  name: string;
  package: string;
  version: string;
  actions: number;
  triggers: number;
}

/** What an install reports as it goes (the CLI prints it). */
export type InstallProgress = (line: string) => void;

const PASSED_TO_NPM = new Set([
  'PATH',
  'HOME',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
]);

/**
 * The environment npm runs with (0101): what it needs to reach a registry from where the service runs — PATH, HOME,
 * the proxy variables (either case), extra CA certificates, and npm's own settings (`npm_config_*` in either case:
 * registry, auth for a private registry, cache, strict-ssl, ...). Nothing else: the service's own secrets
 * (SWITCHBOARD_*, DATABASE_URL, ...) never reach npm or the package it fetches.
 */
export function npmEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (PASSED_TO_NPM.has(name.toUpperCase()) || name.toLowerCase().startsWith('npm_config_')) out[name] = value;
  }
  return out;
}

/**
 * Pieces beyond the shipped catalog, added while the service runs. The package is installed with npm into the
 * data dir (install scripts disabled), loaded in a worker to read and check its metadata, recorded in
 * `installed_pieces` and registered; every other node hears of it through the invalidation bus and installs the
 * same version. Nothing restarts.
 */
export class PieceInstaller {
  private syncing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PieceInstallerDeps) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'pieces' || msg.type === 'all')
        void this.sync().catch((err: unknown) =>
          deps.log.error({ err: { message: (err as Error).message } }, 'piece sync failed'),
        );
    });
  }

  /** Registers the shipped catalog (pieces whose name a built-in already uses are skipped). */
  registerDefaults(): number {
    let n = 0;
    for (const record of readPieceCatalog()) {
      if (!('meta' in record) || this.deps.registry.get(record.meta.name)) continue;
      this.deps.registry.register(pieceIntegration(record.meta, this.deps.pool, { package: record.package }));
      n++;
    }
    return n;
  }

  /** npm install of `spec` into the pieces dir, under the install lock; `skip` (checked under it) can make it a no-op. */
  private npmInstall(spec: string, skip: () => Promise<boolean> = async () => false): Promise<void> {
    const install = async () => {
      if (!(await skip())) await this.npmInstallNow(spec);
    };
    return this.deps.lock ? this.deps.lock(install) : install();
  }

  private async npmInstallNow(spec: string): Promise<void> {
    await mkdir(this.deps.dir, { recursive: true });
    const manifest = path.join(this.deps.dir, 'package.json');
    if (!existsSync(manifest))
      await writeFile(manifest, JSON.stringify({ name: 'switchboard-added-pieces', private: true, dependencies: {} }, null, 2));
    try {
      await run(
        this.deps.npm ?? 'npm',
        [
          'install',
          '--prefix',
          this.deps.dir,
          '--save-exact',
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          ...(this.deps.npmRegistry ? ['--registry', this.deps.npmRegistry] : []),
          spec,
        ],
        {
          timeout: 300_000,
          maxBuffer: 8 * 1024 * 1024,
          env: npmEnvironment(this.deps.env ?? process.env),
        },
      );
    } catch (err) {
      const stderr = String((err as { stderr?: string }).stderr ?? (err as Error).message);
      const line = stderr.split('\n').find((l) => /ERR!|error/i.test(l)) ?? stderr.split('\n')[0];
      throw new AppError(
        'VALIDATION_ERROR',
        `npm could not install ${spec}: ${line?.replace(/^npm (ERR!|error)\s*/, '').trim()}`,
        { field: 'package' },
      );
    }
  }

  private async installedVersion(pkg: string): Promise<string | null> {
    try {
      return (
        JSON.parse(await readFile(path.join(this.deps.dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }
      ).version;
    } catch {
      return null;
    }
  }

  /** The package name of an addable `spec`, or the error a request for it gets at once (before anything runs). */
  check(spec: string): string {
    const m = SPEC.exec(spec.trim());
    if (!m)
      throw new AppError('VALIDATION_ERROR', 'package must be an npm package name, optionally with @version.', {
        field: 'package',
      });
    const pkg = m[1]!;
    if (readPieceCatalog().some((r) => r.package === pkg))
      throw new AppError('DUPLICATE', `${pkg} is already in the shipped catalog.`);
    return pkg;
  }

  /** Installs, checks and registers a piece package; answers its catalog name and version. */
  async add(spec: string, progress: InstallProgress = () => undefined): Promise<AddedIntegration> {
    const pkg = this.check(spec);
    progress(`installing ${spec.trim()} with npm …`);
    await this.npmInstall(spec.trim());
    const version = await this.installedVersion(pkg);
    if (!version) throw new AppError('VALIDATION_ERROR', `${pkg} did not install.`, { field: 'package' });
    progress(`installed ${pkg}@${version}; loading it to read its actions and triggers …`);
    let meta: PieceMeta;
    try {
      meta = await this.deps.pool.request<PieceMeta>({ op: 'metadata', piece: { package: pkg, root: this.deps.dir } });
    } catch (err) {
      throw new AppError('VALIDATION_ERROR', `${pkg} is not a loadable Activepieces piece: ${(err as Error).message}`, {
        field: 'package',
      });
    }
    const existing = this.deps.registry.get(meta.name);
    if (existing && !(existing.runtime === 'piece' && (await this.isAdded(pkg)))) {
      throw new AppError('DUPLICATE', `An integration named ${meta.name} already exists.`);
    }
    await this.deps.orm
      .insert(installedPieces)
      .values({ package: pkg, version, name: meta.name, metadata: meta })
      .onConflictDoUpdate({ target: installedPieces.package, set: { version, metadata: meta } });
    this.registerAdded(meta, pkg);
    await this.deps.bus.publish({ type: 'pieces' });
    this.deps.log.info({ package: pkg, version, name: meta.name }, 'piece added');
    return {
      name: meta.name,
      package: pkg,
      version,
      actions: Object.keys(meta.actions).length,
      triggers: Object.keys(meta.triggers).length,
    };
  }

  private async isAdded(pkg: string): Promise<boolean> {
    const rows = await this.deps.orm.select({ p: installedPieces.package }).from(installedPieces);
    return rows.some((r) => r.p === pkg);
  }

  private registerAdded(meta: PieceMeta, pkg: string): void {
    this.deps.registry.replace(pieceIntegration(meta, this.deps.pool, { package: pkg, root: this.deps.dir }));
  }

  async list(): Promise<Array<{ name: string; package: string; version: string; addedAt: string }>> {
    const rows = await this.deps.orm.select().from(installedPieces).orderBy(installedPieces.name);
    return rows.map((r) => ({ name: r.name, package: r.package, version: r.version, addedAt: r.addedAt.toISOString() }));
  }

  /** Brings this node in line with installed_pieces: installs missing versions, registers what is not yet. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      for (const row of await this.deps.orm.select().from(installedPieces)) {
        const current = this.deps.registry.get(row.name);
        if (current && (current.runtime !== 'piece' || current.version === row.version)) continue;
        // Checked again under the lock: another process sharing the dir may have installed it meanwhile.
        const present = async () => (await this.installedVersion(row.package)) === row.version;
        if (!(await present())) await this.npmInstall(`${row.package}@${row.version}`, present);
        this.registerAdded(row.metadata as PieceMeta, row.package);
      }
    });
    return this.syncing;
  }
}
