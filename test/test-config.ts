import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../src/config.js';

/** The operator token of every test app. */
export const OPERATOR_TOKEN = 'test-operator-token-0123456789';

/** The configuration of a test app: quiet, a fresh encryption key, its data under `dataDir`; `env` adds or overrides. */
export function testConfig(env: Record<string, string> = {}, dataDir = os.tmpdir()): Readonly<Config> {
  return loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SWITCHBOARD_OPERATOR_TOKEN: OPERATOR_TOKEN,
    SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SWITCHBOARD_DATA_DIR: dataDir,
    SWITCHBOARD_PUBLIC_URL: 'http://switchboard.test',
    SWITCHBOARD_LAST_USED_FLUSH_MS: '3600000',
    ...env,
  });
}
