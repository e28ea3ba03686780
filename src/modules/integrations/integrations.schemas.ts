import { Type } from '@sinclair/typebox';

const Loose = Type.Record(Type.String(), Type.Unknown());

/** A field of a connection, described like an action prop. */
const AuthProp = Type.Object(
  {
    type: Type.String({ description: 'the prop type: SHORT_TEXT, SECRET_TEXT, NUMBER, STATIC_DROPDOWN, ...' }),
    displayName: Type.String(),
    required: Type.Boolean(),
    description: Type.Optional(Type.String()),
    defaultValue: Type.Optional(Type.Unknown()),
    options: Type.Optional(
      Type.Object(
        { options: Type.Array(Type.Object({ label: Type.String(), value: Type.Unknown() })) },
        { additionalProperties: true, description: 'the choices of a STATIC_DROPDOWN' },
      ),
    ),
    secret: Type.Optional(Type.Literal(true, { description: 'a secret: show it masked; it is never returned' })),
    field: Type.String({
      description: 'where the value goes in POST /api/v1/connections: secretText, username, password or props.<name>',
    }),
  },
  { additionalProperties: true },
);

const AuthOptionSchema = Type.Object(
  {
    key: Type.String({ description: 'the authMethodKey' }),
    type: Type.String({ description: 'SECRET_TEXT, BASIC_AUTH, CUSTOM_AUTH or OAUTH2' }),
    displayName: Type.String(),
    description: Type.Optional(Type.String()),
    props: Type.Record(Type.String(), AuthProp, {
      description:
        'the fields a connection of this option is made of (SECRET_TEXT: secretText; BASIC_AUTH: username and password; CUSTOM_AUTH: its props; OAUTH2: extra props the integration reads, its tokens come from the sign-in)',
    }),
    oauth2: Type.Optional(
      Type.Object(
        { authUrl: Type.String(), tokenUrl: Type.String(), scope: Type.Array(Type.String()), pkce: Type.Boolean() },
        { additionalProperties: true },
      ),
    ),
  },
  { description: 'one way to connect (authMethodKey) and the fields it takes' },
);

export const CatalogEntry = Type.Object(
  {
    name: Type.String(),
    displayName: Type.String(),
    description: Type.String(),
    logoUrl: Type.String(),
    categories: Type.Array(Type.String()),
    version: Type.Optional(Type.String()),
    runtime: Type.String({ description: 'builtin (in-process) or piece (third-party, out of process)' }),
    auth: Type.Optional(Type.Object({ type: Type.String() }, { additionalProperties: true })),
    authOptions: Type.Array(AuthOptionSchema),
    actions: Type.Union([Type.Record(Type.String(), Loose), Type.Array(Type.String())]),
    triggers: Type.Union([Type.Record(Type.String(), Loose), Type.Array(Type.String())]),
  },
  { $id: 'CatalogEntry', additionalProperties: true },
);

export const CatalogQuery = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'return {integration} for this name' })),
  summary: Type.Boolean({ default: false, description: 'lightweight entries (action and trigger names only)' }),
});

export const CatalogResponse = Type.Union([
  Type.Object({
    integrations: Type.Array(Type.Ref('CatalogEntry')),
    total: Type.Integer(),
    registered: Type.Array(Type.String()),
  }),
  Type.Object({ integration: Type.Ref('CatalogEntry') }),
]);

const PropertyRequestFields = {
  propertyName: Type.String({ minLength: 1, maxLength: 200 }),
  actionName: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'give actionName or triggerName, not both' }),
  ),
  triggerName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  connectionExternalId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  authMethodKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  workspaceId: Type.Optional(Type.String({ format: 'uuid' })),
  workspaceIntegrationId: Type.Optional(Type.String({ format: 'uuid' })),
  integrationAlias: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  endUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "the end user's externalId" })),
  input: Type.Record(Type.String(), Type.Unknown(), {
    default: {},
    description: 'the values entered so far (refreshers read them)',
  }),
  partialIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 20 })),
};

export const IntegrationNameParams = Type.Object({ integrationName: Type.String({ minLength: 1, maxLength: 200 }) });
export const LogoQuery = Type.Object({
  label: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "an imported document's display name, as its catalog entry's logoUrl gives it: the monogram of an organization's own integration, which this public route does not look up",
    }),
  ),
});

export const PropertyOptionsBody = Type.Object({
  ...PropertyRequestFields,
  searchValue: Type.Optional(Type.String({ maxLength: 500 })),
});
export const PropertyResolveBody = Type.Object(PropertyRequestFields);

export const PropertyOptionsResponse = Type.Object({
  options: Type.Array(Type.Object({ label: Type.String(), value: Type.Unknown() })),
  disabled: Type.Boolean(),
  placeholder: Type.Optional(Type.String()),
});

export const PropertyResolveResponse = Type.Object({
  properties: Type.Record(
    Type.String(),
    Type.Object({ type: Type.String(), displayName: Type.String(), required: Type.Boolean() }, { additionalProperties: true }),
  ),
});

export const OAuthStatusResponse = Type.Object({
  configured: Type.Array(Type.String(), {
    description: 'integration names with an OAuth app configured (platform-provided or custom)',
  }),
});
