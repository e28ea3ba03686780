/**
 * Async iterators over paged lists: `limit`/`offset` pages until `total` (or a short page), and `cursor` pages
 * until `nextCursor` is null (approvals, activity). Each page is one call, made when the previous one is used up.
 */
import type { CallArgs } from './transport.js';
import type { OperationInfo, RequestOptions } from './types.js';
type Fetch = (args: CallArgs, options?: RequestOptions) => Promise<unknown>;
export declare function paginate(page: NonNullable<OperationInfo['page']>, call: Fetch, args?: CallArgs, options?: RequestOptions): AsyncGenerator<unknown>;
export {};
