import { existsSync } from 'node:fs';
import path from 'node:path';

/** The line a test file prints when it skips for a missing binary; scripts/run-tests.mjs sums them up (and fails in CI). */
export const MISSING_BINARY_MARKER = 'switchboard-test: missing system binary:';

const install: Record<SystemBinary, string> = {
  chromium: 'apt-get install -y chromium',
  bwrap: 'apt-get install -y bubblewrap',
  python3: 'apt-get install -y python3 python3-venv python3-setuptools python3-wheel',
};

export type SystemBinary = 'chromium' | 'bwrap' | 'python3';

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const onPath = (command: string): boolean =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, command)));

const announced = new Set<SystemBinary>();

/**
 * The `skip` option for tests that need a system binary: false when it is there; otherwise the reason, also printed
 * once per test file on stderr so that the run says what to install. Under CI the runner turns it into a failure.
 */
export function needs(binary: SystemBinary): string | false {
  const present = binary === 'chromium' ? existsSync(chromiumPath()) : onPath(binary);
  if (present) return false;
  const reason = `needs ${binary}, which is not installed (${install[binary]})`;
  if (!announced.has(binary)) {
    announced.add(binary);
    process.stderr.write(`${MISSING_BINARY_MARKER} ${binary} — install it with \`${install[binary]}\`\n`);
  }
  return reason;
}
