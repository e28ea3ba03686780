import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.js';

/** A custom integration's name: its key in the catalog, in connections and in calls. */
export const CUSTOM_INTEGRATION_NAME = '^[a-z][a-z0-9-]{1,62}[a-z0-9]$';

export const CustomIntegration = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    displayName: Type.String(),
    description: Type.String(),
    scope: Type.Union([Type.Literal('organization'), Type.Literal('published')], {
      description: "organization: the organization's own; published: the operator's, for every organization",
    }),
    sourceUrl: Nullable(Type.String({ description: 'where the document was fetched from, when it was given by URL' })),
    sourceVersion: Type.String({ description: 'the version the document was written in: 2.0, 3.0 or 3.1' }),
    revision: Type.Integer({ description: '1 on import, one more on each re-import' }),
    actions: Type.Array(Type.String(), { description: 'the action names, one per imported operation' }),
    triggers: Type.Array(Type.String(), { description: 'the trigger names, one per webhook of the document (OpenAPI 3.1)' }),
    authMethods: Type.Array(Type.String(), { description: 'the auth methods, one per supported security scheme' }),
    skipped: Type.Array(Type.String(), { description: 'what the import left out, and why' }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'CustomIntegration' },
);

const Selection = Type.Object(
  {
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 200 })),
    paths: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 1000 })),
    methods: Type.Optional(
      Type.Array(Type.Union(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].map((m) => Type.Literal(m))), {
        maxItems: 8,
      }),
    ),
    operationIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 })),
  },
  { additionalProperties: false, description: 'which operations to import; each list given narrows the selection' },
);

const Source = {
  document: Type.Optional(
    Type.Union([Type.String({ minLength: 1 }), Type.Object({}, { additionalProperties: true })], {
      description: 'the OpenAPI (3.0, 3.1) or Swagger 2.0 document: JSON or YAML text, or the JSON itself',
    }),
  ),
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'fetch the document from here instead' })),
  selection: Type.Optional(Selection),
  displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
};

export const ImportCustomIntegrationBody = Type.Object(
  { name: Type.String({ pattern: CUSTOM_INTEGRATION_NAME, description: 'lowercase letters, digits and dashes' }), ...Source },
  { additionalProperties: false },
);
export type ImportCustomIntegrationInput = Static<typeof ImportCustomIntegrationBody>;

export const ReimportCustomIntegrationBody = Type.Object(Source, { additionalProperties: false });
export type ReimportCustomIntegrationInput = Static<typeof ReimportCustomIntegrationBody>;

export const CustomIntegrationEnvelope = Type.Object({
  customIntegration: Type.Ref('CustomIntegration'),
  integration: Type.Ref('CatalogEntry'),
});

export const ReimportEnvelope = Type.Object({
  customIntegration: Type.Ref('CustomIntegration'),
  integration: Type.Ref('CatalogEntry'),
  changes: Type.Object({
    added: Type.Array(Type.String(), { description: 'actions new in this revision' }),
    removed: Type.Array(Type.String(), { description: 'actions no longer in the document or the selection' }),
    changed: Type.Array(Type.String(), { description: 'actions whose inputs, request or output changed' }),
    triggersAdded: Type.Array(Type.String(), { description: 'triggers (webhooks) new in this revision' }),
    triggersRemoved: Type.Array(Type.String(), {
      description: 'triggers no longer in the document; their sources stop taking events (TRIGGER_NOT_FOUND)',
    }),
    partialsRemoved: Type.Array(Type.String(), { description: 'ids of the partials deleted with a removed action' }),
    mcpToolsRemoved: Type.Array(Type.String(), { description: 'ids of the MCP tools deleted with a removed action' }),
  }),
});

export const CustomIntegrationList = Type.Object({
  customIntegrations: Type.Array(Type.Ref('CustomIntegration')),
  integrations: Type.Array(Type.Ref('CatalogEntry'), { description: 'their catalog entries, in the same order' }),
});

export const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
