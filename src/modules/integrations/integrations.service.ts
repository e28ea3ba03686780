import { catalogEntry, catalogSummary, serializeProps } from '../../integrations/catalog.js';
import {
  ActionInputError,
  ResolverMissingError,
  type DropdownState,
  type IntegrationDefinition,
  type Prop,
} from '../../integrations/framework.js';
import { LogoStore, type Logo } from '../../integrations/logos.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import { AppError, invalidField } from '../../platform/errors.js';
import type { ExecutionEngine } from '../../engine/engine.js';
import type { ExecutionCaller, TargetRequest } from '../../engine/types.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';

export interface PropertyRequest {
  propertyName: string;
  actionName?: string;
  triggerName?: string;
  workspaceId?: string;
  connectionExternalId?: string;
  authMethodKey?: string;
  workspaceIntegrationId?: string;
  integrationAlias?: string;
  endUserId?: string;
  partialIds?: string[];
  input: Record<string, unknown>;
  searchValue?: string;
}

/** Fields that only mean something inside a workspace. */
const WORKSPACE_FIELDS = [
  'connectionExternalId',
  'workspaceIntegrationId',
  'integrationAlias',
  'endUserId',
  'partialIds',
] as const;

/** Bounded, single-line text of a resolver's failure (pieces' errors are already scrubbed of secrets). */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/** The public catalog: what integrations this platform can run. */
export class IntegrationsService {
  private readonly logos: LogoStore;

  constructor(
    private readonly deps: {
      registry: IntegrationRegistry;
      publicUrl: string;
      workspaces: WorkspacesService;
      engine: ExecutionEngine;
      oauthApps: OAuthAppsService;
      /** `<data dir>/logos`: logo files the operator provides (see LogoStore). */
      logosDir: string | null;
      log?: { warn(o: object, m?: string): void };
    },
  ) {
    this.logos = new LogoStore({ registry: deps.registry, dir: deps.logosDir, ...(deps.log ? { log: deps.log } : {}) });
  }

  /** Integration names with an OAuth app the organization can use (service-managed or its own). */
  async oauthStatus(orgId: string) {
    return { configured: await this.deps.oauthApps.configured(orgId) };
  }

  list(summary: boolean) {
    const defs = this.deps.registry.list();
    const integrations = defs.map((d) =>
      summary ? catalogSummary(d, this.deps.publicUrl) : catalogEntry(d, this.deps.publicUrl),
    );
    return { integrations, total: integrations.length, registered: this.deps.registry.names() };
  }

  get(name: string) {
    return catalogEntry(this.definition(name, null), this.deps.publicUrl);
  }

  /** An integration the organization can use: every organization's, or its own custom integration (0151). */
  private definition(name: string, orgId: string | null): IntegrationDefinition {
    const def = this.deps.registry.get(name, orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${name}".`);
    return def;
  }

  /**
   * The property an options/resolve request names, with the input merged as a call would merge it (defaults,
   * partials, input, enforced values) and the caller's connection, when the request runs inside a workspace.
   */
  private async property(
    caller: ExecutionCaller,
    name: string,
    req: PropertyRequest,
  ): Promise<{ prop: Prop; auth: unknown; input: Record<string, unknown> }> {
    const def = this.definition(name, caller.orgId);
    if ((req.actionName === undefined) === (req.triggerName === undefined)) {
      throw new AppError('VALIDATION_ERROR', 'Give either actionName or triggerName, not both.', {
        details: [{ field: 'actionName', message: 'give actionName or triggerName' }],
      });
    }
    const prop = this.propOf(def, req);
    if (!req.workspaceId) {
      const stray = WORKSPACE_FIELDS.find((f) => req[f] !== undefined);
      if (stray) throw invalidField('workspaceId', `is required with ${stray}`);
      return { prop, auth: null, input: req.input };
    }
    const what = req.actionName !== undefined ? { actionName: req.actionName } : { triggerName: req.triggerName! };
    const target: TargetRequest = {
      workspaceId: req.workspaceId,
      integrationName: def.name,
      input: req.input,
      ...(req.connectionExternalId !== undefined ? { connectionExternalId: req.connectionExternalId } : {}),
      ...(req.authMethodKey !== undefined ? { authMethodKey: req.authMethodKey } : {}),
      ...(req.workspaceIntegrationId !== undefined ? { workspaceIntegrationId: req.workspaceIntegrationId } : {}),
      ...(req.integrationAlias !== undefined ? { integrationAlias: req.integrationAlias } : {}),
      ...(req.endUserId !== undefined ? { endUser: { externalId: req.endUserId } } : {}),
      ...(req.partialIds !== undefined ? { partialIds: req.partialIds } : {}),
    };
    const resolved = await this.deps.engine.resolveTarget(caller, target, what, { connection: 'optional', endUser: 'find' });
    const merged = await this.deps.engine.mergeInput(caller, resolved, target, what);
    const auth = resolved.connection ? await this.deps.engine.credentials(resolved.connection) : null;
    return { prop, auth, input: merged.input };
  }

  private propOf(def: IntegrationDefinition, req: PropertyRequest): Prop {
    const name = def.name;
    const props = req.actionName !== undefined ? def.actions[req.actionName]?.props : def.triggers[req.triggerName!]?.props;
    if (!props) {
      if (req.actionName !== undefined) throw new AppError('NOT_FOUND', `${name} has no action "${req.actionName}".`);
      throw new AppError('TRIGGER_NOT_FOUND', `${name} has no trigger "${req.triggerName}".`);
    }
    const prop = props[req.propertyName];
    if (!prop) {
      throw new AppError(
        'VALIDATION_ERROR',
        `propertyName: ${req.actionName ?? req.triggerName} has no property "${req.propertyName}".`,
        {
          details: [{ field: 'propertyName', message: 'is not a property of this action or trigger' }],
        },
      );
    }
    return prop;
  }

  /**
   * Options of a dropdown property, computed by the integration from the input so far. Static dropdowns answer
   * their fixed options. Runs without a connection until the engine resolves the caller's one.
   */
  async options(caller: ExecutionCaller, name: string, req: PropertyRequest): Promise<DropdownState> {
    const { prop, auth, input } = await this.property(caller, name, req);
    if (prop.type === 'STATIC_DROPDOWN' || prop.type === 'STATIC_MULTI_SELECT_DROPDOWN')
      return { options: prop.options.options, disabled: false };
    if (prop.type !== 'DROPDOWN' && prop.type !== 'MULTI_SELECT_DROPDOWN') {
      throw new AppError('NOT_DROPDOWN', `${req.propertyName} is a ${prop.type} property: it has no options to resolve.`);
    }
    if (typeof prop.options !== 'function') throw new AppError('NO_OPTIONS_FN', `${req.propertyName} has no options function.`);
    let state: DropdownState;
    try {
      state = await prop.options({ auth, input, ...(req.searchValue !== undefined ? { searchValue: req.searchValue } : {}) });
    } catch (err) {
      if (err instanceof ResolverMissingError)
        throw new AppError('NO_OPTIONS_FN', `${req.propertyName} has no options function.`);
      if (err instanceof ActionInputError)
        throw new AppError('VALIDATION_ERROR', err.message, { details: [{ field: err.field, message: err.message }] });
      throw new AppError('OPTIONS_FAILED', `The options of ${req.propertyName} could not be loaded: ${reason(err)}`);
    }
    return {
      options: state.options,
      disabled: state.disabled ?? false,
      ...(state.placeholder ? { placeholder: state.placeholder } : {}),
    };
  }

  /** The properties a DYNAMIC property expands to for the input so far. */
  async resolve(
    caller: ExecutionCaller,
    name: string,
    req: PropertyRequest,
  ): Promise<{ properties: Record<string, Record<string, unknown>> }> {
    const { prop, auth, input } = await this.property(caller, name, req);
    if (prop.type !== 'DYNAMIC')
      throw new AppError('NOT_DYNAMIC', `${req.propertyName} is a ${prop.type} property, not a dynamic one.`);
    if (typeof prop.props !== 'function') throw new AppError('NO_PROPS_FN', `${req.propertyName} has no properties function.`);
    try {
      return { properties: serializeProps(await prop.props({ auth, input })) };
    } catch (err) {
      if (err instanceof ResolverMissingError)
        throw new AppError('NO_PROPS_FN', `${req.propertyName} has no properties function.`);
      if (err instanceof ActionInputError)
        throw new AppError('VALIDATION_ERROR', err.message, { details: [{ field: err.field, message: err.message }] });
      throw new AppError('RESOLVE_FAILED', `The properties of ${req.propertyName} could not be resolved: ${reason(err)}`);
    }
  }

  /**
   * The logo of an integration (an operator's file, else the generated monogram). A name every organization does not
   * see gets the monogram of the label, if given (an organization's own integration, 0152): nothing is looked up
   * for it, so the answer tells nothing about any organization. Else 404.
   */
  async logo(name: string, label?: string): Promise<Logo> {
    const logo = (await this.logos.get(name)) ?? (label ? this.logos.monogram(name, label) : null);
    if (!logo) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${name}".`);
    return logo;
  }
}
