/** Types shared by the runtime and the generated layer: call options, operation table entries, and the helpers that
 * read a request or response type out of openapi-typescript's `operations`. */
import type { operations } from './generated/openapi.js';

/** Options every method accepts, after its arguments. */
export interface RequestOptions {
  /** Cancels the call (and any retry wait); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's timeoutMs for this call (each attempt). */
  timeoutMs?: number;
  /** actions.execute: the idempotency key (one is generated when absent). Sent as the Idempotency-Key header. */
  idempotencyKey?: string;
  /** Bearer token for this call instead of the client's apiKey (an operator token, a person's session token...). */
  token?: string;
}

/** One row of the generated operation table. */
export interface OperationInfo {
  group: string;
  method: string;
  httpMethod: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: readonly string[];
  query: boolean;
  body: boolean;
  response: 'json' | 'bytes';
  /** A paged list: how it pages, the field listing the items, the name of its iterator method. */
  page?: { kind: 'offset' | 'cursor'; items: string; iterator: string };
}

/** The answer of a bytes operation (files.download, integrations.logo). */
export interface BytesResponse {
  bytes: Uint8Array;
  contentType: string | null;
}

type Op = keyof operations;

/** The path parameters of an operation (top-level fields of its arguments). */
export type PathParams<K extends Op> = NonNullable<operations[K]['parameters']['path']>;
/** The query parameters of an operation (`args.query`). */
export type QueryParams<K extends Op> = NonNullable<operations[K]['parameters']['query']>;
/** The JSON body of an operation (`args.body`). */
export type RequestBody<K extends Op> =
  NonNullable<operations[K]['requestBody']> extends { content: { 'application/json': infer T } } ? T : never;
/** The JSON answer of an operation with status S. */
export type JsonResponse<K extends Op, S extends number> = S extends keyof operations[K]['responses']
  ? operations[K]['responses'][S] extends { content: { 'application/json': infer T } }
    ? T
    : never
  : never;
/** One item of a paged list (the array field F of its 200 answer). */
export type PageItem<K extends Op, F extends string> =
  JsonResponse<K, 200> extends infer R ? (R extends { [P in F]: Array<infer T> } ? T : never) : never;
