// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defineAction, Property, type ActionDefinition } from './framework.js';
import type { FileInput } from './prop-values.js';
import { runAction } from './run.js';

/** True when A and B are the same type (not merely assignable); `typecheck` proves the assertions below. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const is = <T extends true>(): T => true as T;

/** Every kind of prop once; run returns its propsValue, so the runtime values can be compared with the types. */
const probe = defineAction({
  name: 'probe',
  displayName: 'Probe',
  description: 'returns its input',
  props: {
    text: Property.ShortText({ displayName: 'Text', required: true }),
    note: Property.LongText({ displayName: 'Note' }),
    count: Property.Number({ displayName: 'Count', defaultValue: 1 }),
    algorithm: Property.StaticDropdown({
      displayName: 'Algorithm',
      required: true,
      options: [
        { label: 'SHA-256', value: 'sha256' },
        { label: 'MD5', value: 'md5' },
      ],
    }),
    tags: Property.StaticMultiSelectDropdown({ displayName: 'Tags', required: true, options: [{ label: 'A', value: 1 }] }),
    flag: Property.Checkbox({ displayName: 'Flag', required: true }),
    when: Property.DateTime({ displayName: 'When', required: true }),
    data: Property.Json({ displayName: 'Data', required: true }),
    obj: Property.Object({ displayName: 'Object', required: true }),
    list: Property.Array({ displayName: 'List', required: true }),
    rows: Property.Array({
      displayName: 'Rows',
      items: {
        name: Property.ShortText({ displayName: 'Name', required: true }),
        size: Property.Number({ displayName: 'Size' }),
      },
    }),
    file: Property.File({ displayName: 'File', required: true }),
  },
  run: async ({ propsValue: p }) => {
    is<Equal<typeof p.text, string>>();
    is<Equal<typeof p.note, string | null | undefined>>(); // optional: absent, or null when the caller sent null
    is<Equal<typeof p.count, number | null | undefined>>(); // a default fills only an absent value
    is<Equal<typeof p.algorithm, 'sha256' | 'md5'>>();
    is<Equal<typeof p.tags, 1[]>>();
    is<Equal<typeof p.flag, boolean | null | undefined>>(); // validateInput never requires a checkbox
    is<Equal<typeof p.when, string | number>>();
    is<Equal<typeof p.data, unknown>>();
    is<Equal<typeof p.obj, Record<string, unknown>>>();
    is<Equal<typeof p.list, unknown[]>>();
    is<Equal<typeof p.rows, { name: string; size: number | null | undefined }[] | null | undefined>>();
    is<Equal<typeof p.file, FileInput>>();

    // Never called: each line must fail to compile.
    const _wrong = () => {
      // @ts-expect-error -- not a declared prop
      void p.txt;
      // @ts-expect-error -- an optional prop may be absent
      void p.note.length;
      // @ts-expect-error -- a number is not a string
      const _text: number = p.text;
      // @ts-expect-error -- not one of the dropdown's options
      if (p.algorithm === 'sha1') return;
      // @ts-expect-error -- an object prop is not an array
      const _list: unknown[] = p.obj;
    };
    return p;
  },
});

describe('typed props', () => {
  it('defineAction gives the engine an ActionDefinition, and its run gets what the types say', async () => {
    const erased: ActionDefinition = probe;
    const input = { text: 7, note: null, algorithm: 'md5', tags: [1], when: 0, data: [1], obj: {}, list: [], file: 'aGk=' };
    // text coerced to a string, count defaulted, note null as sent, flag absent (not required after all)
    assert.deepEqual(await runAction(erased, input), { ...input, text: '7', count: 1 });
  });
});
