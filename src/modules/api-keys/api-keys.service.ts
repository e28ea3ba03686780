import type { Executor, Orm } from '../../platform/db/database.js';
import type { KeyPermissions } from '../../platform/db/schema.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { PlanTable } from '../../platform/plans.js';
import { createWithinQuota } from '../../platform/quota.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { toApiKey } from './api-keys.mapper.js';
import * as repo from './api-keys.repository.js';
import type { CreateApiKeyInput, PermissionsInput } from './api-keys.schemas.js';
import type { ApiKeyVerifier } from './api-keys.verifier.js';

export interface ApiKeysDeps {
  orm: Orm;
  plans: PlanTable;
  bus: InvalidationBus;
  verifier: ApiKeyVerifier;
  /** Checks that the workspaces a key is scoped to belong to the organization. */
  workspaces: WorkspacesService;
}

export interface IssuedKey {
  apiKey: ReturnType<typeof toApiKey>;
  plainKey: string;
}

export class ApiKeysService {
  constructor(private readonly deps: ApiKeysDeps) {}

  async list(actor: Actor, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      repo.listApiKeys(this.deps.orm, actor.orgId, page.limit, page.offset),
      repo.countActiveApiKeys(this.deps.orm, actor.orgId),
    ]);
    return { apiKeys: rows.map((r) => toApiKey(r, this.deps.verifier.pendingLastUsed(r.id))), total };
  }

  async create(actor: Actor, input: CreateApiKeyInput): Promise<IssuedKey> {
    return this.issue(actor.orgId, input);
  }

  /** Also used by bootstrap, the operator API and the CLI (no actor: the operator is trusted). */
  async issue(orgId: string, input: CreateApiKeyInput, tx?: Executor): Promise<IssuedKey> {
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new AppError('VALIDATION_ERROR', 'expiresAt must be in the future.');
    }
    const run = async (db: Executor) => {
      const permissions = await this.normalizePermissions(db, orgId, input.permissions ?? null);
      const plainKey = newToken(TOKEN_PREFIX.apiKey);
      const row = await repo.insertApiKey(db, {
        id: newId(),
        orgId,
        name: input.name,
        keyHash: hashToken(plainKey),
        keyPrefix: plainKey.slice(0, 8),
        permissions,
        expiresAt,
      });
      return { apiKey: toApiKey(row), plainKey };
    };
    if (tx) return run(tx);
    return createWithinQuota(this.deps.orm, this.deps.plans, orgId, 'apiKeys', (t) => repo.countActiveApiKeys(t, orgId), run);
  }

  async revoke(actor: Actor, id: string) {
    const row = await repo.revokeApiKey(this.deps.orm, actor.orgId, id);
    if (!row) throw new AppError('NOT_FOUND', 'API key not found.');
    await this.deps.bus.publish({ type: 'api_key', id: row.id });
    return { deleted: true as const, id: row.id };
  }

  private async normalizePermissions(db: Executor, orgId: string, p: PermissionsInput | null): Promise<KeyPermissions | null> {
    if (p === null) return null;
    const decide = p.approvals?.decide;
    const approvals = decide === undefined ? {} : { approvals: { decide } };
    if (p.scope === 'org') return { scope: 'org', ...approvals };
    const ids = [...new Set(p.workspaceIds ?? [])];
    if (ids.length === 0) {
      throw new AppError('VALIDATION_ERROR', "permissions.workspaceIds is required when scope is 'workspace'.");
    }
    const found = await this.deps.workspaces.existingIds(db, orgId, ids);
    if (found.length !== ids.length) {
      const known = new Set(found);
      const missing = ids.filter((id) => !known.has(id));
      throw new AppError('VALIDATION_ERROR', `permissions.workspaceIds has unknown workspaces: ${missing.join(', ')}.`);
    }
    return { scope: 'workspace', workspaceIds: ids, ...approvals };
  }

  /** How many count toward the plan's limit (the organization's usage page). */
  async quotaCount(orgId: string): Promise<number> {
    return repo.countActiveApiKeys(this.deps.orm, orgId);
  }
}
