import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { testDatabase } from '../../test/harness.js';
import type { Database } from '../platform/db/database.js';
import { ActivityRecorder, type ActivityRow } from './activity.js';

/** The activity recorder on the real database: what it does with rows the database refuses. */
describe('activity recorder', () => {
  let db: Database;
  let drop: () => Promise<void>;
  before(async () => ({ db, drop } = await testDatabase()));
  after(async () => drop());

  const row = (orgId: string, fields: Partial<ActivityRow> = {}): ActivityRow => ({
    id: randomUUID(),
    orgId,
    workspaceId: null,
    source: 'rest',
    integrationName: 'hash-encode',
    integrationAlias: 'hash-encode',
    actionName: 'hash',
    status: 'success',
    durationMs: 1,
    createdAt: new Date(),
    ...fields,
  });
  const stored = async (orgId: string) =>
    (
      await db.query<{ id: string; error_message: string | null }>('SELECT id, error_message FROM activity WHERE org_id = $1', [
        orgId,
      ])
    )
      .map((r) => r.id)
      .sort();

  it('drops only a row whose values the database cannot store, and writes the rows around it', async () => {
    const errors: Array<{ obj: object; msg: string | undefined }> = [];
    const recorder = new ActivityRecorder(db, { error: (obj, msg) => errors.push({ obj, msg }) });
    const org = randomUUID();
    // A duration beyond the column's int: refused for its value, like any other value PostgreSQL cannot store.
    const rows = [row(org), row(org, { durationMs: 2 ** 31 }), row(org)];
    for (const r of rows) recorder.record(r);
    await recorder.close();
    assert.deepEqual(await stored(org), [rows[0]!.id, rows[2]!.id].sort());
    assert.deepEqual(errors, [
      { obj: { activityId: rows[1]!.id }, msg: 'activity row dropped: a value the database cannot store' },
    ]);
  });

  it('stores a NUL in any text as U+FFFD', async () => {
    const recorder = new ActivityRecorder(db, { error: (obj) => assert.fail(JSON.stringify(obj)) });
    const org = randomUUID();
    const r = row(org, { status: 'failed', errorMessage: 'a\u0000b', endUserExternalId: '\u0000' });
    recorder.record(r);
    await recorder.close();
    const [got] = await db.query<{ error_message: string; end_user_external_id: string }>(
      'SELECT error_message, end_user_external_id FROM activity WHERE id = $1',
      [r.id],
    );
    assert.deepEqual(got, { error_message: 'a\uFFFDb', end_user_external_id: '\uFFFD' });
    assert.equal(r.errorMessage, 'a\u0000b', "the caller's row is not changed");
  });

  it('keeps every row for the next attempt when the database itself fails', async () => {
    const errors: string[] = [];
    let down = true;
    const flaky: Database = Object.create(db);
    flaky.query = async (text, params) => (down ? Promise.reject(new Error('connection terminated')) : db.query(text, params));
    const recorder = new ActivityRecorder(flaky, { error: (_obj, msg) => errors.push(msg ?? '') });
    const org = randomUUID();
    const rows = [row(org), row(org)];
    for (const r of rows) recorder.record(r);
    await recorder.flush();
    assert.deepEqual(errors, ['activity flush failed; will retry']);
    assert.deepEqual(await stored(org), []);
    down = false;
    await recorder.close();
    assert.deepEqual(await stored(org), rows.map((r) => r.id).sort());
  });
});
