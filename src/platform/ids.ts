import { randomBytes, randomUUID } from 'node:crypto';

/** Prefixes of the tokens the service issues; a token says what it is. */
export const TOKEN_PREFIX = {
  apiKey: 'svc_',
  connectSession: 'cst_',
  endUserConnect: 'eut_',
  mcpBearer: 'mcp_',
  mcpOAuth: 'mcpo_',
  mcpRefresh: 'mcpr_',
  mcpAuthCode: 'mcpc_',
  mcpClientSecret: 'mcps_',
  approval: 'apr_',
  approvalLink: 'apl_',
  server: 'srv_',
  userSession: 'uss_',
  passwordReset: 'prs_',
  passwordResetLink: 'prl_',
  operator: 'op_',
} as const;

export const newId = (): string => randomUUID();

/** A secret token: prefix + base64url of `bytes` random bytes (32 bytes = 256 bits by default). */
export function newToken(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

// Request ids are not secrets: they come from a pool of random bytes refilled 4 KiB at a time, not one crypto
// call (and one small buffer) per request.
let idPool = Buffer.alloc(0);
let idOffset = 0;

export function newRequestId(): string {
  if (idOffset + 10 > idPool.length) {
    idPool = randomBytes(4096);
    idOffset = 0;
  }
  idOffset += 10;
  return 'req_' + idPool.toString('base64url', idOffset - 10, idOffset);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_RE.test(value);
