/**
 * What both SDKs are generated from: the service's own OpenAPI document and its catalog, reduced to what a client
 * needs to type and check an action's input locally (docs/decisions/0129). Taken from an app built in this process
 * on an in-memory embedded database (the catalog shipped in this checkout), or from a running server (`--from`),
 * which also knows the pieces an operator added at run time.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

/** A prop as the SDKs see it (the catalog's prop without its UI-only parts). */
export interface PropSpec {
  type: string;
  displayName: string;
  required: boolean;
  description?: string;
  defaultValue?: unknown;
  /** NUMBER */
  integer?: boolean;
  min?: number;
  max?: number;
  /** STATIC_DROPDOWN and STATIC_MULTI_SELECT_DROPDOWN: the allowed values. */
  options?: Array<{ label: string; value: unknown }>;
  /** ARRAY: the props of each item (an object), when the action declares them. */
  properties?: Record<string, PropSpec>;
}

export interface OperationSpec {
  displayName: string;
  description?: string;
  props: Record<string, PropSpec>;
}

export interface CatalogSpec {
  integrations: Record<
    string,
    {
      displayName: string;
      description?: string;
      actions: Record<string, OperationSpec>;
      triggers: Record<string, OperationSpec>;
    }
  >;
}

export interface SdkSpec {
  openapi: Record<string, any>;
  catalog: CatalogSpec;
}

/** The public URL the in-process app is given, so that the document does not depend on the machine. */
export const SPEC_PUBLIC_URL = 'http://localhost:3000';

function propSpec(p: Record<string, any>): PropSpec {
  const out: PropSpec = { type: p.type, displayName: p.displayName, required: p.required === true };
  if (typeof p.description === 'string' && p.description) out.description = p.description;
  if (p.defaultValue !== undefined) out.defaultValue = p.defaultValue;
  for (const k of ['integer', 'min', 'max'] as const) if (p[k] !== undefined) (out as any)[k] = p[k];
  const options = p.options?.options;
  if (Array.isArray(options)) out.options = options.map((o: any) => ({ label: String(o.label), value: o.value }));
  if (p.properties && typeof p.properties === 'object') out.properties = propsSpec(p.properties);
  return out;
}

const propsSpec = (props: Record<string, any> | undefined) =>
  Object.fromEntries(Object.entries(props ?? {}).map(([k, p]) => [k, propSpec(p)]));

const operationSpec = (o: Record<string, any>): OperationSpec => ({
  displayName: o.displayName,
  ...(o.description ? { description: o.description } : {}),
  props: propsSpec(o.props),
});

/** The catalog spec of `GET /api/v1/integrations`' answer, in a stable order. */
export function catalogSpec(body: { integrations: Array<Record<string, any>> }): CatalogSpec {
  const sorted = [...body.integrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byName = (o: Record<string, any> | undefined) =>
    Object.fromEntries(
      Object.entries(o ?? {})
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, operationSpec(v)]),
    );
  return {
    integrations: Object.fromEntries(
      sorted.map((i) => [
        i.name,
        {
          displayName: i.displayName,
          ...(i.description ? { description: i.description } : {}),
          actions: byName(i.actions),
          triggers: byName(i.triggers),
        },
      ]),
    ),
  };
}

/** The spec from an app built here, on an in-memory embedded database. */
export async function localSpec(): Promise<SdkSpec> {
  const { buildApp } = await import('../../src/app.js');
  const { loadConfig } = await import('../../src/config.js');
  const { openDatabase } = await import('../../src/platform/db/database.js');
  const { migrate } = await import('../../src/platform/db/migrate.js');
  const db = await openDatabase({});
  await migrate(db);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SWITCHBOARD_DATA_DIR: os.tmpdir(),
    SWITCHBOARD_PUBLIC_URL: SPEC_PUBLIC_URL,
    SWITCHBOARD_WORKERS: 'false',
  });
  const app = await buildApp({ config, db });
  try {
    await app.ready();
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      return JSON.parse(res.body);
    };
    return { openapi: await get('/api/v1/openapi.json'), catalog: catalogSpec(await get('/api/v1/integrations')) };
  } finally {
    await app.close();
    await db.close();
  }
}

/** The spec served by a running Switchboard (its catalog includes pieces added at run time). */
/**
 * The spec a running server publishes. With an API key, the catalog also has that organization's own custom
 * integrations (imported OpenAPI documents, docs/decisions/0151), so the SDKs type their actions too.
 */
export async function remoteSpec(baseUrl: string, apiKey?: string): Promise<SdkSpec> {
  const get = async (path: string, headers: Record<string, string> = {}): Promise<any> => {
    const res = await fetch(new URL(path, baseUrl), { headers });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const catalog = await get('/api/v1/integrations');
  if (apiKey) {
    const own = (await get('/api/v1/custom-integrations', { authorization: `Bearer ${apiKey}` })) as {
      integrations: Array<{ name: string }>;
    };
    const names = new Set(own.integrations.map((i) => i.name));
    catalog.integrations = [...catalog.integrations.filter((i: { name: string }) => !names.has(i.name)), ...own.integrations];
  }
  return { openapi: await get('/api/v1/openapi.json'), catalog: catalogSpec(catalog) };
}
