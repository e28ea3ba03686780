/**
 * The cost of the JSON body limits (0105) and the IPC depth check (0106) on 1 MiB bodies, next to JSON.parse of the
 * same text: `npx tsx bench/json-limits.ts`. Prints the median of 50 runs per shape.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_JSON_LIMITS, inspectJson } from '../src/platform/http/json-limits.js';
import { nestsDeeperThan } from '../src/integrations/pieces/ipc.js';

const MiB = 1_048_576;
const fill = (unit: string, open = '[', close = ']') => {
  const n = Math.floor((MiB - 2) / (unit.length + 1));
  return open + Array.from({ length: n }, () => unit).join(',') + close;
};
const shapes: Record<string, string> = {
  'records (objects of 8 fields)': fill(
    JSON.stringify({
      id: 'a1b2c3d4',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      age: 36,
      active: true,
      tags: ['x', 'y'],
      score: 12.5,
      note: null,
    }),
  ),
  'text (strings of 1 KiB)': fill(JSON.stringify('lorem ipsum '.repeat(85))),
  'text beyond Latin-1 (strings of 1 KiB)': fill(JSON.stringify('日本語のテキスト😀 '.repeat(40))),
  'numbers (limit-sized array)': `[${'1,'.repeat(DEFAULT_JSON_LIMITS.maxEntries - 1)}1]`,
  'nested 64 levels, repeated': fill(`${'{"a":'.repeat(63)}1${'}'.repeat(63)}`),
};

const median = (fn: () => unknown) => {
  const times: number[] = [];
  for (let i = 0; i < 55; i++) {
    const t0 = performance.now();
    fn();
    if (i >= 5) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[25]!.toFixed(2);
};

for (const [name, text] of Object.entries(shapes)) {
  const value = JSON.parse(text) as unknown;
  const { problem } = inspectJson(value, DEFAULT_JSON_LIMITS);
  console.log(
    `${name}: ${(text.length / MiB).toFixed(2)} MiB, JSON.parse ${median(() => JSON.parse(text))} ms, ` +
      `inspectJson ${median(() => inspectJson(value, DEFAULT_JSON_LIMITS))} ms${problem ? ` (${problem.kind})` : ''}, ` +
      `nestsDeeperThan ${median(() => nestsDeeperThan(value))} ms`,
  );
}
