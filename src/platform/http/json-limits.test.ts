// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_JSON_LIMITS, inspectJson, jsonProblemError, parseLimitedJson } from './json-limits.js';

const limits = { maxDepth: 4, maxEntries: 10 };

describe('JSON body limits', () => {
  it('names the first problem: depth, entries, unpaired surrogates, numbers beyond a double', () => {
    assert.equal(inspectJson({ a: { b: { c: {} } } }, limits).problem, null, 'four levels');
    assert.deepEqual(inspectJson({ a: { b: { c: { d: 1 } } } }, limits).problem, null, 'a scalar adds no level');
    assert.deepEqual(inspectJson({ a: [{ c: { d: {} } }] }, limits).problem, { kind: 'depth', field: 'a' });
    assert.deepEqual(inspectJson([[[[[]]]]], limits).problem, { kind: 'depth', field: '' });
    assert.equal(
      inspectJson(
        Array.from({ length: 10 }, () => 0),
        limits,
      ).problem,
      null,
    );
    assert.deepEqual(inspectJson({ a: Array.from({ length: 10 }, () => 0) }, limits).problem, { kind: 'entries' });
    assert.deepEqual(inspectJson({ a: { b: ['ok', 'x\ud800'] } }, limits).problem, {
      kind: 'surrogate',
      field: 'a.b.1',
      inKey: false,
    });
    assert.deepEqual(inspectJson({ a: { 'k\udc00': 1 } }, limits).problem, { kind: 'surrogate', field: 'a', inKey: true });
    assert.deepEqual(inspectJson({ n: [1, Infinity] }, limits).problem, { kind: 'number', field: 'n.1' });
    assert.equal(inspectJson({ pair: '\ud83d\ude00', zero: -0, tiny: 1e-400 }, limits).problem, null);
    assert.deepEqual(inspectJson('\ud800', limits).problem, { kind: 'surrogate', field: '', inKey: false });
    assert.deepEqual(inspectJson(-Infinity, limits).problem, { kind: 'number', field: '' });
  });

  it('repairs surrogates in place for third-party payloads, keeping the other limits', () => {
    const payload = JSON.parse('{"t":"a\\ud800","\\udfffk":["\\udc00"],"__proto__":"x\\ud800","big":1e309}') as Record<
      string,
      unknown
    >;
    const { value, problem } = inspectJson(payload, limits, 'repair');
    assert.equal(problem, null);
    assert.deepEqual(Object.entries(value as object), [
      ['t', 'a\uFFFD'],
      ['__proto__', 'x\uFFFD'],
      ['big', Infinity],
      ['\uFFFDk', ['\uFFFD']],
    ]);
    assert.equal(Object.getPrototypeOf(value), Object.prototype, 'a __proto__ key stays a key');
    assert.deepEqual(inspectJson('\udc00', limits, 'repair').value, '\uFFFD');
    assert.equal(inspectJson([[[[[]]]]], limits, 'repair').problem?.kind, 'depth');
  });

  it('walks without recursion: a million levels are refused, not a stack overflow', () => {
    const text = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    assert.throws(
      () => parseLimitedJson(text, DEFAULT_JSON_LIMITS),
      (e: any) => e.code === 'VALIDATION_ERROR' && e.message === 'body nests objects and arrays more than 64 levels deep.',
    );
    assert.throws(() => parseLimitedJson('{', DEFAULT_JSON_LIMITS), /not valid JSON/);
  });

  it('answers VALIDATION_ERROR naming the field, never the value', () => {
    const err = jsonProblemError({ kind: 'surrogate', field: 'metadata.name', inKey: false }, limits);
    assert.equal(err.code, 'VALIDATION_ERROR');
    assert.equal(err.message, 'metadata.name is not well-formed Unicode text (an unpaired UTF-16 surrogate).');
    assert.deepEqual(err.extra?.details, [
      { field: 'metadata.name', message: 'is not well-formed Unicode text (an unpaired UTF-16 surrogate)' },
    ]);
    const deep = jsonProblemError({ kind: 'depth', field: 'input' }, limits);
    assert.equal(deep.message, 'input nests objects and arrays more than 4 levels deep.');
  });
});
