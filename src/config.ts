import os from 'node:os';
import path from 'node:path';
import { mergePlans, type PlanName, type PlanTable } from './platform/plans.js';
import { DEFAULT_JSON_LIMITS, type JsonLimits } from './platform/http/json-limits.js';
import { SHARING_WINDOW_MS } from './platform/tenant-activity.js';
import { bool, ConfigError, int, planName, str, url, type Env } from './config-values.js';

export { ConfigError };

/**
 * The whole environment, parsed once at boot and frozen. Nothing else in the code reads `process.env`.
 * A bad value fails start-up with a message that names the variable.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Whether a signed-in person may create organizations (SWITCHBOARD_SELF_SERVE_ORGANIZATIONS, default true; 0133). */
  selfServeOrganizations: boolean;
  /** The plan of an organization a person creates (SWITCHBOARD_SIGNUP_PLAN, default free). */
  signupPlan: PlanName;
  /** The built dashboard (SWITCHBOARD_DASHBOARD_DIR; default dist/web of the package, written by npm run build). */
  dashboardDir: string | null;
  databaseUrl: string | null;
  /** base64 of 32 bytes; null in embedded mode means "generate into the data dir". */
  encryptionKey: Buffer | null;
  /** Keys that may still decrypt old ciphertexts during a rotation (SWITCHBOARD_PREVIOUS_ENCRYPTION_KEYS). */
  previousEncryptionKeys: Buffer[];
  operatorToken: string | null;
  plans: PlanTable;
  egressAllow: string[];
  /** REDIS_URL: cache invalidation between nodes over Redis pub/sub instead of Postgres LISTEN/NOTIFY (0121). */
  redisUrl: string | null;
  logLevel: string;
  /**
   * OpenTelemetry traces (decision 0142): on when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT is
   * set (and OTEL_SDK_DISABLED is not true); OTLP over HTTP. The exporter reads the other OTEL_EXPORTER_OTLP_*
   * variables (headers, timeout) itself.
   */
  tracing: { endpoint: string; serviceName: string; scheduleDelayMs: number } | null;
  /** Interval at which batched `lastUsedAt` values are written. */
  lastUsedFlushMs: number;
  /** How long a verified API key stays in the in-memory cache (revocations evict at once). */
  authCacheTtlMs: number;
  /** Maximum request body size in bytes. */
  bodyLimit: number;
  /**
   * SWITCHBOARD_TRUST_PROXY: which proxies' X-Forwarded-For gives the client address (sign-in throttling counts per
   * address): false (default, the socket's peer), true (any), a hop count, or a comma list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** Shape limits of every JSON body: nesting depth, keys and elements in all (0105). */
  jsonLimits: JsonLimits;
  /** Start background job workers in this process. */
  workers: boolean;
  /** Service processes sharing the port (SWITCHBOARD_PROCESSES, a number or `auto`); more than 1 needs DATABASE_URL. */
  processes: number;
  /** Piece worker processes, per-call limit and heap limit. */
  pieceWorkers: number;
  pieceTimeoutMs: number;
  pieceMemoryMb: number;
  /** Ship the default piece catalog (false: built-ins and added pieces only). */
  defaultPieces: boolean;
  /** npm registry pieces are added from (SWITCHBOARD_NPM_REGISTRY); null: npm's own default or .npmrc. */
  npmRegistry: string | null;
  /** Longest an action may run before the engine stops waiting for it (SWITCHBOARD_ACTION_TIMEOUT_MS). */
  actionTimeoutMs: number;
  /** Whether settings.advancedCode.network may give sandboxed code the host's network (default false). */
  advancedCodeNetwork: boolean;
  /** advanced-code caps of one run as a whole: memory of all its processes, processes, each persistent directory. */
  advancedCodeMemoryMb: number;
  advancedCodeProcesses: number;
  advancedCodeDiskMb: number;
  /** Storage files in an S3-compatible bucket instead of `<dataDir>/storage` (null: on disk). */
  storageS3: {
    bucket: string;
    prefix: string;
    region: string | null;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  } | null;
  /** OpenAI-compatible model for approval policies with riskMode model_assisted (null: they fall back to rules). */
  approvalModel: { url: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  /** Outbound webhook delivery (platform/delivery): retry delays in seconds, per-attempt timeout, claim interval, parallel sends. */
  delivery: { retrySchedule: number[]; timeoutMs: number; pollMs: number; concurrency: number; retentionDays: number };
  /** Triggers: how long one "minute" of pollingIntervalMinutes lasts (tests shorten it) and how often due sources are claimed. */
  triggers: {
    minuteMs: number;
    tickMs: number;
    appWebhookSecrets: Readonly<Record<string, string>>;
    /** A polling source is disabled after this many failed polls in a row (0: never; decision 0143). */
    maxFailedPolls: number;
    /**
     * Inbound webhook requests one organization has processed at once, and how many more may wait for a turn; one
     * beyond is answered 503 with Retry-After (decision 0147; 32 at once by default, 0166). `sharedConcurrency` is
     * the share while another organization was served within the last `sharingWindowMs` (0174; 4 by default, never
     * above `concurrency`; the window is 1 s by default).
     */
    inboundPerOrg: { concurrency: number; sharedConcurrency: number; sharingWindowMs: number; maxWaiting: number };
  };
  /** Outgoing email (end-user invites): SWITCHBOARD_SMTP_URL and SWITCHBOARD_EMAIL_FROM; null: email is not configured. */
  email: { smtpUrl: string; from: string } | null;
  /** The refresh job renews OAuth2 access tokens that expire within this many seconds (SWITCHBOARD_OAUTH_REFRESH_AHEAD_SECONDS). */
  oauthRefreshAheadSeconds: number;
  /**
   * Scheduled checks of connections whose integration can check credentials (decision 0140): every
   * SWITCHBOARD_CONNECTION_CHECK_INTERVAL_MINUTES (0 turns them off), at most SWITCHBOARD_CONNECTION_CHECKS_PER_PROVIDER
   * of one integration a minute; connection.expiring is sent SWITCHBOARD_CONNECTION_EXPIRING_WINDOW_HOURS ahead of a
   * credential's expiry (0 turns it off; decision 0144).
   */
  connectionChecks: { intervalMinutes: number; perProvider: number; expiringWindowHours: number };
  /** Code Mode (MCP): wall-clock limit of one run (at most 5 minutes) and the sandbox's memory cap. */
  codeModeTimeoutMs: number;
  codeModeMemoryMb: number;
  /** The `code` built-in: wall-clock limit and memory cap of one run. */
  codeTimeoutMs: number;
  codeMemoryMb: number;
  /** JavaScript sandbox worker threads (`code` and Code Mode) and the runs that may wait for one. */
  jsSandboxWorkers: number;
  jsSandboxQueue: number;
}

/** REDIS_URL: redis:// or rediss:// (TLS), with a host. */
function redisUrl(env: Env): string | null {
  const raw = url(env, 'REDIS_URL');
  if (raw === null) return null;
  const u = new URL(raw);
  if (!['redis:', 'rediss:'].includes(u.protocol) || !u.hostname) {
    throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL with a host');
  }
  return raw;
}

export function parseEncryptionKey(raw: string, name = 'SWITCHBOARD_ENCRYPTION_KEY'): Buffer {
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError(name, 'must be base64 of exactly 32 bytes');
  return key;
}

function tracingConfig(env: Env): Config['tracing'] {
  if (str(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return null;
  const traces = str(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const base = str(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const endpoint = traces ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : null);
  if (!endpoint) return null;
  return {
    endpoint,
    serviceName: str(env, 'OTEL_SERVICE_NAME') ?? 'switchboard',
    scheduleDelayMs: int(env, 'OTEL_BSP_SCHEDULE_DELAY', 5_000, 1, 600_000),
  };
}

/** An organization's inbound share, alone and while others are served (0147, 0166, 0174); the second never above the first. */
function inboundPerOrg(env: Env): Config['triggers']['inboundPerOrg'] {
  const concurrency = int(env, 'SWITCHBOARD_WEBHOOK_ORG_CONCURRENCY', 32, 1, 1_000);
  return {
    concurrency,
    sharedConcurrency: Math.min(concurrency, int(env, 'SWITCHBOARD_WEBHOOK_ORG_SHARED_CONCURRENCY', 4, 1, 1_000)),
    sharingWindowMs: int(env, 'SWITCHBOARD_WEBHOOK_ORG_SHARED_WINDOW_MS', SHARING_WINDOW_MS, 10, 3_600_000),
    maxWaiting: int(env, 'SWITCHBOARD_WEBHOOK_ORG_QUEUE', 1_000, 0, 100_000),
  };
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const databaseUrl = url(env, 'DATABASE_URL');
  const rawKey = str(env, 'SWITCHBOARD_ENCRYPTION_KEY');
  const encryptionKey = rawKey ? parseEncryptionKey(rawKey) : null;
  if (databaseUrl && !encryptionKey) {
    throw new ConfigError('SWITCHBOARD_ENCRYPTION_KEY', 'is required when DATABASE_URL is set (base64 of 32 bytes)');
  }
  const publicUrl = (url(env, 'SWITCHBOARD_PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const operatorToken = str(env, 'SWITCHBOARD_OPERATOR_TOKEN');
  if (operatorToken !== null && operatorToken.length < 16) {
    throw new ConfigError('SWITCHBOARD_OPERATOR_TOKEN', 'must be at least 16 characters');
  }
  let plans: PlanTable;
  try {
    plans = mergePlans(str(env, 'SWITCHBOARD_PLANS'));
  } catch (err) {
    throw new ConfigError('SWITCHBOARD_PLANS', (err as Error).message);
  }
  const config: Config = {
    port,
    host: str(env, 'HOST') ?? '127.0.0.1',
    publicUrl,
    dataDir: path.resolve(str(env, 'SWITCHBOARD_DATA_DIR') ?? './data'),
    selfServeOrganizations: bool(env, 'SWITCHBOARD_SELF_SERVE_ORGANIZATIONS', true),
    signupPlan: planName(env, 'SWITCHBOARD_SIGNUP_PLAN', 'free'),
    dashboardDir: str(env, 'SWITCHBOARD_DASHBOARD_DIR') ? path.resolve(str(env, 'SWITCHBOARD_DASHBOARD_DIR')!) : null,
    databaseUrl,
    encryptionKey,
    previousEncryptionKeys: (str(env, 'SWITCHBOARD_PREVIOUS_ENCRYPTION_KEYS') ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)
      .map((k) => parseEncryptionKey(k, 'SWITCHBOARD_PREVIOUS_ENCRYPTION_KEYS')),
    operatorToken,
    plans,
    egressAllow: (str(env, 'SWITCHBOARD_EGRESS_ALLOW') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    redisUrl: redisUrl(env),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    tracing: tracingConfig(env),
    lastUsedFlushMs: int(env, 'SWITCHBOARD_LAST_USED_FLUSH_MS', 10_000, 100, 3_600_000),
    authCacheTtlMs: int(env, 'SWITCHBOARD_AUTH_CACHE_TTL_MS', 60_000, 0, 3_600_000),
    bodyLimit: int(env, 'SWITCHBOARD_BODY_LIMIT', 1_048_576, 1024, 100 * 1_048_576),
    trustProxy: trustProxy(env, 'SWITCHBOARD_TRUST_PROXY'),
    // Depth stays far below what the piece workers' IPC can carry (0105).
    jsonLimits: {
      maxDepth: int(env, 'SWITCHBOARD_JSON_MAX_DEPTH', DEFAULT_JSON_LIMITS.maxDepth, 8, 256),
      maxEntries: int(env, 'SWITCHBOARD_JSON_MAX_ENTRIES', DEFAULT_JSON_LIMITS.maxEntries, 1_000, 10_000_000),
    },
    workers: bool(env, 'SWITCHBOARD_WORKERS', true),
    processes: processes(env, 'SWITCHBOARD_PROCESSES', databaseUrl !== null),
    pieceWorkers: int(env, 'SWITCHBOARD_PIECE_WORKERS', 2, 1, 64),
    pieceTimeoutMs: int(env, 'SWITCHBOARD_PIECE_TIMEOUT_MS', 60_000, 100, 900_000),
    pieceMemoryMb: int(env, 'SWITCHBOARD_PIECE_MEMORY_MB', 512, 64, 16_384),
    defaultPieces: bool(env, 'SWITCHBOARD_DEFAULT_PIECES', true),
    npmRegistry: url(env, 'SWITCHBOARD_NPM_REGISTRY'),
    actionTimeoutMs: int(env, 'SWITCHBOARD_ACTION_TIMEOUT_MS', 330_000, 1000, 3_600_000),
    advancedCodeNetwork: bool(env, 'SWITCHBOARD_ADVANCED_CODE_NETWORK', false),
    advancedCodeMemoryMb: int(env, 'SWITCHBOARD_ADVANCED_CODE_MEMORY_MB', 1024, 16, 65_536),
    advancedCodeProcesses: int(env, 'SWITCHBOARD_ADVANCED_CODE_PROCESSES', 64, 1, 4096),
    advancedCodeDiskMb: int(env, 'SWITCHBOARD_ADVANCED_CODE_DISK_MB', 256, 1, 1_048_576),
    storageS3: storageS3(env),
    approvalModel: approvalModel(env),
    delivery: {
      retrySchedule: retrySchedule(env, 'SWITCHBOARD_DELIVERY_RETRY_SCHEDULE'),
      timeoutMs: int(env, 'SWITCHBOARD_DELIVERY_TIMEOUT_MS', 10_000, 100, 120_000),
      pollMs: int(env, 'SWITCHBOARD_DELIVERY_POLL_MS', 1_000, 10, 60_000),
      concurrency: int(env, 'SWITCHBOARD_DELIVERY_CONCURRENCY', 64, 1, 1_000),
      retentionDays: int(env, 'SWITCHBOARD_DELIVERY_RETENTION_DAYS', 30, 1, 3_650),
    },
    triggers: {
      minuteMs: int(env, 'SWITCHBOARD_POLL_MINUTE_MS', 60_000, 10, 60_000),
      tickMs: int(env, 'SWITCHBOARD_TRIGGER_TICK_MS', 5_000, 10, 60_000),
      appWebhookSecrets: appWebhookSecrets(env, 'SWITCHBOARD_APP_WEBHOOK_SECRETS'),
      maxFailedPolls: int(env, 'SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS', 10, 0, 10_000),
      inboundPerOrg: inboundPerOrg(env),
    },
    email: email(env, publicUrl),
    oauthRefreshAheadSeconds: int(env, 'SWITCHBOARD_OAUTH_REFRESH_AHEAD_SECONDS', 600, 60, 86_400),
    connectionChecks: {
      intervalMinutes: int(env, 'SWITCHBOARD_CONNECTION_CHECK_INTERVAL_MINUTES', 360, 0, 43_200),
      perProvider: int(env, 'SWITCHBOARD_CONNECTION_CHECKS_PER_PROVIDER', 30, 1, 10_000),
      expiringWindowHours: int(env, 'SWITCHBOARD_CONNECTION_EXPIRING_WINDOW_HOURS', 72, 0, 8_760),
    },
    codeModeTimeoutMs: int(env, 'SWITCHBOARD_CODE_MODE_TIMEOUT_MS', 300_000, 100, 300_000),
    codeModeMemoryMb: int(env, 'SWITCHBOARD_CODE_MODE_MEMORY_MB', 128, 8, 1024),
    codeTimeoutMs: int(env, 'SWITCHBOARD_CODE_TIMEOUT_MS', 30_000, 100, 300_000),
    codeMemoryMb: int(env, 'SWITCHBOARD_CODE_MEMORY_MB', 64, 8, 1024),
    jsSandboxWorkers: int(env, 'SWITCHBOARD_JS_SANDBOX_WORKERS', 4, 1, 64),
    jsSandboxQueue: int(env, 'SWITCHBOARD_JS_SANDBOX_QUEUE', 100, 0, 10_000),
  };
  return Object.freeze(config);
}

/**
 * How many service processes serve the port. `auto` is one per CPU on PostgreSQL and 1 on the embedded database,
 * which belongs to one process; an explicit number above 1 without DATABASE_URL is refused.
 */
function trustProxy(env: Env, name: string): Config['trustProxy'] {
  const raw = str(env, name);
  if (raw === null || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (/^\d+$/.test(raw)) return int(env, name, 0, 1, 32);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a)))
    throw new ConfigError(name, 'must be true, false, a hop count or a comma list of addresses or CIDRs');
  return list;
}

function processes(env: Env, name: string, server: boolean): number {
  const raw = str(env, name);
  if (raw?.toLowerCase() === 'auto') return server ? Math.min(os.availableParallelism(), 64) : 1;
  const n = int(env, name, 1, 1, 64);
  if (n > 1 && !server) throw new ConfigError(name, 'above 1 needs DATABASE_URL: the embedded database belongs to one process');
  return n;
}

/** Default delivery retry delays (seconds): ~exponential, capped at 8 h, about 24 h in all (see docs/decisions/0040). */
export const DEFAULT_RETRY_SCHEDULE = [15, 60, 300, 900, 1800, 3600, 7200, 14400, 28800, 28800];

function retrySchedule(env: Env, name: string): number[] {
  const raw = str(env, name);
  if (raw === null) return DEFAULT_RETRY_SCHEDULE;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > 50 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p) || Number(p) > 7 * 86_400)) {
    throw new ConfigError(name, 'must be a comma list of at most 50 delays in seconds (each up to 604800), e.g. "15,60,300"');
  }
  return parts.map(Number);
}

/** `{"<integration>": "<secret>"}`: the secret each APP_WEBHOOK integration's provider signs its app-level events with. */
function appWebhookSecrets(env: Env, name: string): Readonly<Record<string, string>> {
  const raw = str(env, name);
  if (raw === null) return Object.freeze({});
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(name, 'must be a JSON object of integration name to secret');
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => typeof v !== 'string' || v === '')
  ) {
    throw new ConfigError(name, 'must be a JSON object of integration name to a non-empty secret string');
  }
  return Object.freeze({ ...(parsed as Record<string, string>) });
}

function storageS3(env: Env): Config['storageS3'] {
  const bucket = str(env, 'SWITCHBOARD_STORAGE_S3_BUCKET');
  const accessKeyId = str(env, 'SWITCHBOARD_STORAGE_S3_ACCESS_KEY_ID');
  const secretAccessKey = str(env, 'SWITCHBOARD_STORAGE_S3_SECRET_ACCESS_KEY');
  if (!bucket) return null;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError('SWITCHBOARD_STORAGE_S3_BUCKET', 'must be a valid bucket name');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      'SWITCHBOARD_STORAGE_S3_SECRET_ACCESS_KEY',
      'set both the access key id and the secret, or neither (to use the AWS default credentials)',
    );
  }
  return {
    bucket,
    prefix: str(env, 'SWITCHBOARD_STORAGE_S3_PREFIX') ?? '',
    region: str(env, 'SWITCHBOARD_STORAGE_S3_REGION'),
    endpoint: url(env, 'SWITCHBOARD_STORAGE_S3_ENDPOINT'),
    accessKeyId,
    secretAccessKey,
  };
}

function email(env: Env, publicUrl: string): Config['email'] {
  const smtpUrl = str(env, 'SWITCHBOARD_SMTP_URL');
  if (!smtpUrl) return null;
  let parsed: URL;
  try {
    parsed = new URL(smtpUrl);
  } catch {
    throw new ConfigError(
      'SWITCHBOARD_SMTP_URL',
      'must be a URL such as smtp://user:password@mail.example.com:587 or smtps://...:465',
    );
  }
  if (!['smtp:', 'smtps:'].includes(parsed.protocol))
    throw new ConfigError('SWITCHBOARD_SMTP_URL', 'must start with smtp:// or smtps://');
  const from = str(env, 'SWITCHBOARD_EMAIL_FROM') ?? `Switchboard <no-reply@${new URL(publicUrl).hostname}>`;
  if (!/@/.test(from))
    throw new ConfigError('SWITCHBOARD_EMAIL_FROM', 'must be an email address, e.g. "Acme <no-reply@acme.example>"');
  return { smtpUrl, from };
}

function approvalModel(env: Env): Config['approvalModel'] {
  const modelUrl = url(env, 'SWITCHBOARD_APPROVAL_MODEL_URL');
  const model = str(env, 'SWITCHBOARD_APPROVAL_MODEL');
  if (!modelUrl && !model) return null;
  if (!modelUrl)
    throw new ConfigError(
      'SWITCHBOARD_APPROVAL_MODEL_URL',
      'is required when SWITCHBOARD_APPROVAL_MODEL is set (the OpenAI-compatible base URL, e.g. https://api.openai.com/v1)',
    );
  if (!model)
    throw new ConfigError(
      'SWITCHBOARD_APPROVAL_MODEL',
      'is required when SWITCHBOARD_APPROVAL_MODEL_URL is set (the model name)',
    );
  return {
    url: modelUrl,
    model,
    apiKey: str(env, 'SWITCHBOARD_APPROVAL_MODEL_API_KEY'),
    timeoutMs: int(env, 'SWITCHBOARD_APPROVAL_MODEL_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}
