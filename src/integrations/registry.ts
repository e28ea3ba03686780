import type { IntegrationDefinition } from './framework.js';
import { code } from './builtins/code/code.js';
import { dataTransformer } from './builtins/data-transformer/data-transformer.js';
import { datetime } from './builtins/datetime/datetime.js';
import { http } from './builtins/http/http.js';
import { kvStore } from './builtins/kv-store/kv-store.js';
import { hashEncode } from './builtins/hash-encode/hash-encode.js';

/** The built-in integrations, in catalog order. */
export const BUILTINS: IntegrationDefinition[] = [hashEncode, datetime, dataTransformer, code, http, kvStore];

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
