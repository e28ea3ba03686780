import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const MAX_PACKS = 1_000;
export const MAX_PACK_ACTIONS = 1_000_000_000;

export const ActionPack = Type.Object({
  id: Uuid(),
  organizationId: Uuid(),
  packs: Nullable(Type.Integer({ description: 'packs added (null when given as a number of actions)' })),
  actions: Type.Integer({ description: 'actions the pack adds to the monthly quota' }),
  recurring: Type.Boolean({ description: 'counts every month from firstMonth on; otherwise firstMonth only' }),
  firstMonth: Type.String({ description: 'UTC month the pack was added, YYYY-MM' }),
  appliesThisMonth: Type.Boolean(),
  createdAt: Timestamp(),
});

export const AddActionPacksBody = Type.Object({
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PACKS, description: "packs of the plan's actionPackSize; or give actions" }),
  ),
  actions: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PACK_ACTIONS, description: 'an exact number of actions' })),
  recurring: Type.Boolean({ default: false, description: 'every month until deleted; otherwise the current month only' }),
});
export type AddActionPacksInput = Static<typeof AddActionPacksBody>;

export const ActionPackParams = Type.Object({ id: Uuid(), packId: Uuid() });

export const ActionPackEnvelope = Type.Object({ actionPack: ActionPack });
export const ActionPackList = Type.Object({ actionPacks: Type.Array(ActionPack), total: Type.Integer() });

const ActionsUsage = Type.Object({
  used: Type.Integer({ description: "admitted this month (includes other nodes' unspent leases, at most 64 each)" }),
  planLimit: Nullable(Type.Integer({ description: "the plan's monthly quota; null: unlimited" })),
  actionPacks: Type.Integer({ description: 'actions added by packs this month' }),
  limit: Nullable(Type.Integer({ description: 'planLimit + actionPacks; null: unlimited' })),
  remaining: Nullable(Type.Integer()),
});

const Counted = Type.Object({
  count: Type.Integer(),
  limit: Nullable(Type.Integer({ description: "the plan's limit; null: unlimited" })),
});

/** The organization's own view: actions against the quota, the rate limit, and objects against the plan's limits. */
export const OrganizationUsage = Type.Object({
  usage: Type.Object({
    month: Type.String({ description: 'UTC month, YYYY-MM' }),
    plan: Type.String(),
    actions: ActionsUsage,
    rateLimit: Nullable(
      Type.Object(
        { requests: Type.Integer(), windowSeconds: Type.Integer() },
        { description: "the plan's sliding-window rate limit; null: none" },
      ),
    ),
    objects: Type.Object({
      workspaces: Counted,
      connections: Counted,
      apiKeys: Counted,
      members: Type.Object({ ...Counted.properties }, { description: 'members and pending invitations' }),
      mcpServers: Counted,
    }),
  }),
});

export const Usage = Type.Object({
  usage: Type.Object({
    month: Type.String({ description: 'UTC month, YYYY-MM' }),
    plan: Type.String(),
    actions: ActionsUsage,
  }),
});
