import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, invalidField, isUniqueViolation, violatedConstraint } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { CONFIG_CACHE_TTL_MS, type WorkspacesService } from '../workspaces/workspaces.service.js';
import { ConfigCache } from '../../platform/cache.js';
import * as repo from './partials.repository.js';
import type { PartialRow } from './partials.repository.js';
import type { CreatePartialInput, ListPartialsQueryInput, UpdatePartialInput } from './partials.schemas.js';
import type { WorkspaceIntegrationsService } from '../workspace-integrations/workspace-integrations.service.js';

/** What a call targets when partials are chosen for it: an action or a trigger of an integration under an alias. */
export interface PartialTarget {
  integrationName: string;
  alias: string;
  actionName?: string;
  triggerName?: string;
}

const scopeKey = (integrationName: string, alias: string | null, actionName: string | null, triggerName: string | null) =>
  `${integrationName}|${alias ?? '*'}|${actionName ? `action:${actionName}` : triggerName ? `trigger:${triggerName}` : '*'}`;

/** Specificity for merge order: integration-wide first, then the target's own; alias-wide before alias-specific. */
const rank = (p: PartialRow) => (p.integrationAlias ? 2 : 0) + (p.actionName || p.triggerName ? 1 : 0);

export function toPartial(row: PartialRow) {
  return {
    id: row.id,
    orgId: row.orgId,
    workspaceId: row.workspaceId,
    integrationName: row.integrationName,
    workspaceIntegrationId: row.workspaceIntegrationId,
    integrationAlias: row.integrationAlias,
    actionName: row.actionName,
    triggerName: row.triggerName,
    name: row.name,
    description: row.description,
    values: row.values ?? {},
    enforcedKeys: row.enforcedKeys ?? [],
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saved input presets merged into action, trigger and property-resolution input. */
export class PartialsService {
  /** Every partial of a workspace (read by every call that merges input). */
  private readonly cache = new ConfigCache<PartialRow[]>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 20_000 });

  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      workspaces: WorkspacesService;
      /** The configured instances a partial names (by id or alias). */
      workspaceIntegrations: Pick<WorkspaceIntegrationsService, 'lookup'>;
      bus: InvalidationBus;
    },
  ) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'all') this.cache.clear();
      else if (msg.type === 'workspace_config' || msg.type === 'workspace')
        this.cache.invalidateTag(`ws:${msg.type === 'workspace' ? msg.id : msg.workspaceId}`);
    });
  }

  async create(actor: Actor, input: CreatePartialInput) {
    await this.deps.workspaces.requireUsable(actor, input.workspaceId);
    const def = this.deps.registry.get(input.integrationName, actor.orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${input.integrationName}".`);
    if (input.actionName !== undefined && input.triggerName !== undefined)
      throw invalidField(
        'triggerName',
        'cannot be given with actionName (a partial is for one action, one trigger, or the whole integration)',
      );
    if (input.actionName !== undefined && !def.actions[input.actionName])
      throw invalidField('actionName', `"${input.actionName}" is not an action of ${def.name}`);
    if (input.triggerName !== undefined && !def.triggers[input.triggerName])
      throw invalidField('triggerName', `"${input.triggerName}" is not a trigger of ${def.name}`);

    let workspaceIntegrationId: string | null = null;
    let alias: string | null = input.integrationAlias ?? null;
    if (input.workspaceIntegrationId) {
      const wi = await this.deps.workspaceIntegrations.lookup(actor.orgId, input.workspaceId, {
        id: input.workspaceIntegrationId,
      });
      if (!wi) throw invalidField('workspaceIntegrationId', 'is not a workspace integration of this workspace');
      if (wi.integrationName !== def.name)
        throw invalidField('workspaceIntegrationId', `configures ${wi.integrationName}, not ${def.name}`);
      if (alias !== null && alias !== wi.alias)
        throw invalidField('integrationAlias', `does not match the workspace integration's alias "${wi.alias}"`);
      workspaceIntegrationId = wi.id;
      alias = wi.alias;
    } else if (alias !== null) {
      const wi = await this.deps.workspaceIntegrations.lookup(actor.orgId, input.workspaceId, { alias });
      if (wi && wi.integrationName !== def.name)
        throw invalidField('integrationAlias', `"${alias}" is an alias of ${wi.integrationName}, not ${def.name}`);
      workspaceIntegrationId = wi?.id ?? null;
    }
    const values = input.values ?? {};
    const enforcedKeys = checkEnforced(input.enforcedKeys ?? [], values);
    const row = {
      id: newId(),
      orgId: actor.orgId,
      workspaceId: input.workspaceId,
      integrationName: def.name,
      workspaceIntegrationId,
      integrationAlias: alias,
      actionName: input.actionName ?? null,
      triggerName: input.triggerName ?? null,
      scopeKey: scopeKey(def.name, alias, input.actionName ?? null, input.triggerName ?? null),
      name: input.name,
      description: input.description ?? null,
      values,
      enforcedKeys,
      isDefault: false,
    };
    const created = await this.write(row.name, async (tx) => {
      await repo.insertPartial(tx, row);
      if (input.isDefault) return this.markDefault(tx, actor.orgId, row.workspaceId, row.scopeKey, row.id, true);
      return (await repo.findPartial(tx, actor.orgId, row.id))!;
    });
    await this.changed(input.workspaceId);
    return toPartial(created);
  }

  async list(actor: Actor, q: ListPartialsQueryInput) {
    await this.deps.workspaces.requireUsable(actor, q.workspaceId);
    const rows = await repo.listPartials(this.deps.orm, actor.orgId, q.workspaceId, {
      ...(q.integrationName ? { integrationName: q.integrationName } : {}),
      ...(q.workspaceIntegrationId ? { workspaceIntegrationId: q.workspaceIntegrationId } : {}),
      ...(q.integrationAlias ? { integrationAlias: q.integrationAlias } : {}),
      ...(q.actionName ? { actionName: q.actionName } : {}),
      ...(q.triggerName ? { triggerName: q.triggerName } : {}),
    });
    return { partials: rows.map(toPartial), total: rows.length };
  }

  async get(actor: Actor, id: string) {
    return toPartial(await this.find(actor, id));
  }

  async update(actor: Actor, id: string, input: UpdatePartialInput) {
    if (Object.values(input).every((v) => v === undefined))
      throw new AppError('NO_UPDATES', 'Give at least one of name, description, values, enforcedKeys, isDefault.');
    const current = await this.find(actor, id);
    const values = input.values ?? current.values ?? {};
    const enforcedKeys = checkEnforced(
      input.enforcedKeys ?? current.enforcedKeys ?? [],
      values,
      input.enforcedKeys === undefined ? 'values' : 'enforcedKeys',
    );
    const updated = await this.write(input.name ?? current.name, async (tx) => {
      await repo.updatePartial(tx, actor.orgId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        values,
        enforcedKeys,
      });
      if (input.isDefault !== undefined)
        return this.markDefault(tx, actor.orgId, current.workspaceId, current.scopeKey, id, input.isDefault);
      return (await repo.findPartial(tx, actor.orgId, id))!;
    });
    await this.changed(current.workspaceId);
    return toPartial(updated);
  }

  async setDefault(actor: Actor, id: string, isDefault: boolean) {
    const current = await this.find(actor, id);
    const updated = await this.write(current.name, (tx) =>
      this.markDefault(tx, actor.orgId, current.workspaceId, current.scopeKey, id, isDefault),
    );
    await this.changed(current.workspaceId);
    return toPartial(updated);
  }

  async delete(actor: Actor, id: string) {
    const current = await this.find(actor, id);
    if (!(await repo.deletePartial(this.deps.orm, actor.orgId, id))) throw notFound();
    await this.changed(current.workspaceId);
    return { deleted: true as const, id };
  }

  /**
   * The partials a call merges, in merge order. Without partialIds: the default partials that match the target
   * (integration-wide before action-specific, all-alias before alias-specific). With partialIds: exactly those, in
   * the order given, each checked to belong to the target (else a VALIDATION_ERROR naming it).
   */
  async forCall(
    orgId: string,
    workspaceId: string,
    target: PartialTarget,
    partialIds: string[] | undefined,
  ): Promise<PartialRow[]> {
    if (partialIds !== undefined && partialIds.length === 0) return [];
    const all = await this.cache.get(`${orgId}:${workspaceId}`, [`ws:${workspaceId}`], () =>
      repo.listPartials(this.deps.orm, orgId, workspaceId, {}),
    );
    if (partialIds === undefined) {
      return all
        .filter(
          (p) =>
            p.isDefault &&
            p.integrationName === target.integrationName &&
            (!p.integrationAlias || p.integrationAlias === target.alias) &&
            appliesTo(p, target),
        )
        .sort((a, b) => rank(a) - rank(b));
    }
    const found = new Map(all.map((p) => [p.id, p]));
    return partialIds.map((pid, i) => {
      const p = found.get(pid);
      if (!p || p.workspaceId !== workspaceId) throw invalidField(`partialIds[${i}]`, 'is not a partial of this workspace');
      if (p.integrationName !== target.integrationName)
        throw invalidField(`partialIds[${i}]`, `is a partial of ${p.integrationName}, not ${target.integrationName}`);
      if (p.integrationAlias && p.integrationAlias !== target.alias)
        throw invalidField(`partialIds[${i}]`, `belongs to the alias "${p.integrationAlias}", not "${target.alias}"`);
      if (!appliesTo(p, target)) {
        throw invalidField(
          `partialIds[${i}]`,
          `is for ${p.actionName ? `the action ${p.actionName}` : `the trigger ${p.triggerName}`}, not ${target.actionName ? `the action ${target.actionName}` : `the trigger ${target.triggerName}`}`,
        );
      }
      return p;
    });
  }

  private async find(actor: Actor, id: string): Promise<PartialRow> {
    const row = await repo.findPartial(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    actor.access.assertWorkspace(row.workspaceId);
    return row;
  }

  private async markDefault(
    tx: Executor,
    orgId: string,
    workspaceId: string,
    key: string,
    id: string,
    isDefault: boolean,
  ): Promise<PartialRow> {
    if (isDefault) await repo.clearOtherDefaults(tx, workspaceId, key, id);
    const row = await repo.updatePartial(tx, orgId, id, { isDefault });
    if (!row) throw notFound();
    return row;
  }

  /** One transaction; a name clash is DUPLICATE, a concurrent race for the scope's default flag is retried. */
  private async write(name: string, fn: (tx: Executor) => Promise<PartialRow>): Promise<PartialRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.deps.orm.transaction(async (tx) => fn(tx as unknown as Executor));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (violatedConstraint(err) === 'input_partials_default_unique' && attempt < 3) continue;
        throw new AppError('DUPLICATE', `A partial named "${name}" already exists for this integration, alias and action.`);
      }
    }
  }

  private async changed(workspaceId: string): Promise<void> {
    await this.deps.bus.publish({ type: 'workspace_config', workspaceId });
  }
}

function appliesTo(p: PartialRow, t: PartialTarget): boolean {
  if (p.actionName) return p.actionName === t.actionName;
  if (p.triggerName) return p.triggerName === t.triggerName;
  return true;
}

/** Enforced keys must name values of the partial. */
function checkEnforced(keys: string[], values: Record<string, unknown>, field = 'enforcedKeys'): string[] {
  const unique = [...new Set(keys)];
  unique.forEach((k, i) => {
    if (!(k in values))
      throw invalidField(
        field === 'values' ? 'values' : `enforcedKeys[${i}]`,
        field === 'values' ? `must keep the enforced key "${k}"` : `"${k}" has no value in values`,
      );
  });
  return unique;
}

const notFound = () => new AppError('NOT_FOUND', 'Partial not found.');
