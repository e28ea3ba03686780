import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startApp, type TestApp } from '../../../test/harness.js';
import { register } from '../../../test/connect-fixtures.js';
import { defineAction, defineIntegration } from '../../integrations/framework.js';

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

/** An integration whose action answers a digest of the key it ran with (never the key). */
const probe = defineIntegration({
  name: 'opened-probe',
  displayName: 'Opened probe',
  description: 'Shows which key a call ran with',
  logoUrl: '',
  categories: [],
  runtime: 'builtin',
  version: '1.0.0',
  auth: [{ key: 'secret_text', type: 'SECRET_TEXT', displayName: 'Key' }],
  actions: [
    defineAction({
      name: 'which_key',
      displayName: 'Which key',
      description: 'A digest of the key',
      props: {},
      requireAuth: true,
      run: async (ctx) => {
        const value = (ctx.auth as { value: { secret_text: string } }).value;
        const digested = { digest: digest(value.secret_text) };
        value.secret_text = 'changed by the action'; // a call's copy is its own
        return digested;
      },
    }),
  ],
});

/**
 * Connection credentials are opened at most every 5 s per ciphertext (0167): a call reuses what an earlier one opened,
 * new credentials are a new ciphertext and are used at once, and a ciphertext is never served for another row.
 */
describe('opened connection credentials', () => {
  let t: TestApp;
  let key: string;
  let orgId: string;
  let ws: string;
  const ids: Record<string, string> = {};
  let opens = 0;

  const run = (connectionExternalId: 'alpha' | 'beta') =>
    t.post('/api/v1/actions/execute', key, {
      integrationName: 'opened-probe',
      actionName: 'which_key',
      workspaceId: ws,
      connectionExternalId,
      input: {},
    });
  const record = async (id: string) => (await t.app.services.connections.find(orgId, id))!;

  before(async () => {
    t = await startApp();
    register(t, [probe]);
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Opened', plan: 'enterprise' });
    key = org.body.plainKey;
    orgId = org.body.organization.id;
    ws = (await t.workspace(key)).id;
    for (const name of ['alpha', 'beta']) {
      const res = await t.post('/api/v1/connections', key, {
        type: 'SECRET_TEXT',
        integrationName: 'opened-probe',
        externalId: name,
        displayName: name,
        secretText: `key-${name}`,
        workspaceId: ws,
        scope: 'WORKSPACE',
      });
      assert.equal(res.status, 201, res.text);
      ids[name] = res.body.connection.id;
    }
    const secrets = t.app.services.secrets;
    const openText = secrets.openText.bind(secrets);
    secrets.openText = (purpose, id, envelope) => {
      if (purpose === 'connection') opens++;
      return openText(purpose, id, envelope);
    };
  });
  after(async () => t?.close());

  it('opens unchanged credentials once, and new ones at the next call', async () => {
    const before = opens;
    for (let i = 0; i < 3; i++) {
      const res = await run('alpha');
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.output, { digest: digest('key-alpha') }, 'each call gets an unchanged copy');
    }
    assert.equal(opens - before, 1, 'three calls, one decryption');

    await t.app.services.connections.updateCredentials(
      orgId,
      ids.alpha!,
      { secret_text: 'key-alpha-2' },
      {
        verification: 'unverified',
      },
    );
    const res = await run('alpha');
    assert.deepEqual(res.body.output, { digest: digest('key-alpha-2') });
    assert.equal(opens - before, 2);
  });

  it('binds what it opened to the row and its ciphertext, not only to change messages', async () => {
    assert.deepEqual((await run('alpha')).body.output, { digest: digest('key-alpha-2') }, 'opened for alpha just now');
    // Read in a transaction, as the OAuth2 refresher does: the row comes from the database, not from a cache.
    const opened = async (id: string) => {
      const conn = await record(id);
      return t.db.orm.transaction(async (tx) => (await t.app.services.connections.credentials(conn, tx)).value);
    };
    // Another node seals new credentials, and this one reads the row before that node's message arrives.
    const sealed = t.app.services.secrets.seal('connection', ids.alpha!, { secret_text: 'key-alpha-3' });
    await t.db.query('UPDATE connections SET credentials = $1 WHERE id = $2', [sealed, ids.alpha]);
    assert.deepEqual(await opened(ids.alpha!), { secret_text: 'key-alpha-3' });
    // A ciphertext copied onto another row does not open for it, though it is in memory for its own.
    await t.db.query('UPDATE connections SET credentials = (SELECT credentials FROM connections WHERE id = $1) WHERE id = $2', [
      ids.alpha,
      ids.beta,
    ]);
    await assert.rejects(opened(ids.beta!));
    const [row] = await t.db.query<{ credentials: string }>('SELECT credentials FROM connections WHERE id = $1', [ids.beta]);
    assert.ok(!row!.credentials.includes('key-'), 'stored sealed');
  });
});
