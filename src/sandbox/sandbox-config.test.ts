import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../config.js';

/** The sandboxes' configuration (docs/operations.md, "Sandboxes"): defaults, and bad values named. */
describe('sandbox configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    assert.deepEqual(
      [c.jsSandboxWorkers, c.jsSandboxQueue, c.codeTimeoutMs, c.codeMemoryMb, c.codeModeTimeoutMs, c.codeModeMemoryMb],
      [4, 100, 30_000, 64, 300_000, 128],
    );
    assert.deepEqual([c.advancedCodeMemoryMb, c.advancedCodeProcesses, c.advancedCodeDiskMb], [1024, 64, 256]);
  });

  it('reads each variable and fails naming it when out of range or not a number', () => {
    const c = loadConfig({
      SWITCHBOARD_JS_SANDBOX_WORKERS: '2',
      SWITCHBOARD_JS_SANDBOX_QUEUE: '0',
      SWITCHBOARD_CODE_TIMEOUT_MS: '5000',
      SWITCHBOARD_CODE_MEMORY_MB: '32',
      SWITCHBOARD_ADVANCED_CODE_MEMORY_MB: '256',
      SWITCHBOARD_ADVANCED_CODE_PROCESSES: '16',
      SWITCHBOARD_ADVANCED_CODE_DISK_MB: '10',
    });
    assert.deepEqual([c.jsSandboxWorkers, c.jsSandboxQueue, c.codeTimeoutMs, c.codeMemoryMb], [2, 0, 5000, 32]);
    assert.deepEqual([c.advancedCodeMemoryMb, c.advancedCodeProcesses, c.advancedCodeDiskMb], [256, 16, 10]);
    for (const [name, value] of [
      ['SWITCHBOARD_JS_SANDBOX_WORKERS', '0'],
      ['SWITCHBOARD_JS_SANDBOX_WORKERS', '65'],
      ['SWITCHBOARD_JS_SANDBOX_QUEUE', '-1'],
      ['SWITCHBOARD_CODE_TIMEOUT_MS', '300001'],
      ['SWITCHBOARD_CODE_MEMORY_MB', '4'],
      ['SWITCHBOARD_ADVANCED_CODE_MEMORY_MB', 'lots'],
      ['SWITCHBOARD_ADVANCED_CODE_PROCESSES', '0'],
      ['SWITCHBOARD_ADVANCED_CODE_DISK_MB', '1.5'],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) => e instanceof ConfigError && e.message.startsWith(`Invalid configuration: ${name} `),
        `${name}=${value}`,
      );
    }
  });
});
