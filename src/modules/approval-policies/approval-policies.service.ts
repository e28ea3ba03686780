import net from 'node:net';
import type { ExecutionSource } from '../../engine/types.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import { EgressGuard } from '../../platform/egress.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { MembersService } from '../members/members.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import {
  DEFAULT_SOURCES,
  type ApproverInput,
  type CreatePolicyInput,
  type PolicyDecision,
  type TestPolicyInput,
  type UpdatePolicyInput,
} from './approval-policies.schemas.js';
import { toPolicy, toPolicyDef } from './approval-policies.mapper.js';
import * as repo from './approval-policies.repository.js';
import { evaluatePolicy, selectPolicy, type MatchContext, type PolicyDef } from './matching.js';
import type { RiskModel } from './risk-model.js';

const CACHE_TTL_MS = 30_000;

export interface ApprovalPoliciesDeps {
  orm: Orm;
  workspaces: WorkspacesService;
  /** dashboard_user approvers must be members of the organization. */
  members: MembersService;
  bus: InvalidationBus;
  registry: IntegrationRegistry;
  /** riskMode model_assisted consults it; null falls back to rules. */
  model: RiskModel | null;
  egressAllow: readonly string[];
  /** Redacts an input for the model (the approvals module's redaction). */
  preview: (input: Record<string, unknown>, enforcedKeys: string[]) => unknown;
}

/** Approval policies: CRUD, the dry-run test, and the selection the gate asks for on every execution. */
export class ApprovalPoliciesService {
  private readonly cache = new Map<string, { at: number; policies: PolicyDef[] }>();
  private readonly guard: EgressGuard;

  constructor(private readonly deps: ApprovalPoliciesDeps) {
    this.guard = new EgressGuard(deps.egressAllow);
    deps.bus.subscribe((msg) => {
      if (msg.type === 'approval_policies') this.cache.delete(msg.orgId);
      else if (msg.type === 'all') this.cache.clear();
    });
  }

  async create(actor: Actor, input: CreatePolicyInput) {
    const workspaceId = input.workspaceId ?? null;
    await this.assertCanManage(actor, workspaceId);
    await this.validate(actor.orgId, input.approvers ?? []);
    const row = await repo.insertPolicy(this.deps.orm, {
      id: newId(),
      orgId: actor.orgId,
      workspaceId,
      name: input.name,
      description: input.description ?? null,
      enabled: input.enabled ?? true,
      priority: input.priority ?? 100,
      sources: input.sources ?? [...DEFAULT_SOURCES],
      mcpServerIds: input.mcpServerIds ?? [],
      workspaceIntegrationIds: input.workspaceIntegrationIds ?? [],
      integrationNames: input.integrationNames ?? [],
      integrationAliases: input.integrationAliases ?? [],
      actionNames: input.actionNames ?? [],
      connectionStrategies: input.connectionStrategies ?? [],
      endUserMode: input.endUserMode ?? 'any',
      decision: input.decision ?? 'require_approval',
      riskMode: input.riskMode ?? 'rules',
      rules: input.rules ?? {},
      approvers: input.approvers ?? [],
      timeoutSeconds: input.timeoutSeconds ?? 3600,
      defaultOnTimeout: input.defaultOnTimeout ?? 'reject',
      reuseWindowSeconds: input.reuseWindowSeconds ?? null,
      approvalAccessMode: input.approvalAccessMode ?? 'dashboard_and_hosted_link',
      metadata: input.metadata ?? null,
    });
    await this.changed(actor.orgId);
    return toPolicy(row);
  }

  async list(actor: Actor, q: { workspaceId?: string | undefined; limit: number; offset: number }) {
    let filter: repo.PolicyFilter;
    if (q.workspaceId) {
      await this.deps.workspaces.requireUsable(actor, q.workspaceId);
      filter = { workspaceIds: [q.workspaceId], includeOrgWide: true };
    } else {
      const ids = actor.access.workspaceIds;
      filter = { workspaceIds: ids ? [...ids] : null, includeOrgWide: true };
    }
    const [rows, total] = await Promise.all([
      repo.listPolicies(this.deps.orm, actor.orgId, filter, q.limit, q.offset),
      repo.countPolicies(this.deps.orm, actor.orgId, filter),
    ]);
    return { policies: rows.map(toPolicy), total };
  }

  async get(actor: Actor, id: string) {
    return toPolicy(await this.find(actor, id));
  }

  async update(actor: Actor, id: string, input: UpdatePolicyInput) {
    const patch: Partial<repo.PolicyRow> = {};
    for (const [k, v] of Object.entries(input)) if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
    if (Object.keys(patch).length === 0) throw new AppError('NO_UPDATES', 'Give at least one policy field.');
    const current = await this.find(actor, id);
    await this.assertCanManage(actor, current.workspaceId);
    if (input.workspaceId !== undefined && input.workspaceId !== current.workspaceId)
      await this.assertCanManage(actor, input.workspaceId);
    if (input.approvers) await this.validate(actor.orgId, input.approvers);
    const row = await repo.updatePolicy(this.deps.orm, actor.orgId, id, patch);
    if (!row) throw notFound();
    await this.changed(actor.orgId);
    return toPolicy(row);
  }

  /** Deletes the policy; its approval requests stay, with the policy as it was when they were created. */
  async delete(actor: Actor, id: string) {
    const current = await this.find(actor, id);
    await this.assertCanManage(actor, current.workspaceId);
    if (!(await repo.deletePolicy(this.deps.orm, actor.orgId, id))) throw notFound();
    await this.changed(actor.orgId);
    return { deleted: true as const, id };
  }

  /** Evaluates an unsaved policy against a described call. Stores nothing, sends nothing. */
  async test(actor: Actor, body: TestPolicyInput) {
    const c = body.context;
    if (c.workspaceId) await this.deps.workspaces.requireUsable(actor, c.workspaceId);
    const p = body.policy;
    await this.validate(actor.orgId, p.approvers ?? []);
    const def: PolicyDef = {
      id: null,
      name: p.name ?? 'Untitled policy',
      description: p.description ?? null,
      workspaceId: p.workspaceId ?? null,
      enabled: p.enabled ?? true,
      priority: p.priority ?? 100,
      sources: p.sources ?? [...DEFAULT_SOURCES],
      mcpServerIds: p.mcpServerIds ?? [],
      workspaceIntegrationIds: p.workspaceIntegrationIds ?? [],
      integrationNames: p.integrationNames ?? [],
      integrationAliases: p.integrationAliases ?? [],
      actionNames: p.actionNames ?? [],
      connectionStrategies: p.connectionStrategies ?? [],
      endUserMode: p.endUserMode ?? 'any',
      decision: (p.decision ?? 'require_approval') as PolicyDecision,
      riskMode: p.riskMode ?? 'rules',
      rules: p.rules ?? {},
      approvers: p.approvers ?? [],
      timeoutSeconds: p.timeoutSeconds ?? 3600,
      defaultOnTimeout: p.defaultOnTimeout ?? 'reject',
      reuseWindowSeconds: p.reuseWindowSeconds ?? null,
      approvalAccessMode: p.approvalAccessMode ?? 'dashboard_and_hosted_link',
      problem: null,
    };
    const definition = this.deps.registry.get(c.integrationName, actor.orgId);
    const input = c.input ?? {};
    const ctx: MatchContext = {
      workspaceId: c.workspaceId ?? def.workspaceId,
      source: (c.source ?? 'rest') as ExecutionSource,
      mcpServerId: c.mcpServerId ?? null,
      workspaceIntegrationId: c.workspaceIntegrationId ?? null,
      integrationName: c.integrationName,
      integrationAlias: c.integrationAlias ?? null,
      integrationCategories: definition?.categories ?? [],
      actionName: c.actionName,
      actionDisplayName: definition?.actions[c.actionName]?.displayName,
      connectionStrategy: c.connectionStrategy ?? null,
      endUserId: c.endUserId ?? null,
      input,
      preview: () => this.deps.preview(input, []),
    };
    const verdict = await evaluatePolicy(def, ctx, this.deps.model);
    return {
      decision: verdict.applies ? (verdict.decision ?? def.decision) : 'none',
      matched: verdict.applies,
      reasons: verdict.reasons,
    };
  }

  /** The policy that governs a call (lowest priority, most severe decision, id), or null. Used by the gate. */
  async select(orgId: string, ctx: MatchContext): Promise<{ policy: PolicyDef; reasons: string[] } | null> {
    const policies = await this.applicable(orgId);
    return selectPolicy(
      policies.filter((p) => p.workspaceId === null || p.workspaceId === ctx.workspaceId),
      ctx,
      this.deps.model,
    );
  }

  /** Enabled policies of an organization, cached per node and evicted by the invalidation bus on every change. */
  private async applicable(orgId: string): Promise<PolicyDef[]> {
    const hit = this.cache.get(orgId);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.policies;
    const at = Date.now();
    const rows = await repo.listPolicies(this.deps.orm, orgId, { workspaceIds: null, includeOrgWide: true }, 10_000, 0);
    const policies = rows.filter((r) => r.enabled).map(toPolicyDef);
    this.cache.set(orgId, { at, policies });
    return policies;
  }

  private async changed(orgId: string): Promise<void> {
    await this.deps.bus.publish({ type: 'approval_policies', orgId });
  }

  private async find(actor: Actor, id: string) {
    const row = await repo.findPolicy(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    if (row.workspaceId) actor.access.assertWorkspace(row.workspaceId);
    return row;
  }

  /** Workspace policies need the workspace in scope; organization-wide ones an organization-scope key. */
  private async assertCanManage(actor: Actor, workspaceId: string | null): Promise<void> {
    if (workspaceId) await this.deps.workspaces.requireUsable(actor, workspaceId);
    else if (!actor.access.orgWide)
      throw new AppError('SCOPE_DENIED', 'Organization-wide policies need an organization-scope API key.');
  }

  private async validate(orgId: string, approvers: readonly ApproverInput[]): Promise<void> {
    for (const [i, a] of approvers.entries()) {
      if (a.type === 'webhook') {
        const problem = this.webhookUrlProblem(a.webhookUrl);
        if (problem) throw new AppError('VALIDATION_ERROR', `approvers[${i}].webhookUrl ${problem}`);
      }
      if (a.type === 'dashboard_user') {
        const known = await this.deps.members.userIdsAmongMembers(orgId, a.userIds);
        const unknown = a.userIds.filter((u) => !known.has(u));
        if (unknown.length)
          throw new AppError(
            'VALIDATION_ERROR',
            `approvers[${i}].userIds: ${unknown.join(', ')} are not members of this organization`,
          );
      }
    }
  }

  /** Webhook approvers need a public HTTPS URL (hosts in SWITCHBOARD_EGRESS_ALLOW may use http: local setups). */
  private webhookUrlProblem(raw: string): string | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'must be a URL';
    }
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    // Allow-listed: named in SWITCHBOARD_EGRESS_ALLOW, or a private IP that the allow list opens.
    const allowListed =
      this.deps.egressAllow.some((e) => e.toLowerCase() === host) ||
      (net.isIP(host) !== 0 && !STRICT.isAllowed(host, host) && this.guard.isAllowed(host, host));
    if (url.username || url.password) return 'must not carry credentials';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowListed)) return 'must be an https URL';
    if (allowListed) return null;
    if (net.isIP(host))
      return this.guard.isAllowed(host, host)
        ? null
        : 'must be a public address (private, loopback and link-local addresses are refused)';
    if (host === 'localhost' || /\.(localhost|local|internal|lan|home|corp|intranet)$/.test(host) || !host.includes('.'))
      return 'must be a public host name';
    return null;
  }
}

const STRICT = new EgressGuard();
const notFound = () => new AppError('NOT_FOUND', 'Approval policy not found.');
