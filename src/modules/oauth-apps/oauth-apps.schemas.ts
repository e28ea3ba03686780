import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

/** An OAuth2 client registration as the API shows it: never the client secret. */
export const OAuthApp = Type.Object(
  {
    id: Uuid(),
    integrationName: Type.String(),
    name: Type.String(),
    clientId: Type.String(),
    scopes: Type.Array(Type.String(), { description: "requested scopes; empty means the integration's default scopes" }),
    authUrl: Nullable(Type.String({ description: "overrides the integration's authorization URL" })),
    tokenUrl: Nullable(Type.String({ description: "overrides the integration's token URL" })),
    serviceManaged: Type.Boolean({ description: 'true for the operator-configured app of an integration' }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'OAuthApp' },
);

const HttpUrl = (description: string) => Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000, description });
const Scopes = Type.Array(Type.String({ minLength: 1, maxLength: 200, pattern: '^\\S+$' }), { maxItems: 100 });
const ClientId = Type.String({ minLength: 1, maxLength: 500 });
const ClientSecret = Type.String({ minLength: 1, maxLength: 4000, description: 'stored encrypted; never returned' });
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const CreateOAuthAppBody = Type.Object({
  integrationName: Type.String({ minLength: 1, maxLength: 214 }),
  name: Type.Optional(Name),
  clientId: ClientId,
  clientSecret: ClientSecret,
  scopes: Type.Optional(Scopes),
  authUrl: Type.Optional(HttpUrl("the provider's authorization endpoint, when it differs from the integration's")),
  tokenUrl: Type.Optional(HttpUrl("the provider's token endpoint, when it differs from the integration's")),
});
export type CreateOAuthAppInput = Static<typeof CreateOAuthAppBody>;

export const UpdateOAuthAppBody = Type.Object({
  name: Type.Optional(Name),
  clientId: Type.Optional(ClientId),
  clientSecret: Type.Optional(ClientSecret),
  scopes: Type.Optional(Scopes),
  authUrl: Type.Optional(Nullable(HttpUrl('null: use the integration URL'))),
  tokenUrl: Type.Optional(Nullable(HttpUrl('null: use the integration URL'))),
});
export type UpdateOAuthAppInput = Static<typeof UpdateOAuthAppBody>;

export const ListOAuthAppsQuery = Type.Object({ ...PageQuery, integrationName: Type.Optional(Type.String({ maxLength: 214 })) });
export type ListOAuthAppsQueryInput = Static<typeof ListOAuthAppsQuery>;

export const OAuthAppEnvelope = Type.Object({ oauthApp: Type.Ref('OAuthApp') });
export const OAuthAppList = Type.Object({ oauthApps: Type.Array(Type.Ref('OAuthApp')), total: Type.Integer() });
