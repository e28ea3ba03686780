import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';
import { PLAN_NAMES } from '../../platform/plans.js';

const PlanName = Type.Union(
  PLAN_NAMES.map((p) => Type.Literal(p)),
  { description: PLAN_NAMES.join(', ') },
);

export const Organization = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    plan: Type.String(),
    suspended: Type.Boolean(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Organization' },
);

export const CreateOrganizationBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  plan: Type.Optional(PlanName),
  owner: Type.Optional(
    Type.Object(
      {
        email: Type.String({ format: 'email', maxLength: 254 }),
        name: Type.String({ minLength: 1, maxLength: 100 }),
        password: Type.Optional(
          Type.String({ minLength: 8, maxLength: 200, description: 'Required when no account exists for the email' }),
        ),
      },
      { description: 'A person made owner of the new organization (an existing account is linked by email)' },
    ),
  ),
});
export type CreateOrganizationInput = Static<typeof CreateOrganizationBody>;

export const UpdateOrganizationBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  plan: Type.Optional(PlanName),
  suspended: Type.Optional(Type.Boolean()),
});
export type UpdateOrganizationInput = Static<typeof UpdateOrganizationBody>;

export const ListOrganizationsQuery = Type.Object(PageQuery);

export const CreatedOrganization = Type.Object({
  organization: Type.Ref('Organization'),
  apiKey: Type.Ref('ApiKey'),
  plainKey: Type.String({ description: 'The first API key of the organization, shown only here' }),
  owner: Type.Optional(Type.Object({ memberId: Uuid(), userId: Uuid(), email: Type.String() })),
});
export const OrganizationEnvelope = Type.Object({ organization: Type.Ref('Organization') });
export const OrganizationList = Type.Object({ organizations: Type.Array(Type.Ref('Organization')), total: Type.Integer() });

/** An organization's name as people give it: 1 to 100 characters, not only spaces. */
const PersonGivenName = () =>
  Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: '1 to 100 characters, not only spaces' });

export const CreateOwnOrganizationBody = Type.Object({ name: PersonGivenName() });
export const RenameOrganizationBody = Type.Object({ name: PersonGivenName() });

export const CreatedOwnOrganization = Type.Object({
  organization: Type.Ref('Organization'),
  member: Type.Object({ id: Uuid(), role: Type.Literal('owner') }),
});

export const MyOrganizations = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Uuid(),
      name: Type.String(),
      plan: Type.String(),
      role: Type.String({ description: 'owner, admin or member' }),
      memberId: Uuid(),
      status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]),
    }),
  ),
});

export const MyInvitations = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Uuid(),
      organizationId: Uuid(),
      organizationName: Type.String(),
      role: Type.String({ description: 'admin or member' }),
      expiresAt: Timestamp(),
    }),
  ),
});
