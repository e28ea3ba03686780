import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Property } from '../../../src/integrations/framework.js';
import { catalogFromIntegrations, validateInput, type CatalogData } from '../src/catalog.js';
import { ValidationError, type Switchboard } from '../src/index.js';
import { slug, startWorld, type World, testIntegration } from './world.js';

/** An action with one prop of every kind validateInput checks (not in the generated catalog: added at run time). */
const forms = testIntegration('sdk-test-forms', 'Forms', [
  {
    name: 'submit',
    displayName: 'Submit',
    description: 'echoes its input',
    props: {
      name: Property.ShortText({ displayName: 'Name', required: true }),
      count: Property.Number({ displayName: 'Count', integer: true, min: 1, max: 10 }),
      flag: Property.Checkbox({ displayName: 'Flag', required: true }),
      when: Property.DateTime({ displayName: 'When' }),
      color: Property.StaticDropdown({
        displayName: 'Color',
        options: [
          { label: 'Red', value: 'red' },
          { label: 'Blue', value: 'blue' },
        ],
      }),
      tags: Property.StaticMultiSelectDropdown({
        displayName: 'Tags',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      }),
      items: Property.Array({
        displayName: 'Items',
        items: {
          name: Property.ShortText({ displayName: 'Item name', required: true }),
          qty: Property.Number({ displayName: 'Quantity', min: 0 }),
        },
      }),
      meta: Property.Object({ displayName: 'Meta' }),
      file: Property.File({ displayName: 'File' }),
      size: Property.Number({ displayName: 'Size', defaultValue: 'big' }),
    },
    run: async (ctx) => ctx.propsValue,
  },
]);

describe('TypeScript SDK: validateInput agrees with the service', () => {
  let w: World;
  let client: Switchboard;
  let workspaceId: string;
  let catalog: CatalogData;
  before(async () => {
    w = await startWorld();
    w.t.app.services.registry.register(forms);
    ({ client } = await w.tenant());
    workspaceId = (await client.workspaces.create({ body: { name: 'V', slug: slug() } })).workspace.id;
    const listed = await client.integrations.list();
    assert.ok('integrations' in listed);
    catalog = catalogFromIntegrations(listed);
  });
  after(async () => w.close());

  /** The service's first problem with `input`, or null when it runs the action. */
  async function serviceSays(integrationName: string, actionName: string, input: Record<string, unknown>) {
    try {
      await client.actions.execute({ body: { integrationName, actionName, workspaceId, input } });
      return null;
    } catch (err) {
      assert.ok(err instanceof ValidationError, String(err));
      assert.equal(err.message, `${err.details![0]!.field} ${err.details![0]!.message}`);
      return err.details![0]!;
    }
  }

  it('hash-encode/hash (the generated catalog): the first problem is the service’s details[0]', async () => {
    const cases: Array<Record<string, unknown>> = [
      {},
      { text: '   ' },
      { text: { not: 'text' } },
      { text: 'a', algorithm: 'sha3' },
      { text: 'a', encoding: 42 },
      { text: ['x'], algorithm: 'nope' },
    ];
    for (const input of cases) {
      const local = validateInput('hash-encode', 'hash', input);
      assert.ok(local.length > 0, JSON.stringify(input));
      assert.deepEqual(local[0], await serviceSays('hash-encode', 'hash', input), JSON.stringify(input));
    }
    assert.deepEqual(validateInput('hash-encode', 'hash', { text: ['x'], algorithm: 'nope' }), [
      { field: 'input.text', message: 'must be a string' },
      { field: 'input.algorithm', message: 'must be one of "sha256", "sha1", "sha512", "md5"' },
    ]);
    assert.deepEqual(validateInput('hash-encode', 'hash', { text: 'ok', algorithm: 'md5' }), []);
    assert.equal(await serviceSays('hash-encode', 'hash', { text: 'ok', algorithm: 'md5' }), null);
  });

  it('every prop kind, array items included (a catalog read from the running service)', async () => {
    const good = { name: 'n', flag: false, size: 3 };
    const cases: Array<Record<string, unknown>> = [
      {},
      { name: 'n' },
      { ...good, count: 'x' },
      { ...good, count: 2.5 },
      { ...good, count: 0 },
      { ...good, count: 11 },
      { ...good, flag: 'yes' },
      { ...good, when: 'not a date' },
      { ...good, color: 'green' },
      { ...good, tags: 'a' },
      { ...good, tags: ['a', 'c'] },
      { ...good, items: {} },
      { ...good, items: [{ name: 'ok' }, 'x'] },
      { ...good, items: [{ name: 'ok' }, { qty: 1 }] },
      { ...good, items: [{ name: 'ok', qty: -1 }] },
      { ...good, meta: [] },
      { ...good, file: 'not a file!' },
      { ...good, file: 'data:text/plain;base64,@@@' },
      { ...good, file: { filename: 'a.txt' } },
      { name: 'n', flag: true },
    ];
    for (const input of cases) {
      const local = validateInput('sdk-test-forms', 'submit', input, { catalog });
      assert.ok(local.length > 0, JSON.stringify(input));
      assert.deepEqual(local[0], await serviceSays('sdk-test-forms', 'submit', input), JSON.stringify(input));
    }
    // All the problems, in the service's order.
    assert.deepEqual(
      validateInput('sdk-test-forms', 'submit', { flag: 'no', items: [{ qty: 'x' }], size: 1 }, { catalog }).map((p) => p.field),
      ['input.name', 'input.flag', 'input.items[0].name', 'input.items[0].qty'],
    );
    const valid = {
      ...good,
      count: '3',
      when: '2026-01-01T00:00:00Z',
      color: 'blue',
      tags: ['a', 'b'],
      items: [{ name: 'x', qty: 2 }],
      meta: { k: 1 },
      file: { filename: 'a.txt', base64: 'aGVsbG8=' },
    };
    assert.deepEqual(validateInput('sdk-test-forms', 'submit', valid, { catalog }), []);
    assert.equal(await serviceSays('sdk-test-forms', 'submit', valid), null);
  });

  it('names what it does not know: an unknown integration or action', () => {
    assert.throws(() => validateInput('sdk-test-forms', 'submit', {}), /Unknown integration "sdk-test-forms".*--from/);
    assert.throws(() => validateInput('hash-encode', 'nope' as 'hash', {}), /Unknown action "nope" of integration "hash-encode"/);
    assert.deepEqual(validateInput('hash-encode', 'hash', 'x' as unknown as Record<string, unknown>), [
      { field: 'input', message: 'must be an object' },
    ]);
  });
});
