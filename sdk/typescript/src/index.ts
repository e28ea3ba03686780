export { Switchboard, type SwitchboardOptions, type McpHelpers } from './client.js';
export * from './errors.js';
export type {
  ActionFailed,
  ActionInput,
  ActionResult,
  ActionSucceeded,
  ApprovalRequired,
  ExecuteArgs,
  ExecuteMethod,
  ExecuteResult,
  PendingApproval,
} from './execute.js';
export type { ConnectHelpers, ConnectSession, ConnectSessionState } from './connect.js';
export type { McpClientConfig, McpClientConfigOptions, McpServerRef } from './mcp.js';
export type { WaitOptions } from './wait.js';
export type { BytesResponse, JsonResponse, PageItem, PathParams, QueryParams, RequestBody, RequestOptions } from './types.js';
export type { ActionInputs, FileInput, IntegrationName } from './generated/catalog.js';
export type { Groups, OperationId } from './generated/operations.js';
export { OPERATIONS } from './generated/operations.js';
export type { components, operations, paths } from './generated/openapi.js';
