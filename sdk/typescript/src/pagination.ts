/**
 * Async iterators over paged lists: `limit`/`offset` pages until `total` (or a short page), and `cursor` pages
 * until `nextCursor` is null (approvals, activity). Each page is one call, made when the previous one is used up.
 */
import type { CallArgs } from './transport.js';
import type { OperationInfo, RequestOptions } from './types.js';

type Fetch = (args: CallArgs, options?: RequestOptions) => Promise<unknown>;

/** The largest page the service serves. */
const MAX_PAGE = 100;

export async function* paginate(
  page: NonNullable<OperationInfo['page']>,
  call: Fetch,
  args: CallArgs = {},
  options?: RequestOptions,
): AsyncGenerator<unknown> {
  const query = { ...(args.query ?? {}) };
  const limit = typeof query.limit === 'number' ? query.limit : MAX_PAGE;
  query.limit = limit;
  let offset = typeof query.offset === 'number' ? query.offset : 0;
  for (;;) {
    if (page.kind === 'offset') query.offset = offset;
    const body = (await call({ ...args, query }, options)) as Record<string, unknown>;
    // The current shape names the items; the earlier one (connections, triggers) calls them data.
    const items = (Array.isArray(body[page.items]) ? body[page.items] : Array.isArray(body.data) ? body.data : []) as unknown[];
    yield* items;
    if (page.kind === 'cursor') {
      if (typeof body.nextCursor !== 'string' || items.length === 0) return;
      query.cursor = body.nextCursor;
    } else {
      offset += items.length;
      const total = typeof body.total === 'number' ? body.total : undefined;
      if (items.length === 0 || (total !== undefined ? offset >= total : items.length < limit)) return;
    }
  }
}
