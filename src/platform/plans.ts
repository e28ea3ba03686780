/**
 * The plan table. `null` means unlimited. Defaults are documented in README ("Plans");
 * SWITCHBOARD_PLANS (JSON) is merged over them field by field.
 */
export interface Plan {
  actionsPerMonth: number | null;
  /** Actions one action pack adds to the monthly quota (operator API and CLI; 0122). */
  actionPackSize: number;
  rateLimit: { requests: number; windowSeconds: number } | null;
  apiKeys: number | null;
  members: number | null;
  workspaces: number | null;
  mcpServers: number | null;
  connections: number | null;
  minPollingIntervalMinutes: number;
  customOAuthApps: boolean;
}

export const PLAN_NAMES = ['free', 'pro', 'team', 'scale', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export type PlanTable = Readonly<Record<PlanName, Readonly<Plan>>>;

/** Object kinds whose count a plan limits. */
export type QuotaResource = 'apiKeys' | 'members' | 'workspaces' | 'mcpServers' | 'connections';

export const DEFAULT_PLANS: PlanTable = {
  free: {
    actionsPerMonth: 1_000,
    actionPackSize: 1_000,
    rateLimit: { requests: 60, windowSeconds: 60 },
    apiKeys: 3,
    members: 3,
    workspaces: 2,
    mcpServers: 2,
    connections: 20,
    minPollingIntervalMinutes: 15,
    customOAuthApps: false,
  },
  pro: {
    actionsPerMonth: 25_000,
    actionPackSize: 10_000,
    rateLimit: { requests: 300, windowSeconds: 60 },
    apiKeys: 10,
    members: 10,
    workspaces: 10,
    mcpServers: 10,
    connections: 500,
    minPollingIntervalMinutes: 5,
    customOAuthApps: false,
  },
  team: {
    actionsPerMonth: 250_000,
    actionPackSize: 100_000,
    rateLimit: { requests: 1_000, windowSeconds: 60 },
    apiKeys: 50,
    members: 50,
    workspaces: 50,
    mcpServers: 50,
    connections: 5_000,
    minPollingIntervalMinutes: 1,
    customOAuthApps: true,
  },
  scale: {
    actionsPerMonth: 2_500_000,
    actionPackSize: 1_000_000,
    rateLimit: { requests: 5_000, windowSeconds: 60 },
    apiKeys: 200,
    members: 200,
    workspaces: 500,
    mcpServers: 500,
    connections: 50_000,
    minPollingIntervalMinutes: 1,
    customOAuthApps: true,
  },
  enterprise: {
    actionsPerMonth: null,
    actionPackSize: 1_000_000,
    rateLimit: null,
    apiKeys: null,
    members: null,
    workspaces: null,
    mcpServers: null,
    connections: null,
    minPollingIntervalMinutes: 1,
    customOAuthApps: true,
  },
};

const LIMIT_FIELDS = ['actionsPerMonth', 'apiKeys', 'members', 'workspaces', 'mcpServers', 'connections'] as const;

export function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}

function checkLimit(where: string, value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`${where} must be a non-negative integer or null`);
  }
  return value;
}

/** Merge a JSON override (as in SWITCHBOARD_PLANS) over the default table; throws naming the bad field. */
export function mergePlans(json: string | null): PlanTable {
  if (!json) return DEFAULT_PLANS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('must be valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('must be a JSON object keyed by plan name');
  }
  const out = {} as Record<PlanName, Plan>;
  for (const name of PLAN_NAMES) out[name] = { ...DEFAULT_PLANS[name] };
  for (const [name, override] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isPlanName(name)) throw new Error(`has unknown plan "${name}" (plans: ${PLAN_NAMES.join(', ')})`);
    if (typeof override !== 'object' || override === null) throw new Error(`.${name} must be an object`);
    const plan = out[name];
    for (const [field, value] of Object.entries(override as Record<string, unknown>)) {
      const where = `.${name}.${field}`;
      if ((LIMIT_FIELDS as readonly string[]).includes(field)) {
        (plan as unknown as Record<string, number | null>)[field] = checkLimit(where, value);
      } else if (field === 'rateLimit') {
        if (value === null) plan.rateLimit = null;
        else {
          const rl = value as { requests?: unknown; windowSeconds?: unknown };
          const requests = checkLimit(`${where}.requests`, rl.requests ?? plan.rateLimit?.requests ?? null);
          const windowSeconds = checkLimit(`${where}.windowSeconds`, rl.windowSeconds ?? plan.rateLimit?.windowSeconds ?? 60);
          if (requests === null || windowSeconds === null || windowSeconds < 1) {
            throw new Error(`${where} needs requests and windowSeconds >= 1`);
          }
          plan.rateLimit = { requests, windowSeconds };
        }
      } else if (field === 'actionPackSize') {
        const v = checkLimit(where, value);
        if (v === null || v < 1) throw new Error(`${where} must be a positive integer`);
        plan.actionPackSize = v;
      } else if (field === 'minPollingIntervalMinutes') {
        const v = checkLimit(where, value);
        if (v === null || v < 1 || v > 1440) throw new Error(`${where} must be an integer from 1 to 1440`);
        plan.minPollingIntervalMinutes = v;
      } else if (field === 'customOAuthApps') {
        if (typeof value !== 'boolean') throw new Error(`${where} must be a boolean`);
        plan.customOAuthApps = value;
      } else {
        throw new Error(`has unknown field "${where}"`);
      }
    }
  }
  for (const name of PLAN_NAMES) Object.freeze(out[name]);
  return Object.freeze(out);
}
