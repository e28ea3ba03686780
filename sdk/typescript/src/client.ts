/**
 * The Switchboard client: one property per resource group (client.workspaces, client.actions...), one method per
 * operation of the service's OpenAPI document (src/generated/operations.ts), plus the helpers that make a call
 * complete: approvals (actions.execute → waitForApproval), paging iterators, connect sessions and MCP configuration.
 */
import { connectHelpers, type ConnectHelpers } from './connect.js';
import { executeMethod } from './execute.js';
import { GROUPS, OPERATIONS, type Groups } from './generated/operations.js';
import { mcpClientConfig, mcpEndpoint, type McpClientConfig, type McpClientConfigOptions, type McpServerRef } from './mcp.js';
import { paginate } from './pagination.js';
import { Transport, type CallArgs } from './transport.js';
import type { OperationInfo, RequestOptions } from './types.js';

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

/** process.env where there is one (Node), nothing in a browser. */
const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name] || undefined;

// The groups are declared here and assigned in the constructor, from the generated operation table.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Switchboard extends Omit<Groups, 'connect' | 'mcpServers'> {
  readonly connect: Groups['connect'] & ConnectHelpers;
  readonly mcpServers: Groups['mcpServers'] & McpHelpers;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Switchboard {
  readonly baseUrl: string;
  /** #private, as the key it carries must not show when the client is logged. */
  readonly #transport: Transport;

  constructor(options: SwitchboardOptions = {}) {
    this.baseUrl = (options.baseUrl ?? env('SWITCHBOARD_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new TypeError('No fetch available: pass options.fetch.');
    this.#transport = new Transport({
      baseUrl: this.baseUrl,
      apiKey: options.apiKey ?? env('SWITCHBOARD_API_KEY'),
      organization: options.organization ?? env('SWITCHBOARD_ORGANIZATION'),
      fetch: (input, init) => fetchImpl(input, init),
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryWaitMs: options.maxRetryWaitMs ?? 60_000,
    });

    const groups: Record<string, Record<string, unknown>> = Object.fromEntries(GROUPS.map((g) => [g, {}]));
    for (const info of Object.values(OPERATIONS) as OperationInfo[]) {
      const call = async (args?: CallArgs, opts?: RequestOptions) => (await this.#transport.call(info, args, opts)).body;
      groups[info.group]![info.method] = call;
      const page = info.page;
      if (page) groups[info.group]![page.iterator] = (args?: CallArgs, opts?: RequestOptions) => paginate(page, call, args, opts);
    }
    groups.actions!.execute = executeMethod(this.#transport);
    Object.assign(groups.connect!, connectHelpers(this.#transport));
    groups.mcpServers!.clientConfig = (server: McpServerRef, token: string, opts?: McpClientConfigOptions) =>
      mcpClientConfig(mcpEndpoint(this.baseUrl, server), token, opts);
    Object.assign(this, groups);
  }
}
