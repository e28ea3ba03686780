import { authFields } from './auth-fields.js';
import type { ActionDefinition, AuthOption, IntegrationDefinition, Prop, Props, TriggerDefinition } from './framework.js';

/** A prop as the catalog shows it: metadata only, functions replaced by what a client needs to call back. */
export function serializeProp(prop: Prop): Record<string, unknown> {
  const out: Record<string, unknown> = { type: prop.type, displayName: prop.displayName, required: prop.required };
  if (prop.description !== undefined) out.description = prop.description;
  if (prop.defaultValue !== undefined) out.defaultValue = prop.defaultValue;
  // Clients render these masked and never echo them back.
  if (prop.type === 'SECRET_TEXT') out.secret = true;
  switch (prop.type) {
    case 'NUMBER':
      for (const k of ['min', 'max', 'integer'] as const) if (prop[k] !== undefined) out[k] = prop[k];
      break;
    case 'STATIC_DROPDOWN':
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      out.options = prop.options;
      break;
    case 'DROPDOWN':
    case 'MULTI_SELECT_DROPDOWN':
    case 'DYNAMIC':
      out.refreshers = prop.refreshers;
      break;
    case 'ARRAY':
      if (prop.items) out.properties = serializeProps(prop.items);
      break;
    default:
      break;
  }
  return out;
}

export const serializeProps = (props: Props) => Object.fromEntries(Object.entries(props).map(([k, p]) => [k, serializeProp(p)]));

const action = (a: ActionDefinition) => ({
  name: a.name,
  displayName: a.displayName,
  description: a.description,
  requireAuth: a.requireAuth ?? false,
  props: serializeProps(a.props),
  ...(a.outputSchema ? { outputSchema: a.outputSchema } : {}),
});

const trigger = (t: TriggerDefinition) => ({
  name: t.name,
  displayName: t.displayName,
  description: t.description,
  type: t.type,
  requireAuth: t.requireAuth ?? false,
  props: serializeProps(t.props),
  sampleData: t.sampleData,
});

/** Logos are served by the service (docs/decisions/0096), never hot-linked from the integration's CDN. */
const logoUrl = (publicUrl: string, def: IntegrationDefinition) => `${publicUrl}${logoPath(def)}`;

/**
 * Where the service serves an integration's logo. An imported document's carries its display name (0152): the
 * public route cannot look up an organization's own integration, so it draws the monogram from the label.
 */
export function logoPath(def: Pick<IntegrationDefinition, 'name' | 'displayName' | 'runtime'>): string {
  const path = `/api/v1/integrations/${encodeURIComponent(def.name)}/logo`;
  return def.runtime === 'openapi' ? `${path}?label=${encodeURIComponent(def.displayName)}` : path;
}

const oauth2Of = (a: AuthOption) =>
  a.oauth2
    ? { oauth2: { authUrl: a.oauth2.authUrl, tokenUrl: a.oauth2.tokenUrl, scope: a.oauth2.scope, pkce: a.oauth2.pkce ?? true } }
    : {};

function auth(def: IntegrationDefinition) {
  const primary = def.auth[0];
  if (!primary) return { type: 'NONE' };
  return { type: primary.type, ...oauth2Of(primary), ...(primary.props ? { props: serializeProps(primary.props) } : {}) };
}

/** Each auth option with the fields a connection of it is made of, described like action props. */
const authOptions = (def: IntegrationDefinition) =>
  def.auth.map((a) => ({
    key: a.key,
    type: a.type,
    displayName: a.displayName,
    ...(a.description ? { description: a.description } : {}),
    props: Object.fromEntries(Object.entries(authFields(a)).map(([k, f]) => [k, { ...serializeProp(f.prop), field: f.field }])),
    ...oauth2Of(a),
  }));

/** The full catalog entry of an integration. */
export function catalogEntry(def: IntegrationDefinition, publicUrl: string) {
  return {
    name: def.name,
    displayName: def.displayName,
    description: def.description,
    logoUrl: logoUrl(publicUrl, def),
    categories: def.categories,
    version: def.version,
    runtime: def.runtime,
    auth: auth(def),
    authOptions: authOptions(def),
    actions: Object.fromEntries(Object.values(def.actions).map((a) => [a.name, action(a)])),
    triggers: Object.fromEntries(Object.values(def.triggers).map((t) => [t.name, trigger(t)])),
  };
}

/** The lightweight entry (`summary=true`): no props, just names. */
export function catalogSummary(def: IntegrationDefinition, publicUrl: string) {
  return {
    name: def.name,
    displayName: def.displayName,
    description: def.description,
    logoUrl: logoUrl(publicUrl, def),
    categories: def.categories,
    runtime: def.runtime,
    authOptions: authOptions(def),
    actions: Object.keys(def.actions),
    triggers: Object.keys(def.triggers),
  };
}
