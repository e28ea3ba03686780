/**
 * The Switchboard client: one property per resource group (client.workspaces, client.actions...), one method per
 * operation of the service's OpenAPI document (src/generated/operations.ts), plus the helpers that make a call
 * complete: approvals (actions.execute → waitForApproval), paging iterators, connect sessions and MCP configuration.
 */
import { connectHelpers } from './connect.js';
import { executeMethod } from './execute.js';
import { GROUPS, OPERATIONS } from './generated/operations.js';
import { mcpClientConfig, mcpEndpoint } from './mcp.js';
import { paginate } from './pagination.js';
import { Transport } from './transport.js';
/** process.env where there is one (Node), nothing in a browser. */
const env = (name) => globalThis.process?.env?.[name] || undefined;
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Switchboard {
    baseUrl;
    /** #private, as the key it carries must not show when the client is logged. */
    #transport;
    constructor(options = {}) {
        this.baseUrl = (options.baseUrl ?? env('SWITCHBOARD_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');
        const fetchImpl = options.fetch ?? globalThis.fetch;
        if (typeof fetchImpl !== 'function')
            throw new TypeError('No fetch available: pass options.fetch.');
        this.#transport = new Transport({
            baseUrl: this.baseUrl,
            apiKey: options.apiKey ?? env('SWITCHBOARD_API_KEY'),
            organization: options.organization ?? env('SWITCHBOARD_ORGANIZATION'),
            fetch: (input, init) => fetchImpl(input, init),
            timeoutMs: options.timeoutMs ?? 60_000,
            maxRetries: options.maxRetries ?? 2,
            maxRetryWaitMs: options.maxRetryWaitMs ?? 60_000,
        });
        const groups = Object.fromEntries(GROUPS.map((g) => [g, {}]));
        for (const info of Object.values(OPERATIONS)) {
            const call = async (args, opts) => (await this.#transport.call(info, args, opts)).body;
            groups[info.group][info.method] = call;
            const page = info.page;
            if (page)
                groups[info.group][page.iterator] = (args, opts) => paginate(page, call, args, opts);
        }
        groups.actions.execute = executeMethod(this.#transport);
        Object.assign(groups.connect, connectHelpers(this.#transport));
        groups.mcpServers.clientConfig = (server, token, opts) => mcpClientConfig(mcpEndpoint(this.baseUrl, server), token, opts);
        Object.assign(this, groups);
    }
}
