import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_PLANS } from './platform/plans.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.publicUrl, 'http://localhost:8080');
    assert.match(c.dataDir, /data$/);
    assert.equal(c.databaseUrl, null);
    assert.equal(c.encryptionKey, null);
    assert.deepEqual(c.plans, DEFAULT_PLANS);
    assert.equal(c.bodyLimit, 1_048_576);
    assert.deepEqual(c.jsonLimits, { maxDepth: 64, maxEntries: 100_000 });
    assert.equal(c.storageS3, null);
    assert.equal(c.processes, 1);
    assert.equal(c.delivery.concurrency, 64);
    assert.deepEqual(c.triggers.inboundPerOrg, {
      concurrency: 32,
      sharedConcurrency: 4,
      sharingWindowMs: 1_000,
      maxWaiting: 1_000,
    });
    assert.ok(Object.isFrozen(c));
  });

  it('keeps the shared inbound share within the share (0174)', () => {
    const share = (env: Record<string, string>) => loadConfig(env).triggers.inboundPerOrg;
    assert.deepEqual(share({ SWITCHBOARD_WEBHOOK_ORG_CONCURRENCY: '3' }), {
      concurrency: 3,
      sharedConcurrency: 3,
      sharingWindowMs: 1_000,
      maxWaiting: 1_000,
    });
    assert.equal(share({ SWITCHBOARD_WEBHOOK_ORG_SHARED_CONCURRENCY: '2' }).sharedConcurrency, 2);
    assert.throws(() => share({ SWITCHBOARD_WEBHOOK_ORG_SHARED_CONCURRENCY: '0' }), /SWITCHBOARD_WEBHOOK_ORG_SHARED_CONCURRENCY/);
  });

  it('fails naming the variable', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'x' }, /PORT/],
      [{ PORT: '70000' }, /PORT/],
      [{ DATABASE_URL: 'postgres://localhost/db' }, /SWITCHBOARD_ENCRYPTION_KEY/],
      [{ SWITCHBOARD_ENCRYPTION_KEY: 'c2hvcnQ=' }, /SWITCHBOARD_ENCRYPTION_KEY/],
      [{ SWITCHBOARD_PUBLIC_URL: 'not a url' }, /SWITCHBOARD_PUBLIC_URL/],
      [{ SWITCHBOARD_OPERATOR_TOKEN: 'short' }, /SWITCHBOARD_OPERATOR_TOKEN/],
      [{ SWITCHBOARD_PLANS: '{bad json' }, /SWITCHBOARD_PLANS/],
      [{ SWITCHBOARD_PLANS: '{"gold":{}}' }, /SWITCHBOARD_PLANS.*gold/],
      [{ SWITCHBOARD_PLANS: '{"free":{"workspaces":-1}}' }, /free\.workspaces/],
      [{ SWITCHBOARD_PLANS: '{"free":{"colour":"red"}}' }, /free\.colour/],
      [{ SWITCHBOARD_WORKERS: 'maybe' }, /SWITCHBOARD_WORKERS/],
      [{ SWITCHBOARD_JSON_MAX_DEPTH: '300' }, /SWITCHBOARD_JSON_MAX_DEPTH must be between 8 and 256/],
      [{ SWITCHBOARD_JSON_MAX_ENTRIES: '10' }, /SWITCHBOARD_JSON_MAX_ENTRIES/],
      [{ SWITCHBOARD_PROCESSES: '2' }, /SWITCHBOARD_PROCESSES above 1 needs DATABASE_URL/],
      [{ SWITCHBOARD_PROCESSES: '0' }, /SWITCHBOARD_PROCESSES/],
      [{ SWITCHBOARD_PROCESSES: 'many' }, /SWITCHBOARD_PROCESSES/],
      [{ SWITCHBOARD_STORAGE_S3_BUCKET: 'Not_A_Bucket' }, /SWITCHBOARD_STORAGE_S3_BUCKET/],
      [
        { SWITCHBOARD_STORAGE_S3_BUCKET: 'files', SWITCHBOARD_STORAGE_S3_ACCESS_KEY_ID: 'AKIA' },
        /SWITCHBOARD_STORAGE_S3_SECRET_ACCESS_KEY/,
      ],
      [
        { SWITCHBOARD_STORAGE_S3_BUCKET: 'files', SWITCHBOARD_STORAGE_S3_ENDPOINT: 'not a url' },
        /SWITCHBOARD_STORAGE_S3_ENDPOINT/,
      ],
      [{ SWITCHBOARD_APPROVAL_MODEL: 'gpt-x' }, /SWITCHBOARD_APPROVAL_MODEL_URL/],
      [{ SWITCHBOARD_APPROVAL_MODEL_URL: 'https://api.example.com/v1' }, /SWITCHBOARD_APPROVAL_MODEL /],
      [{ SWITCHBOARD_APPROVAL_MODEL_URL: 'not a url', SWITCHBOARD_APPROVAL_MODEL: 'm' }, /SWITCHBOARD_APPROVAL_MODEL_URL/],
      [
        {
          SWITCHBOARD_APPROVAL_MODEL_URL: 'https://api.example.com/v1',
          SWITCHBOARD_APPROVAL_MODEL: 'm',
          SWITCHBOARD_APPROVAL_MODEL_TIMEOUT_MS: '5',
        },
        /SWITCHBOARD_APPROVAL_MODEL_TIMEOUT_MS/,
      ],
    ];
    for (const [env, re] of cases) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && re.test(err.message),
        JSON.stringify(env),
      );
    }
  });

  it('merges SWITCHBOARD_PLANS over the defaults field by field', () => {
    const c = loadConfig({
      SWITCHBOARD_PLANS: JSON.stringify({
        free: { workspaces: 5, rateLimit: { requests: 10 } },
        pro: { connections: null, customOAuthApps: true },
      }),
    });
    assert.equal(c.plans.free.workspaces, 5);
    assert.equal(c.plans.free.apiKeys, DEFAULT_PLANS.free.apiKeys);
    assert.deepEqual(c.plans.free.rateLimit, { requests: 10, windowSeconds: 60 });
    assert.equal(c.plans.pro.connections, null);
    assert.equal(c.plans.pro.customOAuthApps, true);
    assert.deepEqual(c.plans.team, DEFAULT_PLANS.team);
  });

  it('accepts a server database with an encryption key and trims the public URL', () => {
    const key = randomBytes(32).toString('base64');
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h:5432/d',
      SWITCHBOARD_ENCRYPTION_KEY: key,
      SWITCHBOARD_PUBLIC_URL: 'https://sb.example.com/',
    });
    assert.equal(c.databaseUrl, 'postgres://u@h:5432/d');
    assert.equal(c.encryptionKey?.length, 32);
    assert.equal(c.publicUrl, 'https://sb.example.com');
  });

  it('serves from several processes only on a server database; auto is one per CPU there and 1 embedded', () => {
    const server = { DATABASE_URL: 'postgres://u@h:5432/d', SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    assert.equal(loadConfig({ ...server, SWITCHBOARD_PROCESSES: '3' }).processes, 3);
    assert.equal(loadConfig({ ...server, SWITCHBOARD_PROCESSES: 'auto' }).processes, Math.min(os.availableParallelism(), 64));
    assert.equal(loadConfig({ SWITCHBOARD_PROCESSES: 'auto' }).processes, 1);
    assert.equal(loadConfig({ SWITCHBOARD_PROCESSES: '1' }).processes, 1);
  });
});
