/**
 * The Switchboard client: one property per resource group (client.workspaces, client.actions...), one method per
 * operation of the service's OpenAPI document (src/generated/operations.ts), plus the helpers that make a call
 * complete: approvals (actions.execute → waitForApproval), paging iterators, connect sessions and MCP configuration.
 */
import { type ConnectHelpers } from './connect.js';
import { type Groups } from './generated/operations.js';
import { type McpClientConfig, type McpClientConfigOptions, type McpServerRef } from './mcp.js';
export interface SwitchboardOptions {
    /** The service's URL; default SWITCHBOARD_URL, else http://localhost:3000. */
    baseUrl?: string;
    /**
     * The API key (svc_...); default SWITCHBOARD_API_KEY. Sent as Authorization: Bearer. A person's session token
     * (uss_..., from auth.signIn) works too, with `organization`.
     */
    apiKey?: string;
    /**
     * With a person's session token: the organization to act in (its id), sent as X-Switchboard-Organization; the
     * person's role there decides what they may do. Default SWITCHBOARD_ORGANIZATION. Not needed with an API key.
     */
    organization?: string;
    /** The fetch to use; default the global one. */
    fetch?: typeof fetch;
    /** How long one attempt of a call may take; default 60000 ms. */
    timeoutMs?: number;
    /** How many times a 429 RATE_LIMITED call is sent again after its retryAfter; default 2. */
    maxRetries?: number;
    /** The longest retryAfter waited for; a longer one throws RateLimitedError at once. Default 60000 ms. */
    maxRetryWaitMs?: number;
}
export interface McpHelpers {
    /**
     * The endpoint and ready configuration (Claude Desktop, Cursor, VS Code, curl) for an MCP server and a token
     * from mcpServers.createAccessToken / createOAuthToken / regenerateToken (or the bearerToken of create).
     */
    clientConfig(server: McpServerRef, token: string, options?: McpClientConfigOptions): McpClientConfig;
}
export interface Switchboard extends Omit<Groups, 'connect' | 'mcpServers'> {
    readonly connect: Groups['connect'] & ConnectHelpers;
    readonly mcpServers: Groups['mcpServers'] & McpHelpers;
}
export declare class Switchboard {
    #private;
    readonly baseUrl: string;
    constructor(options?: SwitchboardOptions);
}
