import { catalogEntry, catalogSummary, serializeProps } from '../../integrations/catalog.js';
import { ActionInputError, ResolverMissingError, type DropdownState, type IntegrationDefinition, type Prop } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';

export interface PropertyRequest {
  propertyName: string;
  actionName?: string;
  triggerName?: string;
  workspaceId?: string;
  input: Record<string, unknown>;
  searchValue?: string;
}

/** Bounded, single-line text of a resolver's failure (pieces' errors are already scrubbed of secrets). */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/** The public catalog: what integrations this platform can run. */
export class IntegrationsService {
  constructor(private readonly deps: { registry: IntegrationRegistry; publicUrl: string; workspaces: WorkspacesService }) {}

  list(summary: boolean) {
    const defs = this.deps.registry.list();
    const integrations = defs.map((d) => (summary ? catalogSummary(d, this.deps.publicUrl) : catalogEntry(d, this.deps.publicUrl)));
    return { integrations, total: integrations.length, registered: this.deps.registry.names() };
  }

  get(name: string) {
    return catalogEntry(this.definition(name), this.deps.publicUrl);
  }

  private definition(name: string): IntegrationDefinition {
    const def = this.deps.registry.get(name);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${name}".`);
    return def;
  }

  /** The property an options/resolve request names, after checking the caller may use the workspace it names. */
  private async property(actor: Actor, name: string, req: PropertyRequest): Promise<Prop> {
    const def = this.definition(name);
    if ((req.actionName === undefined) === (req.triggerName === undefined)) {
      throw new AppError('VALIDATION_ERROR', 'Give either actionName or triggerName, not both.', { details: [{ field: 'actionName', message: 'give actionName or triggerName' }] });
    }
    if (req.workspaceId) await this.deps.workspaces.requireUsable(actor, req.workspaceId);
    const props = req.actionName !== undefined ? def.actions[req.actionName]?.props : def.triggers[req.triggerName!]?.props;
    if (!props) {
      if (req.actionName !== undefined) throw new AppError('NOT_FOUND', `${name} has no action "${req.actionName}".`);
      throw new AppError('TRIGGER_NOT_FOUND', `${name} has no trigger "${req.triggerName}".`);
    }
    const prop = props[req.propertyName];
    if (!prop) {
      throw new AppError('VALIDATION_ERROR', `propertyName: ${req.actionName ?? req.triggerName} has no property "${req.propertyName}".`, {
        details: [{ field: 'propertyName', message: 'is not a property of this action or trigger' }],
      });
    }
    return prop;
  }

  /**
   * Options of a dropdown property, computed by the integration from the input so far. Static dropdowns answer
   * their fixed options. Runs without a connection until the engine resolves the caller's one.
   */
  async options(actor: Actor, name: string, req: PropertyRequest): Promise<DropdownState> {
    const prop = await this.property(actor, name, req);
    if (prop.type === 'STATIC_DROPDOWN' || prop.type === 'STATIC_MULTI_SELECT_DROPDOWN') return { options: prop.options.options, disabled: false };
    if (prop.type !== 'DROPDOWN' && prop.type !== 'MULTI_SELECT_DROPDOWN') {
      throw new AppError('NOT_DROPDOWN', `${req.propertyName} is a ${prop.type} property: it has no options to resolve.`);
    }
    if (typeof prop.options !== 'function') throw new AppError('NO_OPTIONS_FN', `${req.propertyName} has no options function.`);
    let state: DropdownState;
    try {
      state = await prop.options({ auth: null, input: req.input, ...(req.searchValue !== undefined ? { searchValue: req.searchValue } : {}) });
    } catch (err) {
      if (err instanceof ResolverMissingError) throw new AppError('NO_OPTIONS_FN', `${req.propertyName} has no options function.`);
      if (err instanceof ActionInputError) throw new AppError('VALIDATION_ERROR', err.message, { details: [{ field: err.field, message: err.message }] });
      throw new AppError('OPTIONS_FAILED', `The options of ${req.propertyName} could not be loaded: ${reason(err)}`);
    }
    return { options: state.options, disabled: state.disabled ?? false, ...(state.placeholder ? { placeholder: state.placeholder } : {}) };
  }

  /** The properties a DYNAMIC property expands to for the input so far. */
  async resolve(actor: Actor, name: string, req: PropertyRequest): Promise<{ properties: Record<string, Record<string, unknown>> }> {
    const prop = await this.property(actor, name, req);
    if (prop.type !== 'DYNAMIC') throw new AppError('NOT_DYNAMIC', `${req.propertyName} is a ${prop.type} property, not a dynamic one.`);
    if (typeof prop.props !== 'function') throw new AppError('NO_PROPS_FN', `${req.propertyName} has no properties function.`);
    try {
      return { properties: serializeProps(await prop.props({ auth: null, input: req.input })) };
    } catch (err) {
      if (err instanceof ResolverMissingError) throw new AppError('NO_PROPS_FN', `${req.propertyName} has no properties function.`);
      if (err instanceof ActionInputError) throw new AppError('VALIDATION_ERROR', err.message, { details: [{ field: err.field, message: err.message }] });
      throw new AppError('RESOLVE_FAILED', `The properties of ${req.propertyName} could not be resolved: ${reason(err)}`);
    }
  }

  /** A monogram logo for integrations that ship none: offline, deterministic colour per name. */
  logo(name: string): string | null {
    const def = this.deps.registry.get(name);
    if (!def) return null;
    let h = 0;
    for (const ch of def.name) h = (h * 31 + ch.charCodeAt(0)) % 360;
    const letters = def.displayName
      .split(/[\s&-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('')
      .replace(/[^A-Z0-9]/g, '');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${def.displayName.replace(/[<>&"]/g, '')}"><rect width="64" height="64" rx="14" fill="hsl(${h},55%,42%)"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`;
  }
}
