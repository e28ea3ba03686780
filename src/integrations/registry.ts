import type { IntegrationDefinition } from './framework.js';
import { advancedCode } from './builtins/advanced-code/advanced-code.js';
import { agentBrowser, agentBrowserStealth } from './builtins/agent-browser/agent-browser.js';
import { code } from './builtins/code/code.js';
import { dataTransformer } from './builtins/data-transformer/data-transformer.js';
import { datetime } from './builtins/datetime/datetime.js';
import { http } from './builtins/http/http.js';
import { kvStore } from './builtins/kv-store/kv-store.js';
import { storage } from './builtins/storage/storage.js';
import { hashEncode } from './builtins/hash-encode/hash-encode.js';

/** The built-in integrations, in catalog order. */
export const BUILTINS: IntegrationDefinition[] = [
  hashEncode,
  datetime,
  dataTransformer,
  code,
  advancedCode,
  http,
  kvStore,
  storage,
  agentBrowser,
  agentBrowserStealth,
];

/**
 * The one explicit registry of integrations this process can run: the built-ins, the pieces, the custom integrations
 * published to every organization, and each organization's own custom integrations (0151), which only a lookup
 * naming that organization finds. A lookup without an organization sees only what every organization sees.
 */
export class IntegrationRegistry {
  private readonly byName = new Map<string, IntegrationDefinition>();
  private readonly byOrganization = new Map<string, Map<string, IntegrationDefinition>>();
  private readonly listeners: Array<(orgId: string | null) => void> = [];

  constructor(definitions: IntegrationDefinition[] = BUILTINS) {
    for (const d of definitions) this.register(d);
  }

  register(def: IntegrationDefinition): void {
    if (this.byName.has(def.name)) throw new Error(`integration ${def.name} is registered twice`);
    this.byName.set(def.name, def);
  }

  /** Registers or replaces (an added piece upgraded to a new version). */
  replace(def: IntegrationDefinition): void {
    this.byName.set(def.name, def);
    this.notify(null);
  }

  /** Removes an integration every organization sees (a published custom integration that was deleted). */
  remove(name: string): void {
    this.byName.delete(name);
    this.notify(null);
  }

  /** Sets an organization's own integrations, replacing what it had. */
  setOrganizationIntegrations(orgId: string, defs: IntegrationDefinition[]): void {
    if (defs.length === 0) this.byOrganization.delete(orgId);
    else this.byOrganization.set(orgId, new Map(defs.map((d) => [d.name, d])));
    this.notify(orgId);
  }

  /** Called after an integration was replaced or removed: of one organization, or (null) of every organization. */
  onChange(listener: (orgId: string | null) => void): void {
    this.listeners.push(listener);
  }

  private notify(orgId: string | null): void {
    for (const l of this.listeners) l(orgId);
  }

  /** The integration of that name: the organization's own first, when one is named, then every organization's. */
  get(name: string, orgId?: string | null): IntegrationDefinition | undefined {
    return (orgId ? this.byOrganization.get(orgId)?.get(name) : undefined) ?? this.byName.get(name);
  }

  /** What every organization sees, then the named organization's own. */
  list(orgId?: string | null): IntegrationDefinition[] {
    const own = orgId ? [...(this.byOrganization.get(orgId)?.values() ?? [])] : [];
    const ownNames = new Set(own.map((d) => d.name));
    return [...[...this.byName.values()].filter((d) => !ownNames.has(d.name)), ...own];
  }

  names(orgId?: string | null): string[] {
    return this.list(orgId).map((d) => d.name);
  }
}
