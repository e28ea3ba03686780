import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Orm } from '../../platform/db/database.js';
import { kvEntries } from '../../platform/db/schema.js';
import { NotAListError, type KeyValueStore, type StateScope } from '../framework.js';

/**
 * Key-value state in PostgreSQL for one persistence scope. Every operation is one statement, so concurrent list
 * appends and removals never lose an element.
 */
export class DbKeyValueStore implements KeyValueStore {
  constructor(
    private readonly orm: Orm,
    private readonly scope: StateScope,
  ) {}

  private where(key: string) {
    return and(
      eq(kvEntries.workspaceId, this.scope.workspaceId),
      eq(kvEntries.scope, this.scope.kind),
      eq(kvEntries.scopeId, this.scope.id),
      eq(kvEntries.key, key),
      eq(kvEntries.orgId, this.scope.orgId),
    );
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    const [row] = await this.orm.select({ value: kvEntries.value }).from(kvEntries).where(this.where(key)).limit(1);
    return row ? (row.value as T) : null;
  }

  async put(key: string, value: unknown): Promise<void> {
    const { orgId, workspaceId, kind, id } = this.scope;
    await this.orm
      .insert(kvEntries)
      .values({ orgId, workspaceId, scope: kind, scopeId: id, key, value: value })
      .onConflictDoUpdate({
        target: [kvEntries.workspaceId, kvEntries.scope, kvEntries.scopeId, kvEntries.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }

  async delete(key: string): Promise<boolean> {
    return (await this.orm.delete(kvEntries).where(this.where(key)).returning({ key: kvEntries.key })).length > 0;
  }

  async appendToList(key: string, value: unknown): Promise<unknown[]> {
    const { orgId, workspaceId, kind, id } = this.scope;
    const item = JSON.stringify([value]);
    const rows = await queryRows<{ value: unknown }>(
      this.orm,
      sql`
      INSERT INTO kv_entries (org_id, workspace_id, scope, scope_id, key, value)
      VALUES (${orgId}, ${workspaceId}, ${kind}, ${id}, ${key}, ${item}::jsonb)
      ON CONFLICT (workspace_id, scope, scope_id, key) DO UPDATE
        SET value = CASE WHEN jsonb_typeof(kv_entries.value) = 'array' THEN kv_entries.value || excluded.value ELSE kv_entries.value END,
            updated_at = now()
      RETURNING value`,
    );
    const list = rows[0]?.value;
    if (!Array.isArray(list)) throw new NotAListError(key);
    return list;
  }

  async removeFromList(key: string, value: unknown): Promise<{ list: unknown[]; removed: number }> {
    const item = JSON.stringify(value);
    const rows = await queryRows<{ value: unknown[]; before: number }>(
      this.orm,
      sql`
      WITH old AS (
        SELECT value FROM kv_entries
        WHERE workspace_id = ${this.scope.workspaceId} AND scope = ${this.scope.kind} AND scope_id = ${this.scope.id}
          AND key = ${key} AND org_id = ${this.scope.orgId}
        FOR UPDATE
      )
      UPDATE kv_entries SET
        value = (SELECT coalesce(jsonb_agg(e ORDER BY i), '[]'::jsonb) FROM jsonb_array_elements(kv_entries.value) WITH ORDINALITY AS t(e, i) WHERE e <> ${item}::jsonb),
        updated_at = now()
      FROM old
      WHERE kv_entries.workspace_id = ${this.scope.workspaceId} AND kv_entries.scope = ${this.scope.kind}
        AND kv_entries.scope_id = ${this.scope.id} AND kv_entries.key = ${key} AND jsonb_typeof(old.value) = 'array'
      RETURNING kv_entries.value AS value, jsonb_array_length(old.value) AS before`,
    );
    const row = rows[0];
    if (!row) {
      const current = await this.get(key);
      if (current === null) return { list: [], removed: 0 };
      throw new NotAListError(key);
    }
    return { list: row.value, removed: Number(row.before) - row.value.length };
  }
}
