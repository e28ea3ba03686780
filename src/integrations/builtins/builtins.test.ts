// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ActionInputError, type IntegrationDefinition } from '../framework.js';
import { runAction } from '../run.js';
import { dataTransformer } from './data-transformer/data-transformer.js';
import { datetime } from './datetime/datetime.js';
import { hashEncode } from './hash-encode/hash-encode.js';

const run = (def: IntegrationDefinition, action: string, input: Record<string, unknown>) =>
  runAction(def.actions[action]!, input) as Promise<any>;
const rejectsField = (p: Promise<unknown>, field: string) =>
  assert.rejects(p, (err: unknown) => err instanceof ActionInputError && err.field === field);

describe('hash-encode', () => {
  it('hashes with each algorithm and encoding', async () => {
    assert.deepEqual(await run(hashEncode, 'hash', { text: 'abc' }), {
      hash: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      algorithm: 'sha256',
      encoding: 'hex',
    });
    assert.equal(
      (await run(hashEncode, 'hash', { text: 'abc', algorithm: 'sha1' })).hash,
      'a9993e364706816aba3e25717850c26c9cd0d89d',
    );
    assert.equal((await run(hashEncode, 'hash', { text: 'abc', algorithm: 'md5' })).hash, '900150983cd24fb0d6963f7d28e17f72');
    assert.equal((await run(hashEncode, 'hash', { text: 'abc', algorithm: 'sha512', encoding: 'base64' })).hash.length, 88);
    assert.equal(
      (await run(hashEncode, 'hash', { text: 'abc', encoding: 'base64' })).hash,
      'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=',
    );
  });

  it('encodes and decodes base64, url and hex, round trip', async () => {
    const text = 'héllo wörld/?&=';
    for (const encoding of ['base64', 'url', 'hex']) {
      const { encoded } = await run(hashEncode, 'encode', { text, encoding });
      assert.notEqual(encoded, text);
      assert.equal((await run(hashEncode, 'decode', { encoded, encoding })).decoded, text);
    }
    assert.equal((await run(hashEncode, 'encode', { text: 'a b', encoding: 'url' })).encoded, 'a%20b');
  });

  it('generates UUIDs', async () => {
    const one = await run(hashEncode, 'generate_uuid', {});
    assert.match(one.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(one.uuids.length, 1);
    const many = await run(hashEncode, 'generate_uuid', { count: 100 });
    assert.equal(new Set(many.uuids).size, 100);
  });

  it('names the bad field', async () => {
    await rejectsField(run(hashEncode, 'hash', {}), 'text');
    await rejectsField(run(hashEncode, 'hash', { text: 'a', algorithm: 'crc32' }), 'algorithm');
    await rejectsField(run(hashEncode, 'hash', { text: { no: 1 } }), 'text');
    await rejectsField(run(hashEncode, 'decode', { encoded: 'zz', encoding: 'hex' }), 'encoded');
    await rejectsField(run(hashEncode, 'decode', { encoded: '%E0%A4%A', encoding: 'url' }), 'encoded');
    await rejectsField(run(hashEncode, 'decode', { encoded: 'not base64!', encoding: 'base64' }), 'encoded');
    await rejectsField(run(hashEncode, 'generate_uuid', { count: 101 }), 'count');
    await rejectsField(run(hashEncode, 'generate_uuid', { count: 0 }), 'count');
    await rejectsField(run(hashEncode, 'generate_uuid', { count: 1.5 }), 'count');
  });
});

describe('datetime', () => {
  it('parses instants, wall-clock times in a zone, and timestamps', async () => {
    const utc = await run(datetime, 'parse_date', { dateString: '2024-03-01T10:00:00Z' });
    assert.equal(utc.iso, '2024-03-01T10:00:00.000Z');
    assert.equal(utc.unix, 1709287200);
    assert.equal(utc.components.weekdayName, 'Friday');
    const ny = await run(datetime, 'parse_date', { dateString: '2024-03-01 10:00', timezone: 'America/New_York' });
    assert.equal(ny.iso, '2024-03-01T15:00:00.000Z');
    assert.equal(ny.local, '2024-03-01T10:00:00.000-05:00');
    assert.equal(ny.components.hour, 10);
    const summer = await run(datetime, 'parse_date', { dateString: '2024-07-01T09:30:00', timezone: 'Europe/Paris' });
    assert.equal(summer.iso, '2024-07-01T07:30:00.000Z');
    assert.equal((await run(datetime, 'parse_date', { dateString: '1709287200' })).iso, '2024-03-01T10:00:00.000Z');
    assert.equal((await run(datetime, 'parse_date', { dateString: '1709287200000' })).iso, '2024-03-01T10:00:00.000Z');
  });

  it('formats in every format', async () => {
    const d = '2024-03-01T15:04:05Z';
    const f = async (format: string, timezone = 'UTC') =>
      (await run(datetime, 'format_date', { date: d, format, timezone })).formatted;
    assert.equal(await f('iso'), '2024-03-01T15:04:05.000+00:00');
    assert.equal(await f('us'), '03/01/2024');
    assert.equal(await f('eu'), '01/03/2024');
    assert.equal(await f('long'), 'Friday, March 1, 2024');
    assert.equal(await f('short'), 'Mar 1, 2024');
    assert.equal(await f('time', 'Asia/Tokyo'), '00:04:05');
    assert.equal(await f('datetime', 'Asia/Tokyo'), '2024-03-02 00:04:05');
    const rel = (
      await run(datetime, 'format_date', {
        date: new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString(),
        format: 'relative',
      })
    ).formatted;
    assert.equal(rel, 'in 3 days');
  });

  it('adds and subtracts, calendar-aware across DST and month ends', async () => {
    const m = async (date: string, operation: string, amount: number, unit: string, timezone = 'UTC') =>
      (await run(datetime, 'date_math', { date, operation, amount, unit, timezone })).result;
    assert.equal(await m('2024-01-31T12:00:00Z', 'add', 1, 'months'), '2024-02-29T12:00:00.000Z');
    assert.equal(await m('2024-03-01T00:00:00Z', 'subtract', 1, 'days'), '2024-02-29T00:00:00.000Z');
    assert.equal(await m('2024-02-29T00:00:00Z', 'add', 1, 'years'), '2025-02-28T00:00:00.000Z');
    assert.equal(await m('2024-01-01T00:00:00Z', 'add', 90, 'minutes'), '2024-01-01T01:30:00.000Z');
    assert.equal(await m('2024-01-01T00:00:00Z', 'add', 2, 'weeks'), '2024-01-15T00:00:00.000Z');
    // 9:00 in New York stays 9:00 across the March DST change
    assert.equal(await m('2024-03-09T09:00:00-05:00', 'add', 1, 'days', 'America/New_York'), '2024-03-10T13:00:00.000Z');
    assert.equal(await m('2024-03-09T09:00:00-05:00', 'add', 24, 'hours', 'America/New_York'), '2024-03-10T14:00:00.000Z');
  });

  it('tells business hours', async () => {
    const b = async (date: string, extra: Record<string, unknown> = {}) =>
      (await run(datetime, 'is_business_hours', { date, ...extra })).isBusinessHours;
    assert.equal(await b('2024-03-01T10:00:00Z'), true); // Friday 10:00 UTC
    assert.equal(await b('2024-03-02T10:00:00Z'), false); // Saturday
    assert.equal(await b('2024-03-01T17:00:00Z'), false); // end is exclusive
    assert.equal(await b('2024-03-01T10:00:00Z', { timezone: 'America/Los_Angeles' }), false); // 02:00 there
    assert.equal(await b('2024-03-02T10:00:00Z', { workDays: [6] }), true);
    assert.equal(typeof (await run(datetime, 'is_business_hours', {})).isBusinessHours, 'boolean');
  });

  it('names the bad field', async () => {
    await rejectsField(run(datetime, 'parse_date', {}), 'dateString');
    await rejectsField(run(datetime, 'parse_date', { dateString: 'not a date' }), 'dateString');
    await rejectsField(run(datetime, 'parse_date', { dateString: '2024-02-30' }), 'dateString');
    await rejectsField(run(datetime, 'parse_date', { dateString: '2024-01-01', timezone: 'Mars/Olympus' }), 'timezone');
    await rejectsField(run(datetime, 'format_date', { date: '2024-01-01', format: 'klingon' }), 'format');
    await rejectsField(run(datetime, 'date_math', { date: '2024-01-01', operation: 'add', unit: 'days' }), 'amount');
    await rejectsField(
      run(datetime, 'date_math', { date: '2024-01-01', operation: 'add', amount: 1.5, unit: 'months' }),
      'amount',
    );
    await rejectsField(
      run(datetime, 'date_math', { date: '2024-01-01', operation: 'multiply', amount: 1, unit: 'days' }),
      'operation',
    );
    await rejectsField(run(datetime, 'is_business_hours', { startHour: 17, endHour: 9 }), 'endHour');
    await rejectsField(run(datetime, 'is_business_hours', { workDays: [7] }), 'workDays');
  });
});

describe('data-transformer', () => {
  const input = {
    user: { name: 'Ada', tags: ['a', 'b'] },
    items: [
      { id: 1, price: 5 },
      { id: 2, price: 15 },
    ],
    'odd key': true,
  };

  it('transforms with JSONPath', async () => {
    const { result } = await run(dataTransformer, 'transform_json', {
      input,
      mapping: {
        name: '$.user.name',
        firstTag: '$.user.tags[0]',
        lastTag: '$.user.tags[-1]',
        ids: '$.items[*].id',
        allIds: '$..id',
        odd: "$['odd key']",
        missing: '$.nope.deeper',
        whole: '$',
      },
    });
    assert.deepEqual(result, {
      name: 'Ada',
      firstTag: 'a',
      lastTag: 'b',
      ids: [1, 2],
      allIds: [1, 2],
      odd: true,
      missing: null,
      whole: input,
    });
  });

  it('merges with each strategy', async () => {
    const objects = [
      { a: 1, n: { x: 1, y: 1 } },
      { a: 2, n: { y: 2 } },
    ];
    const m = async (strategy: string) => (await run(dataTransformer, 'merge_objects', { objects, strategy })).result;
    assert.deepEqual(await m('deep'), { a: 2, n: { x: 1, y: 2 } });
    assert.deepEqual(await m('shallow'), { a: 2, n: { y: 2 } });
    assert.deepEqual(await m('last'), { a: 2, n: { y: 2 } });
    assert.deepEqual(await m('first'), { a: 1, n: { x: 1, y: 1 } });
  });

  it('filters with operators and batches', async () => {
    const array = [
      { n: 1, s: 'apple', t: { k: 'x' } },
      { n: 5, s: 'banana' },
      { n: 10, s: 'cherry' },
    ];
    const f = async (conditions: Record<string, unknown>) =>
      (await run(dataTransformer, 'filter_array', { array, conditions })).result.map((x: { n: number }) => x.n);
    assert.deepEqual(await f({ n: { $gt: 1 } }), [5, 10]);
    assert.deepEqual(await f({ n: { $gte: 5, $lt: 10 } }), [5]);
    assert.deepEqual(await f({ n: { $lte: 5 } }), [1, 5]);
    assert.deepEqual(await f({ s: { $in: ['apple', 'cherry'] } }), [1, 10]);
    assert.deepEqual(await f({ s: { $nin: ['apple'] } }), [5, 10]);
    assert.deepEqual(await f({ n: { $ne: 5 } }), [1, 10]);
    assert.deepEqual(await f({ 't.k': 'x' }), [1]);
    assert.deepEqual(await f({ t: { $exists: false } }), [5, 10]);
    assert.deepEqual(await f({ s: { $contains: 'an' } }), [5]);
    const b = await run(dataTransformer, 'batch_array', { array: [1, 2, 3, 4, 5], batchSize: 2 });
    assert.deepEqual(b, { batches: [[1, 2], [3, 4], [5]], count: 3 });
  });

  it('names the bad field', async () => {
    await rejectsField(run(dataTransformer, 'transform_json', { input: {} }), 'mapping');
    await rejectsField(run(dataTransformer, 'transform_json', { input: {}, mapping: { a: 'no-dollar' } }), 'mapping.a');
    await rejectsField(run(dataTransformer, 'transform_json', { input: {}, mapping: { a: 5 } }), 'mapping.a');
    await rejectsField(run(dataTransformer, 'merge_objects', { objects: [{}, 3] }), 'objects[1]');
    await rejectsField(run(dataTransformer, 'merge_objects', { objects: 'x' }), 'objects');
    await rejectsField(run(dataTransformer, 'filter_array', { array: [{}], conditions: { a: { $regex: 'x' } } }), 'conditions.a');
    await rejectsField(run(dataTransformer, 'batch_array', { array: [1], batchSize: 0 }), 'batchSize');
  });
});

describe('code', () => {
  it('runs JavaScript with inputs and returns the value and logs', async () => {
    const { code } = await import('./code/code.js');
    const out = await run(code, 'run_code', { code: 'console.log("n", inputs.n); return inputs.n + 1', inputs: { n: 41 } });
    assert.equal(out.result, 42);
    assert.deepEqual(out.logs, [{ level: 'log', message: 'n 41' }]);
    await assert.rejects(run(code, 'run_code', { code: 'throw new Error("boom")' }), /Error: boom/);
    await rejectsField(run(code, 'run_code', {}), 'code');
    await rejectsField(run(code, 'run_code', { code: 'return 1', inputs: [1] }), 'inputs');
  });
});
