import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { isPlanName, type PlanName, type PlanTable } from '../../platform/plans.js';
import { findOrganization, lockOrganization } from '../../platform/org-status.js';
import { applyPlanLimits, type Suspendable } from '../../platform/suspension.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MembersService } from '../members/members.service.js';
import * as repo from './organizations.repository.js';
import type { CreateOrganizationInput, UpdateOrganizationInput } from './organizations.schemas.js';

export function toOrganization(row: repo.OrganizationRow) {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    suspended: row.suspended,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How many organizations one person may own by creating them (self-serve, 0133). */
export const MAX_OWNED_ORGANIZATIONS = 20;

/** Tenants, as the operator (API or CLI) and first-start bootstrap manage them. */
export class OrganizationsService {
  constructor(
    private readonly deps: {
      orm: Orm;
      plans: PlanTable;
      /** Whether people create organizations of their own, and on which plan (0133). */
      selfServe: { enabled: boolean; plan: PlanName };
      bus: InvalidationBus;
      apiKeys: ApiKeysService;
      auth: AuthService;
      members: Pick<MembersService, 'addOwner' | 'membershipsOf'>;
      /** The tables a plan change re-applies its limits to (every module's declared `suspendable`). */
      suspendable: readonly Suspendable[];
    },
  ) {}

  /** A new organization with its first API key (and an owner when given), all or nothing. */
  async create(input: CreateOrganizationInput, keyName = 'default') {
    const plan: PlanName = input.plan ?? 'free';
    return this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const org = await repo.insertOrganization(tx, { id: newId(), name: input.name, plan });
      let owner: { memberId: string; userId: string; email: string } | undefined;
      if (input.owner) {
        let user = await this.deps.auth.findUserByEmail(tx, input.owner.email);
        if (!user) {
          if (!input.owner.password) {
            throw new AppError('VALIDATION_ERROR', 'owner.password is required: no account exists for this email.');
          }
          user = await this.deps.auth.createUser(tx, {
            email: input.owner.email,
            name: input.owner.name,
            password: input.owner.password,
          });
        }
        const memberId = await this.deps.members.addOwner(tx, org.id, user.id);
        owner = { memberId, userId: user.id, email: user.email };
      }
      const key = await this.deps.apiKeys.issue(org.id, { name: keyName }, tx);
      return { organization: toOrganization(org), apiKey: key.apiKey, plainKey: key.plainKey, ...(owner ? { owner } : {}) };
    });
  }

  /**
   * A signed-in person's own new organization, on the plan `plan`, with them as its owner and no API key (0133). A
   * person owns at most MAX_OWNED_ORGANIZATIONS (checked before the insert: a bound against abuse, not a quota).
   */
  async createForPerson(userId: string, name: string) {
    if (!this.deps.selfServe.enabled)
      throw new AppError('FORBIDDEN', 'Organizations are created by the operator on this server.');
    const plan = this.deps.selfServe.plan;
    const owned = (await this.deps.members.membershipsOf(userId)).filter((m) => m.role === 'owner').length;
    if (owned >= MAX_OWNED_ORGANIZATIONS) {
      throw new AppError('QUOTA_EXCEEDED', `A person owns at most ${MAX_OWNED_ORGANIZATIONS} organizations; you own ${owned}.`, {
        current: owned,
        limit: MAX_OWNED_ORGANIZATIONS,
      });
    }
    return this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const org = await repo.insertOrganization(tx, { id: newId(), name: name.trim(), plan });
      const memberId = await this.deps.members.addOwner(tx, org.id, userId);
      return { organization: toOrganization(org), member: { id: memberId, role: 'owner' as const } };
    });
  }

  async list(page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      repo.listOrganizations(this.deps.orm, page.limit, page.offset),
      repo.countOrganizations(this.deps.orm),
    ]);
    return { organizations: rows.map(toOrganization), total };
  }

  async get(id: string) {
    const row = await findOrganization(this.deps.orm, id);
    if (!row) throw new AppError('NOT_FOUND', 'Organization not found.');
    return toOrganization(row);
  }

  /** The organization renamed by its own owners (PATCH /api/v1/organization); the name is trimmed. */
  async rename(id: string, name: string) {
    return this.update(id, { name: name.trim() });
  }

  /** Rename, change plan (re-applying plan limits: items beyond them are suspended), suspend or resume. */
  async update(id: string, input: UpdateOrganizationInput) {
    const patch: Parameters<typeof repo.updateOrganization>[2] = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.plan !== undefined) patch.plan = input.plan;
    if (input.suspended !== undefined) patch.suspended = input.suspended;
    if (Object.keys(patch).length === 0) throw new AppError('NO_UPDATES', 'Give name, plan or suspended.');
    const row = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      if (!(await lockOrganization(tx, id))) throw new AppError('NOT_FOUND', 'Organization not found.');
      const updated = (await repo.updateOrganization(tx, id, patch))!;
      if (patch.plan !== undefined) {
        await applyPlanLimits(tx, id, this.deps.plans[isPlanName(updated.plan) ? updated.plan : 'free'], this.deps.suspendable);
      }
      return updated;
    });
    await this.deps.bus.publish({ type: 'organization', id });
    return toOrganization(row);
  }
}
