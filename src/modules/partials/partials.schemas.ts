import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.js';
import { ALIAS_PATTERN } from '../workspace-integrations/workspace-integrations.schemas.js';

export const Partial = Type.Object(
  {
    id: Uuid(),
    orgId: Type.String(),
    workspaceId: Uuid(),
    integrationName: Type.String(),
    workspaceIntegrationId: Nullable(Uuid()),
    integrationAlias: Nullable(Type.String({ description: 'null: applies to every alias of the integration' })),
    actionName: Nullable(Type.String()),
    triggerName: Nullable(Type.String()),
    name: Type.String(),
    description: Nullable(Type.String()),
    values: Type.Record(Type.String(), Type.Unknown()),
    enforcedKeys: Type.Array(Type.String()),
    isDefault: Type.Boolean(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Partial' },
);

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Description = Type.String({ maxLength: 500 });
const Values = Type.Record(Type.String(), Type.Unknown(), { description: 'input values merged into calls' });
const EnforcedKeys = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  maxItems: 200,
  description: 'keys of values that runtime input cannot override',
});
const TargetName = Type.String({ minLength: 1, maxLength: 200 });

export const CreatePartialBody = Type.Object({
  workspaceId: Uuid(),
  integrationName: Type.String({ minLength: 1, maxLength: 214 }),
  workspaceIntegrationId: Type.Optional(Uuid()),
  integrationAlias: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: ALIAS_PATTERN })),
  actionName: Type.Optional(TargetName),
  triggerName: Type.Optional(TargetName),
  name: Name,
  description: Type.Optional(Nullable(Description)),
  values: Type.Optional(Values),
  enforcedKeys: Type.Optional(EnforcedKeys),
  isDefault: Type.Optional(Type.Boolean()),
});
export type CreatePartialInput = Static<typeof CreatePartialBody>;

export const UpdatePartialBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Nullable(Description)),
  values: Type.Optional(Values),
  enforcedKeys: Type.Optional(EnforcedKeys),
  isDefault: Type.Optional(Type.Boolean()),
});
export type UpdatePartialInput = Static<typeof UpdatePartialBody>;

export const SetDefaultBody = Type.Object({ isDefault: Type.Boolean() });

export const ListPartialsQuery = Type.Object({
  workspaceId: Uuid(),
  integrationName: Type.Optional(Type.String({ maxLength: 214 })),
  workspaceIntegrationId: Type.Optional(Uuid()),
  integrationAlias: Type.Optional(Type.String({ maxLength: 64 })),
  actionName: Type.Optional(Type.String({ maxLength: 200 })),
  triggerName: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ListPartialsQueryInput = Static<typeof ListPartialsQuery>;

export const PartialEnvelope = Type.Object({ partial: Type.Ref('Partial') });
export const PartialList = Type.Object({ partials: Type.Array(Type.Ref('Partial')), total: Type.Integer() });
