import { parseAdvancedCodeSettings } from './builtins/advanced-code/runtime.js';
import { ActionInputError, resolveStateScope, type Caller, type IntegrationDefinition, type StateScope } from './framework.js';

/**
 * Owner-controlled settings of a workspace integration (never overridable at runtime): `persistence` for
 * integrations that keep state, `advancedCode` for advanced-code. Checked when configured, applied when run.
 */

/** Built-ins that keep state per persistence scope; pieces keep theirs through `store` and `files`. */
const STATEFUL_BUILTINS = new Set(['kv-store', 'storage', 'agent-browser', 'agent-browser-stealth', 'advanced-code']);
/** Built-ins that cannot run without a scope: a missing end user is the caller's input error. */
const SCOPE_REQUIRED = new Set(['kv-store', 'storage']);

export interface PersistenceSettings {
  scope: StateScope['kind'];
  externalId: string | null;
}

const PERSISTENCE_SCOPES = ['end_user', 'workspace', 'external'] as const;

export const keepsState = (def: IntegrationDefinition) => def.runtime === 'piece' || STATEFUL_BUILTINS.has(def.name);

export function parsePersistence(raw: unknown): PersistenceSettings | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ActionInputError('settings.persistence', 'must be an object');
  const r = raw as Record<string, unknown>;
  for (const k of Object.keys(r)) {
    if (k !== 'scope' && k !== 'externalId')
      throw new ActionInputError(`settings.persistence.${k}`, 'is not a persistence setting (scope, externalId)');
  }
  const scope = r.scope ?? 'end_user';
  if (typeof scope !== 'string' || !(PERSISTENCE_SCOPES as readonly string[]).includes(scope)) {
    throw new ActionInputError('settings.persistence.scope', `must be one of ${PERSISTENCE_SCOPES.join(', ')}`);
  }
  const externalId = r.externalId ?? null;
  if (externalId !== null && (typeof externalId !== 'string' || externalId.length < 1 || externalId.length > 255)) {
    throw new ActionInputError('settings.persistence.externalId', 'must be a string of 1 to 255 characters');
  }
  if (scope === 'external' && !externalId)
    throw new ActionInputError('settings.persistence.externalId', 'is required when scope is external');
  return { scope: scope as StateScope['kind'], externalId: externalId };
}

/** Validate settings for an integration; returns them normalised (unknown settings are refused, by name). */
export function validateSettings(
  def: IntegrationDefinition,
  raw: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  if (!raw) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'persistence') {
      if (!keepsState(def)) throw new ActionInputError('settings.persistence', `${def.name} keeps no state`);
      const p = parsePersistence(value);
      if (p) out.persistence = { scope: p.scope, ...(p.externalId ? { externalId: p.externalId } : {}) };
    } else if (key === 'advancedCode') {
      if (def.name !== 'advanced-code')
        throw new ActionInputError('settings.advancedCode', 'applies only to the advanced-code integration');
      parseAdvancedCodeSettings(value);
      out.advancedCode = value;
    } else {
      throw new ActionInputError(
        `settings.${key}`,
        `is not a setting of ${def.name} (persistence${def.name === 'advanced-code' ? ', advancedCode' : ''})`,
      );
    }
  }
  return out;
}

/**
 * The persistence scope of a call. Built-ins that need one fail with an input error naming what is missing;
 * others run without a scope when it cannot be resolved. Pieces default to the end user when there is one, else
 * to the workspace.
 */
export function callScope(def: IntegrationDefinition, settings: Record<string, unknown>, caller: Caller): StateScope | null {
  if (!keepsState(def)) return null;
  const p = parsePersistence(settings.persistence);
  const kind = p?.scope ?? (def.runtime === 'piece' && !caller.endUserId ? 'workspace' : 'end_user');
  try {
    return resolveStateScope(kind, caller, p?.externalId);
  } catch (err) {
    if (!SCOPE_REQUIRED.has(def.name)) return null;
    // The caller may not know the scope is a setting of the workspace integration: say which one and its values.
    if (kind === 'end_user' && !caller.endUserId && caller.workspaceId) {
      throw new ActionInputError(
        'endUserId',
        `is required: ${def.name} keeps its data per persistence scope, and settings.persistence.scope is end_user${p ? '' : ' (the default)'}; pass endUserId, or set the workspace integration's settings.persistence.scope to workspace, or to external with an externalId`,
      );
    }
    throw err;
  }
}
