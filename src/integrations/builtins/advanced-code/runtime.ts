import { createHash } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  BubblewrapSandbox,
  SandboxUnavailableError,
  type OsSandbox,
  type SandboxLanguage,
  type SandboxLimits,
  type SandboxRunResult,
} from '../../../sandbox/os-sandbox.js';
import { ActionError, ActionInputError, resolveStateScope, type Caller, type StateScope } from '../../framework.js';

/** settings.advancedCode of a workspace integration, with defaults applied. */
export interface AdvancedCodeSettings {
  timeoutSeconds: number;
  sandboxPersistence: 'ephemeral' | 'persistent';
  storageMountScope: 'none' | 'end_user' | 'workspace' | 'external';
  storageExternalId: string | null;
  /** Not in the spec: DESIGN.md's "no network by default"; true also needs the server to allow it. */
  network: boolean;
}

export const ADVANCED_CODE_DEFAULTS: Readonly<AdvancedCodeSettings> = Object.freeze({
  timeoutSeconds: 300,
  sandboxPersistence: 'ephemeral',
  storageMountScope: 'none',
  storageExternalId: null,
  network: false,
});

const PERSISTENCE = ['ephemeral', 'persistent'] as const;
const MOUNT_SCOPES = ['none', 'end_user', 'workspace', 'external'] as const;
const FIELD = 'settings.advancedCode';
export const STORAGE_MOUNT = '/persistent-storage';

/** Checks settings.advancedCode (absent: all defaults); each problem is an input error naming its field. */
export function parseAdvancedCodeSettings(raw: unknown): AdvancedCodeSettings {
  if (raw === undefined || raw === null) return { ...ADVANCED_CODE_DEFAULTS };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ActionInputError(FIELD, 'must be an object');
  const r = raw as Record<string, unknown>;
  const s: AdvancedCodeSettings = { ...ADVANCED_CODE_DEFAULTS };
  if (r.timeoutSeconds !== undefined) {
    const t = r.timeoutSeconds;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > 300)
      throw new ActionInputError(`${FIELD}.timeoutSeconds`, 'must be an integer from 1 to 300');
    s.timeoutSeconds = t;
  }
  if (r.sandboxPersistence !== undefined) s.sandboxPersistence = oneOf(r.sandboxPersistence, PERSISTENCE, 'sandboxPersistence');
  if (r.storageMountScope !== undefined) s.storageMountScope = oneOf(r.storageMountScope, MOUNT_SCOPES, 'storageMountScope');
  if (r.storageExternalId !== undefined && r.storageExternalId !== null) {
    const id = r.storageExternalId;
    if (typeof id !== 'string' || id.length < 1 || id.length > 255)
      throw new ActionInputError(`${FIELD}.storageExternalId`, 'must be a string of 1 to 255 characters');
    s.storageExternalId = id;
  }
  if (s.storageMountScope === 'external' && !s.storageExternalId) {
    throw new ActionInputError(`${FIELD}.storageExternalId`, 'is required when storageMountScope is external');
  }
  if (r.network !== undefined) {
    if (typeof r.network !== 'boolean') throw new ActionInputError(`${FIELD}.network`, 'must be a boolean');
    s.network = r.network;
  }
  return s;
}

function oneOf<T extends string>(v: unknown, allowed: readonly T[], key: string): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v))
    throw new ActionInputError(`${FIELD}.${key}`, `must be one of ${allowed.join(', ')}`);
  return v as T;
}

export interface AdvancedCodeRunRequest {
  language: SandboxLanguage;
  code: string;
  /** The workspace integration's settings object (its `advancedCode` member is read). */
  settings: Record<string, unknown>;
  caller: Caller | null;
  /** The call's settings.persistence scope: keys the persistent /workspace. */
  scope: StateScope | null;
  signal: AbortSignal;
}

export interface AdvancedCodeResult extends Omit<SandboxRunResult, 'cancelled' | 'limitExceeded'> {
  language: SandboxLanguage;
  sandboxPersistence: AdvancedCodeSettings['sandboxPersistence'];
  storageMounted: boolean;
}

export interface AdvancedCodeRuntimeOptions {
  dataDir: string;
  /** Defaults to bubblewrap with `limits` over its defaults. */
  sandbox?: OsSandbox;
  /** Caps of the default bubblewrap sandbox (the operator's SWITCHBOARD_ADVANCED_CODE_* settings). */
  limits?: Partial<SandboxLimits>;
  /** Operator switch: whether settings.advancedCode.network may give code the host's network (default false). */
  allowNetwork?: boolean;
}

/**
 * Maps an advanced-code call (settings, caller, scope) to one sandbox run. Persistent directories live under
 * `<dataDir>/advanced-code/{workspaces,storage}/<orgId>/<workspaceId>/<kind>/<key>`, key being `workspace` or the
 * SHA-256 of the end user or external id, so no caller-chosen text becomes a path.
 */
export class AdvancedCodeRuntime {
  readonly root: string;
  private readonly sandbox: OsSandbox;
  private readonly allowNetwork: boolean;

  constructor(opts: AdvancedCodeRuntimeOptions) {
    this.root = path.join(opts.dataDir, 'advanced-code');
    this.sandbox = opts.sandbox ?? new BubblewrapSandbox({ ...(opts.limits ? { limits: opts.limits } : {}) });
    this.allowNetwork = opts.allowNetwork ?? false;
  }

  async run(req: AdvancedCodeRunRequest): Promise<AdvancedCodeResult> {
    const s = parseAdvancedCodeSettings(req.settings.advancedCode);
    if (s.network && !this.allowNetwork) {
      throw new ActionInputError(
        `${FIELD}.network`,
        'is not allowed on this server: the operator has not enabled network access for advanced-code',
      );
    }
    let workspaceDir: string | undefined;
    if (s.sandboxPersistence === 'persistent') {
      if (!req.scope) {
        throw new ActionInputError(
          'endUserId',
          'is required for a persistent sandbox: its /workspace is kept per persistence scope, so pass endUserId (scope end_user, the default) or set settings.persistence.scope to workspace, or to external with an externalId',
        );
      }
      workspaceDir = await this.dirFor('workspaces', req.scope);
    }
    const mounts: { hostDir: string; sandboxPath: string }[] = [];
    if (s.storageMountScope !== 'none') {
      const storageScope = resolveStateScope(s.storageMountScope, req.caller, s.storageExternalId);
      mounts.push({ hostDir: await this.dirFor('storage', storageScope), sandboxPath: STORAGE_MOUNT });
    }
    if (req.signal.aborted) throw new ActionError('The run was cancelled.');

    let r: SandboxRunResult;
    try {
      r = await this.sandbox.run({
        language: req.language,
        code: req.code,
        timeoutMs: s.timeoutSeconds * 1000,
        network: s.network,
        signal: req.signal,
        ...(workspaceDir ? { workspaceDir } : {}),
        mounts,
      });
    } catch (err) {
      // Never fall back to running the code unsandboxed.
      if (err instanceof SandboxUnavailableError) throw new ActionError(err.message);
      throw err;
    }
    if (r.cancelled) throw new ActionError('The run was cancelled.');
    const { cancelled: _cancelled, limitExceeded, ...result } = r;
    // Over a cap of the whole run the platform stopped the code: a failure, with its output for the caller to read.
    if (limitExceeded) throw new ActionError(limitExceeded.message, { limit: limitExceeded.limit, ...result });
    return { language: req.language, ...result, sandboxPersistence: s.sandboxPersistence, storageMounted: mounts.length > 0 };
  }

  /** Host directory of a scope; parents are searchable but not listable, so a sandbox user reaches only its own. */
  dirFor(kind: 'workspaces' | 'storage', scope: StateScope): Promise<string> {
    const key = scope.kind === 'workspace' ? 'workspace' : sha256(scope.id);
    const dir = path.join(this.root, kind, safeSegment(scope.orgId), safeSegment(scope.workspaceId), scope.kind, key);
    return this.ensureParents(dir).then(() => dir);
  }

  private async ensureParents(dir: string): Promise<void> {
    const parent = path.dirname(dir);
    await mkdir(parent, { recursive: true, mode: 0o711 });
    // mkdir leaves existing directories' modes alone; the ones we own must be searchable by the sandbox user.
    for (let p = parent; p.startsWith(this.root); p = path.dirname(p)) await chmod(p, 0o711);
  }
}

/** UUIDs pass as they are (readable for operators); anything else is hashed. */
function safeSegment(v: string): string {
  return /^[A-Za-z0-9-]{1,64}$/.test(v) ? v : sha256(v);
}

function sha256(v: string): string {
  return createHash('sha256').update(v).digest('hex');
}
