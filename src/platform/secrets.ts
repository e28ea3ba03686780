import type { Database } from './db/database.js';
import { Encryptor } from './crypto.js';

/**
 * Secrets at rest: JSON values sealed with AES-256-GCM, bound to the row they belong to (the additional data is
 * `<purpose>:<row id>`, so a ciphertext copied onto another row does not decrypt).
 */
export class SecretBox {
  constructor(private readonly encryptor: Encryptor) {}

  static fromKeys(primary: Buffer, previous: Buffer[] = []): SecretBox {
    return new SecretBox(new Encryptor(primary, previous));
  }

  get primaryKeyId(): string {
    return this.encryptor.primary.id;
  }

  seal(purpose: string, id: string, value: unknown): string {
    return this.encryptor.encrypt(JSON.stringify(value), `${purpose}:${id}`);
  }

  open<T = unknown>(purpose: string, id: string, envelope: string): T {
    return JSON.parse(this.openText(purpose, id, envelope)) as T;
  }

  /** The sealed value as the JSON text it was sealed from (for a caller that parses a copy of it each time). */
  openText(purpose: string, id: string, envelope: string): string {
    return this.encryptor.decrypt(envelope, `${purpose}:${id}`);
  }

  /** Re-seal with the primary key (no-op result when already under it). */
  reseal(purpose: string, id: string, envelope: string): string | null {
    if (this.encryptor.keyIdOf(envelope) === this.primaryKeyId) return null;
    return this.seal(purpose, id, this.open(purpose, id, envelope));
  }
}

/** Every encrypted column: `switchboard keys rotate-encryption` re-seals each. A module that adds one lists it here. */
export const ENCRYPTED_COLUMNS: ReadonlyArray<{ table: string; column: string; purpose: string }> = [
  { table: 'connections', column: 'credentials', purpose: 'connection' },
  { table: 'oauth_apps', column: 'client_secret', purpose: 'oauth_app' },
  { table: 'webhook_signing_secrets', column: 'secret', purpose: 'webhook_signing_secret' },
  { table: 'webhook_signing_secrets', column: 'previous_secret', purpose: 'webhook_signing_secret' },
  { table: 'webhook_deliveries', column: 'headers', purpose: 'delivery_headers' },
  { table: 'trigger_sources', column: 'callback_headers', purpose: 'trigger_headers' },
  { table: 'trigger_sources', column: 'input', purpose: 'trigger_input' },
  { table: 'trigger_sources', column: 'state', purpose: 'trigger_state' },
  { table: 'connect_sessions', column: 'oauth_pkce', purpose: 'connect_session' },
  { table: 'connect_sessions', column: 'return_to', purpose: 'connect_session' },
  { table: 'mcp_code_runs', column: 'steps', purpose: 'mcp_code_run' },
];

/**
 * Re-encrypt every secret not yet under the primary key, in batches; each row is updated only if it did not
 * change meanwhile. Returns how many rows of each table were re-encrypted.
 */
export async function rotateSecrets(db: Database, box: SecretBox, batch = 200): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const { table, column, purpose } of ENCRYPTED_COLUMNS) {
    let count = 0;
    const prefix = `v1.${box.primaryKeyId}.`;
    for (;;) {
      const rows = await db.query<{ id: string; value: string }>(
        `SELECT id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND left(${column}, $1) <> $2 ORDER BY id LIMIT $3`,
        [prefix.length, prefix, batch],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const sealed = box.reseal(purpose, row.id, row.value);
        if (sealed) {
          await db.query(`UPDATE ${table} SET ${column} = $1 WHERE id = $2 AND ${column} = $3`, [sealed, row.id, row.value]);
          count++;
        }
      }
    }
    done[table] = (done[table] ?? 0) + count;
  }
  return done;
}
