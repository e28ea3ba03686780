import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ENCRYPTED_COLUMNS, rotateSecrets, SecretBox } from './secrets.js';
import { startApp, type TestApp } from '../../test/harness.js';

describe('secrets at rest', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('binds a ciphertext to its row', () => {
    const box = SecretBox.fromKeys(randomBytes(32));
    const sealed = box.seal('connection', 'row-1', { secret_text: 's3cret' });
    assert.deepEqual(box.open('connection', 'row-1', sealed), { secret_text: 's3cret' });
    assert.throws(() => box.open('connection', 'row-2', sealed), 'copied onto another row, it does not decrypt');
    assert.throws(() => box.open('oauth_app', 'row-1', sealed));
  });

  it('re-encrypts every stored secret under a new key, and the old key can then go', async () => {
    const { key } = await t.tenant();
    for (let i = 0; i < 3; i++) {
      const r = await t.post('/api/v1/connections', key, {
        type: 'SECRET_TEXT',
        integrationName: 'sendgrid',
        externalId: `rot-${i}`,
        displayName: 'x',
        secretText: `secret-${i}-abcdef`,
      });
      assert.equal(r.status, 201);
    }
    const oldKey = t.config.encryptionKey!;
    const newKey = randomBytes(32);
    const rotating = SecretBox.fromKeys(newKey, [oldKey]);
    const done = await rotateSecrets(t.db, rotating, 2);
    assert.ok((done.connections ?? 0) >= 3);
    const rows = await t.db.query<{ id: string; credentials: string }>('SELECT id, credentials FROM connections');
    for (const row of rows) assert.ok(row.credentials.startsWith(`v1.${rotating.primaryKeyId}.`));
    const newOnly = SecretBox.fromKeys(newKey);
    const values = rows.map((r) => newOnly.open<{ secret_text: string }>('connection', r.id, r.credentials).secret_text);
    for (let i = 0; i < 3; i++) assert.ok(values.includes(`secret-${i}-abcdef`));
    assert.deepEqual(
      await rotateSecrets(t.db, rotating),
      Object.fromEntries(ENCRYPTED_COLUMNS.map((c) => [c.table, 0])),
      'a second run has nothing to do',
    );
  });
});
