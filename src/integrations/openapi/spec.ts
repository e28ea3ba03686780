/**
 * The compiled form of an imported OpenAPI document (0151): plain JSON, stored with the custom integration, that
 * integration.ts runs. compile.ts writes it; its bounds are here too.
 */
import type { AuthOption, Props } from '../framework.js';

export const COMPILE_LIMITS = {
  /** Operations imported from one document (after the selection). */
  maxOperations: 500,
  /** Props of one action. */
  maxProps: 200,
  /** Schema levels followed into a prop or an output schema; deeper parts are left as free JSON. */
  maxSchemaDepth: 12,
  /** Schema nodes visited while compiling one document (shared schemas are visited once per use). */
  maxSchemaNodes: 200_000,
} as const;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type Method = (typeof METHODS)[number];

/** Which operations to import; each list, when given, narrows the selection. */
export interface OperationSelection {
  tags?: string[];
  /** Paths exactly as the document writes them (`/pets/{petId}`). */
  paths?: string[];
  methods?: string[];
  operationIds?: string[];
}

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  /** The input key it is read from. */
  prop: string;
  /** Arrays in a query: one parameter per item (explode, the default) or comma-separated. */
  explode: boolean;
}

export interface BodySpec {
  contentType: 'application/json' | 'application/x-www-form-urlencoded' | 'text/plain';
  /** The whole body from one prop (`body`), or an object assembled from one prop per top-level property. */
  whole: string | null;
  fields: Array<{ prop: string; key: string }>;
}

export interface ActionSpec {
  name: string;
  displayName: string;
  description: string;
  method: Method;
  path: string;
  parameters: ParameterSpec[];
  body: BodySpec | null;
  /** Whether a connection is needed: the operation's security, or the document's, lists a supported scheme. */
  requireAuth: boolean;
  props: Props;
  outputSchema?: Record<string, unknown>;
}

/** A webhook of the document: a trigger whose events are the requests the API sends to its webhook URL. */
export interface TriggerSpec {
  name: string;
  displayName: string;
  description: string;
  sampleData: unknown;
}

/** How a security scheme puts a connection's credentials on a request. */
export type SchemeSpec =
  | { kind: 'apiKey'; key: string; in: 'header' | 'query' | 'cookie'; name: string }
  | { kind: 'bearer'; key: string }
  | { kind: 'basic'; key: string }
  | { kind: 'oauth2'; key: string }
  /** A machine's token (client credentials grant): requested by the call itself and kept until it expires. */
  | { kind: 'clientCredentials'; key: string; tokenUrl: string; scopes: string[] };

export interface ServerSpec {
  /** The first server's URL with its variables' defaults; null when the document names none usable. */
  defaultUrl: string | null;
  /** Every server URL the document lists, variables at their defaults. */
  urls: string[];
  /** A connection chooses its server (several servers, or variables). */
  perConnection: boolean;
}

export interface CompiledSpec {
  /** A version of this format, for stored specs. */
  format: 1;
  title: string;
  description: string;
  server: ServerSpec;
  schemes: SchemeSpec[];
  auth: AuthOption[];
  actions: ActionSpec[];
  /** The document's webhooks as triggers (0152); absent in a spec stored before they were compiled. */
  triggers?: TriggerSpec[];
  /** What was left out and why (an unsupported scheme or body type), for the import's report. */
  skipped: string[];
}

export interface CompileOptions {
  selection?: OperationSelection;
  /** Where the document came from, to resolve relative server and token URLs. */
  sourceUrl?: string | null;
}

/** The field names a connection of a custom integration is made of (CUSTOM_AUTH props and OAUTH2 extra props). */
export const SERVER_FIELD = 'server_url';

/** A scalar as text ('' for anything else). */
export function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

export function textOf(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 4000) : undefined;
}

export function asArray(v: unknown): Array<Record<string, unknown>> {
  return Array.isArray(v) ? (v as Array<Record<string, unknown>>) : [];
}
