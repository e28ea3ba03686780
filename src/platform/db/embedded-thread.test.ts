// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, queryRows, type Database } from './database.js';
import { EmbeddedThread } from './embedded-thread.js';
import { isUniqueViolation } from '../errors.js';

// The embedded database runs on a thread of its own (0149); these check that nothing is lost on the way: values of
// every kind both ways, the errors' SQLSTATE and fields, transactions and savepoints, notifications, dumps, closing.
describe('embedded database on its own thread', () => {
  let db: Database;
  before(async () => {
    db = await openDatabase({});
    await db.exec(
      `CREATE TABLE t (id int PRIMARY KEY, name text UNIQUE, at timestamptz, doc jsonb, raw bytea, big bigint, tags text[])`,
    );
  });
  after(() => db.close());

  it('sends parameters and reads values of every kind as in-process PGlite does', async () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      'one',
      at,
      JSON.stringify({ a: [1, 'x'] }),
      new Uint8Array([0, 255, 7]),
      '9007199254740993',
      ['a', 'b'],
    ]);
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM t WHERE id = $1', [1]);
    assert.ok(row);
    assert.deepEqual(row.at, at);
    assert.deepEqual(row.doc, { a: [1, 'x'] });
    assert.deepEqual([...(row.raw as Uint8Array)], [0, 255, 7]);
    assert.equal(row.big, 9007199254740993n);
    assert.deepEqual(row.tags, ['a', 'b']);
    // A value the thread boundary cannot clone is sent as its text, as PGlite in-process writes it.
    assert.deepEqual(await db.query('SELECT $1::text AS v', [new URL('https://example.com/a b')]), [
      { v: 'https://example.com/a%20b' },
    ]);
    // One that has no text of its own is refused, and the database goes on answering.
    await assert.rejects(db.query('SELECT $1::text AS v', [() => 1]));
    assert.deepEqual(await db.query('SELECT 1 AS one'), [{ one: 1 }]);
    // Drizzle keeps timestamps as PostgreSQL's text: its parsers cross the thread as the type ids they keep.
    const viaOrm = await queryRows<{ at: unknown }>(db.orm, sql`SELECT at FROM t WHERE id = 1`);
    assert.equal(typeof viaOrm[0]?.at, 'string');
    assert.equal(new Date(viaOrm[0]!.at as string).getTime(), at.getTime());
  });

  it('parses every kind of value, arrays too, as in-process PGlite does, with and without the parsers drizzle brings', async () => {
    // The thread parses from PGlite's default parsers with the array types added there (0164): in-process PGlite, as
    // it comes, is the reference. Drizzle's parsers keep timestamps, dates, intervals and their arrays as text.
    const keep = (value: string) => value;
    const drizzleParsers = Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keep]));
    const statement = `SELECT 1::int2 AS i2, 2::int4 AS i4, 9007199254740993::int8 AS i8, 1.5::float4 AS f4, 2.25::float8 AS f8,
        12.345::numeric AS num, true AS b, 'x'::text AS t, 'c'::char AS ch, 'v'::varchar AS vc,
        '2026-11-27 10:00:00.123456+00'::timestamptz AS tstz, '2026-11-27 10:00:00.5'::timestamp AS ts, '2026-11-27'::date AS d,
        '1 day 02:00:00'::interval AS iv, '{"a":[1,"x"]}'::json AS js, '{"b":null}'::jsonb AS jb, '\\x00ff'::bytea AS by,
        '6f1c1e7e-2b8a-4c53-9a8e-3c2f7b1d0a11'::uuid AS u, '{1,2,NULL}'::int4[] AS i4a, '{9007199254740993}'::int8[] AS i8a,
        '{a,"b,c",NULL}'::text[] AS ta, '{t,f}'::bool[] AS ba, ARRAY['{"k":1}'::jsonb] AS jba, '{1.5}'::numeric[] AS numa,
        ARRAY['2026-11-27 10:00:00.123456+00'::timestamptz] AS tstza, ARRAY['2026-11-27'::date] AS da,
        ARRAY['6f1c1e7e-2b8a-4c53-9a8e-3c2f7b1d0a11'::uuid] AS ua, '{{1,2},{3,4}}'::int4[][] AS i4aa, NULL::int4 AS n`;
    const reference = new PGlite();
    try {
      const thread = await EmbeddedThread.open('memory://');
      try {
        for (const options of [
          {},
          { rowMode: 'object' as const, parsers: drizzleParsers },
          { rowMode: 'array' as const, parsers: drizzleParsers },
        ]) {
          const expected = (await reference.query(statement, [], options)).rows;
          assert.deepEqual((await thread.query(statement, [], options)).rows, expected, JSON.stringify(Object.keys(options)));
        }
        // And through drizzle as the service uses it.
        const [viaOrm] = await queryRows<Record<string, unknown>>(db.orm, sql.raw(statement));
        assert.equal(viaOrm!.tstz, '2026-11-27 10:00:00.123456+00');
        assert.deepEqual(viaOrm!.i4a, [1, 2, null]);
        assert.deepEqual(viaOrm!.ta, ['a', 'b,c', null]);
      } finally {
        await thread.close();
      }
    } finally {
      await reference.close();
    }
  });

  it('keeps a database error whole: SQLSTATE, constraint and detail, through drizzle too', async () => {
    await assert.rejects(db.query('INSERT INTO t (id, name) VALUES (2, $1)', ['one']), (err: Error & Record<string, unknown>) => {
      assert.equal(err.code, '23505');
      assert.equal(err.constraint, 't_name_key');
      assert.match(String(err.detail), /already exists/);
      return true;
    });
    await assert.rejects(db.orm.execute(sql`INSERT INTO t (id, name) VALUES (2, 'one')`), (err: unknown) =>
      isUniqueViolation(err),
    );
    await assert.rejects(db.query('SELEC 1'), /syntax error/);
  });

  it('commits a transaction, rolls one back when it throws, and nests savepoints', async () => {
    await db.orm.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t (id, name) VALUES (10, 'ten')`);
      await assert.rejects(
        tx.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO t (id, name) VALUES (11, 'eleven')`);
          throw new Error('inner fails');
        }),
        /inner fails/,
      );
    });
    await assert.rejects(
      db.orm.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t (id, name) VALUES (12, 'twelve')`);
        throw new Error('outer fails');
      }),
      /outer fails/,
    );
    const ids = await db.query<{ id: number }>('SELECT id FROM t WHERE id >= 10 ORDER BY id');
    assert.deepEqual(
      ids.map((r) => r.id),
      [10],
    );
  });

  it('runs a statement from outside an open transaction after the transaction ends, not inside it', async () => {
    let outside: Promise<unknown> | undefined;
    await assert.rejects(
      db.orm.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t (id, name) VALUES (20, 'twenty')`);
        outside = db.query('SELECT count(*)::int AS n FROM t WHERE id = 20');
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(await outside, [{ n: 0 }]);
  });

  it('does not hold the thread that serves requests while a statement runs', async () => {
    let turned = false;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        turned = true;
        resolve();
      }, 5),
    );
    const statement = db.query('SELECT pg_sleep(1)').then(() => turned);
    // In-process, PGlite would hold this thread for the whole second: the timer could not fire before the statement ends.
    assert.equal(await statement, true);
    await timer;
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const got: string[] = [];
    const stop = await db.listen('news', (payload) => got.push(payload));
    await db.notify('news', 'first');
    await waitFor(() => got.length === 1);
    await stop();
    await db.notify('news', 'second');
    await db.query('SELECT 1'); // a notification would have arrived by the answer to the next statement
    assert.deepEqual(got, ['first']);
  });

  it('dumps the data dir and opens a copy from the dump; a closed database refuses statements', async () => {
    const copy = await openDatabase({ loadDataDir: await db.dumpDataDir!() });
    try {
      assert.deepEqual(await copy.query('SELECT name FROM t WHERE id = 1'), [{ name: 'one' }]);
    } finally {
      await copy.close();
    }
    await assert.rejects(copy.query('SELECT 1'), /closed/);
  });

  it('closes once for every caller: a second close returns only when the thread has closed', async () => {
    const thread = await EmbeddedThread.open('memory://');
    const first = thread.close();
    await thread.close();
    assert.equal(thread.closed, true, 'the second close waited for the first');
    await first;
    await thread.close();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}
