import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { mcpServers, mcpTokens, mcpToolPartials, mcpTools } from '../../platform/db/schema.js';

export type McpServerRow = typeof mcpServers.$inferSelect;
export type McpToolRow = typeof mcpTools.$inferSelect;
export type McpToolWithPartials = McpToolRow & { partialIds: string[] };

export interface ServerFilter {
  workspaceId?: string;
  includeSuspended: boolean;
  /** null = every workspace of the organization */
  onlyWorkspaceIds: string[] | null;
}

const NONE = '00000000-0000-0000-0000-000000000000';

function where(orgId: string, f: ServerFilter): SQL | undefined {
  return and(
    eq(mcpServers.orgId, orgId),
    f.workspaceId ? eq(mcpServers.workspaceId, f.workspaceId) : undefined,
    f.includeSuspended ? undefined : eq(mcpServers.suspended, false),
    f.onlyWorkspaceIds ? inArray(mcpServers.workspaceId, f.onlyWorkspaceIds.length ? f.onlyWorkspaceIds : [NONE]) : undefined,
  );
}

export async function listServers(
  db: Executor,
  orgId: string,
  f: ServerFilter,
  limit: number,
  offset: number,
): Promise<McpServerRow[]> {
  return db
    .select()
    .from(mcpServers)
    .where(where(orgId, f))
    .orderBy(desc(mcpServers.createdAt), desc(mcpServers.id))
    .limit(limit)
    .offset(offset);
}

export async function countServers(db: Executor, orgId: string, f?: ServerFilter): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(mcpServers)
    .where(f ? where(orgId, f) : eq(mcpServers.orgId, orgId));
  return r?.n ?? 0;
}

export async function findServer(db: Executor, orgId: string, id: string): Promise<McpServerRow | null> {
  const [row] = await db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.orgId, orgId), eq(mcpServers.id, id)))
    .limit(1);
  return row ?? null;
}

/** The MCP endpoint names a server by id alone; the organization comes from the row. */
export async function findServerById(db: Executor, id: string): Promise<McpServerRow | null> {
  const [row] = await db.select().from(mcpServers).where(eq(mcpServers.id, id)).limit(1);
  return row ?? null;
}

export async function insertServer(db: Executor, row: typeof mcpServers.$inferInsert): Promise<McpServerRow> {
  const [created] = await db.insert(mcpServers).values(row).returning();
  return created!;
}

export async function updateServer(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<typeof mcpServers.$inferInsert>,
): Promise<McpServerRow | null> {
  const [row] = await db
    .update(mcpServers)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(mcpServers.orgId, orgId), eq(mcpServers.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteServer(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(mcpServers)
    .where(and(eq(mcpServers.orgId, orgId), eq(mcpServers.id, id)))
    .returning({ id: mcpServers.id });
  return rows.length > 0;
}

/** Servers of a workspace that hold a shared static bearer token and act for no particular end user. */
export async function staticBearerServersWithoutEndUser(
  db: Executor,
  orgId: string,
  workspaceId: string,
): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: mcpServers.id, name: mcpServers.name })
    .from(mcpServers)
    .innerJoin(mcpTokens, and(eq(mcpTokens.mcpServerId, mcpServers.id), eq(mcpTokens.kind, 'static')))
    .where(
      and(
        eq(mcpServers.orgId, orgId),
        eq(mcpServers.workspaceId, workspaceId),
        isNull(mcpServers.endUserId),
        inArray(mcpServers.authMode, ['bearer', 'oauth_and_bearer']),
      ),
    );
}

// ---- tools ----

async function withPartials(db: Executor, rows: McpToolRow[]): Promise<McpToolWithPartials[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(mcpToolPartials)
    .where(
      inArray(
        mcpToolPartials.toolId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(mcpToolPartials.position));
  const byTool = new Map<string, string[]>();
  for (const l of links) byTool.set(l.toolId, [...(byTool.get(l.toolId) ?? []), l.partialId]);
  return rows.map((r) => ({ ...r, partialIds: byTool.get(r.id) ?? [] }));
}

export async function listTools(db: Executor, orgId: string, serverId: string): Promise<McpToolWithPartials[]> {
  const rows = await db
    .select()
    .from(mcpTools)
    .where(and(eq(mcpTools.orgId, orgId), eq(mcpTools.mcpServerId, serverId)))
    .orderBy(asc(mcpTools.sortOrder), asc(mcpTools.createdAt), asc(mcpTools.id));
  return withPartials(db, rows);
}

export async function findTool(
  db: Executor,
  orgId: string,
  serverId: string,
  toolId: string,
): Promise<McpToolWithPartials | null> {
  const [row] = await db
    .select()
    .from(mcpTools)
    .where(and(eq(mcpTools.orgId, orgId), eq(mcpTools.mcpServerId, serverId), eq(mcpTools.id, toolId)))
    .limit(1);
  return row ? ((await withPartials(db, [row]))[0] ?? null) : null;
}

export async function insertTool(db: Executor, row: typeof mcpTools.$inferInsert): Promise<McpToolRow> {
  const [created] = await db.insert(mcpTools).values(row).returning();
  return created!;
}

export async function updateTool(
  db: Executor,
  orgId: string,
  toolId: string,
  patch: Partial<typeof mcpTools.$inferInsert>,
): Promise<McpToolRow | null> {
  const [row] = await db
    .update(mcpTools)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(mcpTools.orgId, orgId), eq(mcpTools.id, toolId)))
    .returning();
  return row ?? null;
}

export async function deleteTool(db: Executor, orgId: string, serverId: string, toolId: string): Promise<boolean> {
  const rows = await db
    .delete(mcpTools)
    .where(and(eq(mcpTools.orgId, orgId), eq(mcpTools.mcpServerId, serverId), eq(mcpTools.id, toolId)))
    .returning({ id: mcpTools.id });
  return rows.length > 0;
}

export async function setToolPartials(db: Executor, toolId: string, partialIds: string[]): Promise<void> {
  await db.delete(mcpToolPartials).where(eq(mcpToolPartials.toolId, toolId));
  if (partialIds.length)
    await db.insert(mcpToolPartials).values(partialIds.map((partialId, position) => ({ toolId, partialId, position })));
}

/** Another integration already uses this alias among the server's tools. */
export async function toolAliasOwner(
  db: Executor,
  orgId: string,
  serverId: string,
  alias: string,
  exceptToolId?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ integrationName: mcpTools.integrationName })
    .from(mcpTools)
    .where(
      and(
        eq(mcpTools.orgId, orgId),
        eq(mcpTools.mcpServerId, serverId),
        eq(mcpTools.integrationAlias, alias),
        exceptToolId ? sql`${mcpTools.id} <> ${exceptToolId}` : undefined,
      ),
    )
    .limit(1);
  return row?.integrationName ?? null;
}

/** A token issued for one end user through the API (access-tokens, oauth-tokens) of this server: not the static one, not an OAuth grant's. */
export async function findIssuedToken(db: Executor, orgId: string, serverId: string, tokenId: string) {
  const [row] = await db
    .select({ id: mcpTokens.id })
    .from(mcpTokens)
    .where(
      and(
        eq(mcpTokens.id, tokenId),
        eq(mcpTokens.orgId, orgId),
        eq(mcpTokens.mcpServerId, serverId),
        inArray(mcpTokens.kind, ['bearer', 'oauth_access']),
        isNull(mcpTokens.grantId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The server's tokens in use: the static one and those issued through access-tokens or oauth-tokens, neither revoked
 * nor expired, newest first (decision 0135). Tokens of MCP OAuth grants are the grant's, not listed.
 */
export async function listIssuedTokens(db: Executor, orgId: string, serverId: string, limit: number, offset: number) {
  const where = and(
    eq(mcpTokens.orgId, orgId),
    eq(mcpTokens.mcpServerId, serverId),
    inArray(mcpTokens.kind, ['static', 'bearer', 'oauth_access']),
    isNull(mcpTokens.grantId),
    isNull(mcpTokens.revokedAt),
    or(isNull(mcpTokens.expiresAt), gt(mcpTokens.expiresAt, new Date())),
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(mcpTokens).where(where).orderBy(desc(mcpTokens.createdAt), desc(mcpTokens.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(mcpTokens).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
