/** The largest page the service serves. */
const MAX_PAGE = 100;
export async function* paginate(page, call, args = {}, options) {
    const query = { ...(args.query ?? {}) };
    const limit = typeof query.limit === 'number' ? query.limit : MAX_PAGE;
    query.limit = limit;
    let offset = typeof query.offset === 'number' ? query.offset : 0;
    for (;;) {
        if (page.kind === 'offset')
            query.offset = offset;
        const body = (await call({ ...args, query }, options));
        // The current shape names the items; the earlier one (connections, triggers) calls them data.
        const items = (Array.isArray(body[page.items]) ? body[page.items] : Array.isArray(body.data) ? body.data : []);
        yield* items;
        if (page.kind === 'cursor') {
            if (typeof body.nextCursor !== 'string' || items.length === 0)
                return;
            query.cursor = body.nextCursor;
        }
        else {
            offset += items.length;
            const total = typeof body.total === 'number' ? body.total : undefined;
            if (items.length === 0 || (total !== undefined ? offset >= total : items.length < limit))
                return;
        }
    }
}
