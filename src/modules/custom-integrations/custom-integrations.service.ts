import { createHash } from 'node:crypto';
import { catalogEntry } from '../../integrations/catalog.js';
import type { IntegrationDefinition } from '../../integrations/framework.js';
import { compileOpenApi } from '../../integrations/openapi/compile.js';
import type { CompiledSpec, OperationSelection } from '../../integrations/openapi/spec.js';
import { fetchOpenApiDocument, loadOpenApiDocument, OpenApiDocumentError } from '../../integrations/openapi/document.js';
import { openApiIntegration } from '../../integrations/openapi/integration.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import type { EgressGuard } from '../../platform/egress.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { Log } from '../../platform/module.js';
import * as repo from './custom-integrations.repository.js';
import type { CustomIntegrationRow } from './custom-integrations.repository.js';
import type { ImportCustomIntegrationInput, ReimportCustomIntegrationInput } from './custom-integrations.schemas.js';

/** The logo a custom integration shows (the HTTP built-in's): the document names none the service could serve. */
const LOGO = '/static/integrations/http.svg';

interface Compiled {
  spec: CompiledSpec;
  sourceVersion: string;
  sourceUrl: string | null;
  sha256: string;
}

/**
 * Custom integrations (0151): OpenAPI documents imported by an organization (or published by the operator to every
 * organization), compiled and registered so that every surface finds them as it finds a built-in or a piece. Every
 * node keeps the registry in step: from the table at start, and on each change through the invalidation bus.
 */
export class CustomIntegrationsService {
  /** The published names this node registered, so that a deleted one is removed. */
  private readonly published = new Set<string>();
  /** Organizations this node registered integrations for, so that one whose last was deleted is cleared. */
  private readonly organizations = new Set<string>();

  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      bus: InvalidationBus;
      egress: EgressGuard;
      publicUrl: string;
      log: Log;
    },
  ) {
    deps.bus.subscribe((msg) => {
      const done = msg.type === 'custom_integrations' ? this.reload(msg.orgId) : msg.type === 'all' ? this.loadAll() : null;
      done?.catch((err: unknown) =>
        deps.log.error({ err: { message: (err as Error).message } }, 'custom integrations could not be reloaded'),
      );
    });
  }

  // ---- API ------------------------------------------------------------------------------------------------

  /** What an organization can use (its own and the published ones), or (null) the published ones. */
  async list(orgId: string | null) {
    const rows = orgId ? await repo.listVisible(this.deps.orm, orgId) : await repo.listOwned(this.deps.orm, null);
    return {
      customIntegrations: rows.map((r) => toView(r)),
      integrations: rows.map((r) => catalogEntry(definitionOf(r), this.deps.publicUrl)),
    };
  }

  async get(orgId: string | null, name: string) {
    const row =
      (orgId ? await repo.findOwned(this.deps.orm, orgId, name) : null) ?? (await repo.findOwned(this.deps.orm, null, name));
    if (!row) throw notFound(name);
    return this.envelope(row);
  }

  /** Imports a document for an organization (orgId) or, for the operator, for every organization (null). */
  async import(orgId: string | null, input: ImportCustomIntegrationInput) {
    if (this.deps.registry.get(input.name, orgId)) {
      throw new AppError('DUPLICATE', `An integration named "${input.name}" already exists.`);
    }
    const compiled = await this.compile(input.name, input);
    let row: CustomIntegrationRow;
    try {
      row = await repo.insert(this.deps.orm, {
        id: newId(),
        orgId,
        name: input.name,
        displayName: input.displayName ?? compiled.spec.title,
        description: input.description ?? compiled.spec.description,
        sourceUrl: compiled.sourceUrl,
        sourceVersion: compiled.sourceVersion,
        documentSha256: compiled.sha256,
        selection: input.selection ?? {},
        spec: compiled.spec,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('DUPLICATE', `An integration named "${input.name}" already exists.`);
      throw err;
    }
    await this.changed(orgId);
    return this.envelope(row);
  }

  /** A new revision from a new document (or the same URL again): connections, aliases and partials stay. */
  async reimport(orgId: string | null, name: string, input: ReimportCustomIntegrationInput) {
    const current = await repo.findOwned(this.deps.orm, orgId, name);
    if (!current) throw notFound(name);
    const compiled = await this.compile(name, {
      ...input,
      ...(input.document === undefined && input.url === undefined && current.sourceUrl ? { url: current.sourceUrl } : {}),
      selection: input.selection ?? (current.selection as OperationSelection),
    });
    const changes = changesBetween(current.spec as CompiledSpec, compiled.spec);
    // One transaction: the new revision and the removal of what names its removed actions.
    const { row, uses } = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const updated = await repo.update(tx, current.id, {
        displayName: input.displayName ?? current.displayName,
        description: input.description ?? current.description,
        sourceUrl: compiled.sourceUrl,
        sourceVersion: compiled.sourceVersion,
        documentSha256: compiled.sha256,
        selection: input.selection ?? current.selection,
        spec: compiled.spec,
        revision: current.revision + 1,
        updatedAt: new Date(),
      });
      return { row: updated, uses: await repo.removeActionUses(tx, orgId, name, changes.removed) };
    });
    await this.changed(orgId);
    const workspaces = new Set([...uses.partials, ...uses.tools].map((u) => u.workspaceId).filter((w) => w !== null));
    for (const workspaceId of workspaces) await this.deps.bus.publish({ type: 'workspace_config', workspaceId });
    return {
      ...this.envelope(row),
      changes: {
        ...changes,
        partialsRemoved: uses.partials.map((p) => p.id),
        mcpToolsRemoved: uses.tools.map((x) => x.id),
      },
    };
  }

  async delete(orgId: string | null, name: string) {
    const row = await repo.findOwned(this.deps.orm, orgId, name);
    if (!row) throw notFound(name);
    const uses = await repo.countUses(this.deps.orm, orgId, name);
    if (uses > 0) {
      throw new AppError(
        'INTEGRATION_IN_USE',
        `"${name}" is still used by ${uses} connection(s), workspace integration(s) or trigger source(s); delete those first.`,
      );
    }
    await repo.remove(this.deps.orm, row.id);
    await this.changed(orgId);
    return { deleted: true as const, id: row.id };
  }

  // ---- keeping the registry in step -----------------------------------------------------------------------

  /** Registers every custom integration (at start, and after a gap in invalidation messages). */
  async loadAll(): Promise<void> {
    const rows = await repo.listAll(this.deps.orm);
    const byOrg = new Map<string, CustomIntegrationRow[]>();
    for (const r of rows) if (r.orgId) byOrg.set(r.orgId, [...(byOrg.get(r.orgId) ?? []), r]);
    for (const orgId of new Set([...this.organizations, ...byOrg.keys()])) this.registerRows(orgId, byOrg.get(orgId) ?? []);
    const published = rows.filter((r) => r.orgId === null);
    this.registerRows(null, published);
  }

  private async reload(orgId: string | null): Promise<void> {
    this.registerRows(orgId, await repo.listOwned(this.deps.orm, orgId));
  }

  private registerRows(orgId: string | null, rows: CustomIntegrationRow[]): void {
    const defs = rows.map((r) => definitionOf(r));
    if (orgId) {
      this.deps.registry.setOrganizationIntegrations(orgId, defs);
      if (defs.length > 0) this.organizations.add(orgId);
      else this.organizations.delete(orgId);
      return;
    }
    for (const name of this.published) if (!defs.some((d) => d.name === name)) this.deps.registry.remove(name);
    this.published.clear();
    for (const d of defs) {
      this.deps.registry.replace(d);
      this.published.add(d.name);
    }
  }

  /** This node at once (the answer shows the change), then every other node. */
  private async changed(orgId: string | null): Promise<void> {
    await this.reload(orgId);
    await this.deps.bus.publish({ type: 'custom_integrations', orgId });
  }

  // ---- internals ------------------------------------------------------------------------------------------

  private async compile(
    name: string,
    input: {
      document?: string | Record<string, unknown> | undefined;
      url?: string | undefined;
      selection?: OperationSelection | undefined;
    },
  ): Promise<Compiled> {
    if ((input.document === undefined) === (input.url === undefined)) {
      throw new AppError('VALIDATION_ERROR', 'Give the document inline (document) or where to fetch it (url), not both.', {
        details: [{ field: 'document', message: 'give document or url' }],
      });
    }
    const field = input.url !== undefined ? 'url' : 'document';
    try {
      const source =
        input.url !== undefined
          ? await fetchOpenApiDocument(input.url, this.deps.egress)
          : (input.document as string | Record<string, unknown>);
      const text = typeof source === 'string' ? source : JSON.stringify(source);
      const { document, sourceVersion } = await loadOpenApiDocument(source);
      const spec = compileOpenApi(document, { selection: input.selection ?? {}, sourceUrl: input.url ?? null });
      definitionOf({ name, displayName: name, description: '', revision: 1, spec }); // it builds
      return { spec, sourceVersion, sourceUrl: input.url ?? null, sha256: createHash('sha256').update(text).digest('hex') };
    } catch (err) {
      if (err instanceof OpenApiDocumentError) {
        const message = err.at ? `${err.message} (at ${err.at})` : err.message;
        throw new AppError('VALIDATION_ERROR', `${field}: ${message}`, { details: [{ field, message }] });
      }
      throw err;
    }
  }

  private envelope(row: CustomIntegrationRow) {
    return { customIntegration: toView(row), integration: catalogEntry(definitionOf(row), this.deps.publicUrl) };
  }
}

function definitionOf(
  row: Pick<CustomIntegrationRow, 'name' | 'displayName' | 'description' | 'revision' | 'spec'>,
): IntegrationDefinition {
  return openApiIntegration(row.spec as CompiledSpec, {
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    version: String(row.revision),
    logoUrl: LOGO,
  });
}

export function toView(row: CustomIntegrationRow) {
  const spec = row.spec as CompiledSpec;
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    scope: row.orgId ? ('organization' as const) : ('published' as const),
    sourceUrl: row.sourceUrl,
    sourceVersion: row.sourceVersion,
    revision: row.revision,
    actions: spec.actions.map((a) => a.name),
    triggers: (spec.triggers ?? []).map((t) => t.name),
    authMethods: spec.auth.map((a) => a.key),
    skipped: spec.skipped,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function changesBetween(before: CompiledSpec, after: CompiledSpec) {
  const old = new Map(before.actions.map((a) => [a.name, canonical(a)]));
  const now = new Map(after.actions.map((a) => [a.name, canonical(a)]));
  const triggersBefore = new Set((before.triggers ?? []).map((t) => t.name));
  const triggersNow = new Set((after.triggers ?? []).map((t) => t.name));
  return {
    added: [...now.keys()].filter((n) => !old.has(n)),
    removed: [...old.keys()].filter((n) => !now.has(n)),
    changed: [...now.keys()].filter((n) => old.has(n) && old.get(n) !== now.get(n)),
    triggersAdded: [...triggersNow].filter((n) => !triggersBefore.has(n)),
    triggersRemoved: [...triggersBefore].filter((n) => !triggersNow.has(n)),
  };
}

/** JSON with keys in order: a stored spec (jsonb) keeps no key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const notFound = (name: string) => new AppError('INTEGRATION_NOT_FOUND', `No custom integration named "${name}".`);
