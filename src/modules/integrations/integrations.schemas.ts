import { Type } from '@sinclair/typebox';

const Loose = Type.Record(Type.String(), Type.Unknown());

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
    authOptions: Type.Array(
      Type.Object({ key: Type.String({ description: 'the authMethodKey' }), type: Type.String(), displayName: Type.String(), description: Type.Optional(Type.String()) }),
    ),
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
  Type.Object({ integrations: Type.Array(Type.Ref('CatalogEntry')), total: Type.Integer(), registered: Type.Array(Type.String()) }),
  Type.Object({ integration: Type.Ref('CatalogEntry') }),
]);
