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

/** The one explicit registry of integrations this process can run. */
export class IntegrationRegistry {
  private readonly byName = new Map<string, IntegrationDefinition>();

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
  }

  get(name: string): IntegrationDefinition | undefined {
    return this.byName.get(name);
  }

  list(): IntegrationDefinition[] {
    return [...this.byName.values()];
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}
