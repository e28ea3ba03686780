import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InvalidationBus } from '../../platform/invalidation.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { migratedSnapshot } from '../../../test/migrated-databases.js';
import { IntegrationRegistry } from '../registry.js';
import type { PieceWorkerPool } from './pool.js';
import { PieceInstaller } from './installer.js';

/**
 * The environment `integrations add` gives npm (0101): enough to get through a proxy, a private CA and npm's own
 * settings, and none of the service's secrets. A stand-in `npm` records exactly what it was given.
 */
describe('the environment npm runs with', () => {
  let tmp: string;
  let db: Database;
  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sb-npm-env-'));
    db = await openDatabase({ loadDataDir: await migratedSnapshot() }); // a migrated copy: faster than an empty one
  });
  after(async () => {
    await db.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('passes proxies, CA certificates and npm settings in either case, and nothing else', async () => {
    const recorded = path.join(tmp, 'env.json');
    const npm = path.join(tmp, 'npm');
    await writeFile(
      npm,
      `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(recorded)}, JSON.stringify(process.env));\nprocess.stderr.write('npm error stand-in\\n');\nprocess.exit(1);\n`,
    );
    await chmod(npm, 0o755);
    const passed = {
      PATH: process.env.PATH!,
      HOME: '/home/switchboard',
      HTTP_PROXY: 'http://proxy.corp:3128',
      HTTPS_PROXY: 'http://proxy.corp:3128',
      NO_PROXY: 'localhost,.corp',
      http_proxy: 'http://proxy.corp:3128',
      https_proxy: 'http://proxy.corp:3128',
      no_proxy: 'localhost,.corp',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
      SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
      SSL_CERT_DIR: '/etc/ssl/certs',
      npm_config_registry: 'https://npm.corp/',
      npm_config_cafile: '/etc/ssl/corp-ca.pem',
      NPM_CONFIG_STRICT_SSL: 'true',
      'npm_config_//npm.corp/:_authToken': 'npm-token-for-the-private-registry',
    };
    const withheld = {
      SWITCHBOARD_ENCRYPTION_KEY: 'c2VjcmV0LWtleS1vZi10aGUtc2VydmljZS0zMi1ieXRlcw==',
      SWITCHBOARD_OPERATOR_TOKEN: 'op_secret',
      DATABASE_URL: 'postgres://user:password@db/switchboard',
      SWITCHBOARD_SMTP_URL: 'smtp://user:password@mail',
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
      NODE_OPTIONS: '--require /tmp/evil.js',
    };
    const installer = new PieceInstaller({
      orm: db.orm,
      pool: {} as PieceWorkerPool, // never reached: the install fails first
      registry: new IntegrationRegistry([]),
      bus: new InvalidationBus(db),
      dir: path.join(tmp, 'pieces'),
      log: { info: () => undefined, error: () => undefined },
      npm,
      env: { ...passed, ...withheld },
    });
    await assert.rejects(installer.add('piece-probe@1.2.3'), /npm could not install piece-probe@1\.2\.3: stand-in/);
    const env = JSON.parse(await readFile(recorded, 'utf8')) as Record<string, string>;
    // Node adds nothing to a child's environment except what the platform itself sets for a process.
    delete env._;
    assert.deepEqual(env, passed);
  });
});
