import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startApp, type TestApp } from './harness.js';

/** docs/ARCHITECTURE.md lists every job the app registers, with the schedule it really has. */
describe('ARCHITECTURE.md jobs', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('names every registered job queue and its cron schedule', async () => {
    const doc = await readFile('docs/ARCHITECTURE.md', 'utf8');
    const section = doc.split(/^## /m).find((s) => s.startsWith('Jobs\n'));
    assert.ok(section, 'a Jobs section');
    const queues = await t.db.query<{ name: string }>(
      `SELECT name FROM pgboss.queue WHERE name NOT LIKE '%\\_\\_dead' AND name NOT LIKE '\\_\\_pgboss%'`,
    );
    const schedules = await t.db.query<{ name: string; cron: string }>(`SELECT name, cron FROM pgboss.schedule`);
    assert.ok(queues.length >= 7, `jobs registered (${queues.length})`);
    const rows = section.split('\n').filter((l) => l.startsWith('|'));
    for (const { name } of queues) {
      const row = rows.find((l) => l.includes(`\`${name}\``));
      assert.ok(row, `job ${name} is listed`);
      const cron = schedules.find((s) => s.name === name)?.cron;
      if (cron) assert.ok(row.includes(`\`${cron}\``), `job ${name} shows its schedule ${cron}`);
    }
    const listed = rows.flatMap((l) => [...l.matchAll(/^\| `([a-z-]+)`/g)].map((m) => m[1]));
    for (const name of listed)
      assert.ok(
        queues.some((q) => q.name === name),
        `listed job ${name} exists`,
      );
  });
});
