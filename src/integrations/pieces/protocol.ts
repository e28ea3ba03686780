/** Messages between the API process and piece worker processes (IPC with the `advanced` serialisation). */
import type { DropdownState, TriggerPayload } from '../framework.js';

/** A piece's props as plain data: functions are replaced by what the catalog and resolvers need. */
export interface PropMeta {
  type: string;
  displayName: string;
  description?: string;
  required: boolean;
  defaultValue?: unknown;
  options?: DropdownState;
  refreshers?: string[];
  properties?: Record<string, PropMeta>;
}

export interface AuthMeta {
  key: string;
  type: 'SECRET_TEXT' | 'BASIC_AUTH' | 'CUSTOM_AUTH' | 'OAUTH2';
  displayName: string;
  description?: string;
  props?: Record<string, PropMeta>;
  /** BASIC_AUTH: how the piece labels username and password */
  username?: { displayName: string; description?: string };
  password?: { displayName: string; description?: string };
  oauth2?: {
    authUrl: string;
    tokenUrl: string;
    scope: string[];
    pkce: boolean;
    authorizationMethod?: 'HEADER' | 'BODY';
    extra?: Record<string, string>;
  };
  hasValidate: boolean;
}

/**
 * How a piece expects its connection: `typed` = the current framework's `{type, ...}` values, `raw` = earlier
 * framework versions (a string for SECRET_TEXT, the props object for CUSTOM_AUTH), `prop` = 0.2.x-era pieces that
 * take the connection as an action prop named `authProp`.
 */
export type AuthShape = 'typed' | 'raw' | 'prop';

export interface PieceMeta {
  package: string;
  packageVersion: string;
  /** The export that holds the piece. */
  exportName: string;
  name: string;
  displayName: string;
  description: string;
  logoUrl: string;
  categories: string[];
  authShape: AuthShape;
  authProp?: string;
  auth: AuthMeta[];
  actions: Record<
    string,
    { name: string; displayName: string; description: string; requireAuth: boolean; props: Record<string, PropMeta> }
  >;
  triggers: Record<
    string,
    {
      name: string;
      displayName: string;
      description: string;
      type: 'WEBHOOK' | 'POLLING' | 'APP_WEBHOOK';
      requireAuth: boolean;
      props: Record<string, PropMeta>;
      sampleData: unknown;
    }
  >;
}

/** Where the worker finds a package: the app's own dependencies, or a directory of packages added at runtime. */
export interface PieceRef {
  package: string;
  /** A directory whose node_modules holds the package; omitted for the app's dependencies. */
  root?: string;
}

/** The connection a call runs with: our connection type and its decrypted value. */
export interface ConnectionValue {
  type: 'SECRET_TEXT' | 'BASIC_AUTH' | 'CUSTOM_AUTH' | 'OAUTH2' | 'PLATFORM_OAUTH2' | 'NO_AUTH';
  /** The auth option of the piece it was made for (authMethodKey). */
  authMethodKey?: string;
  value: Record<string, unknown>;
}

export type WorkerRequest =
  | { op: 'metadata'; piece: PieceRef }
  | {
      op: 'run';
      piece: PieceRef;
      action: string;
      input: Record<string, unknown>;
      auth: ConnectionValue | null;
      publicUrl: string;
      runId: string;
    }
  | {
      op: 'options';
      piece: PieceRef;
      kind: 'action' | 'trigger';
      action: string;
      prop: string;
      input: Record<string, unknown>;
      auth: ConnectionValue | null;
      searchValue?: string;
    }
  | {
      op: 'props';
      piece: PieceRef;
      kind: 'action' | 'trigger';
      action: string;
      prop: string;
      input: Record<string, unknown>;
      auth: ConnectionValue | null;
    }
  | { op: 'validate'; piece: PieceRef; auth: ConnectionValue }
  | {
      op: 'trigger';
      piece: PieceRef;
      trigger: string;
      /** onEnable/onDisable: (un)register; run: a poll, or one webhook request (handshake first when it is one); test: live sample. */
      hook: TriggerHook;
      input: Record<string, unknown>;
      auth: ConnectionValue | null;
      /** The source's platform address ({base_url}/api/v1/webhooks/<integration>/<id>). */
      webhookUrl: string;
      publicUrl: string;
      payload?: TriggerPayload;
    }
  | { op: 'app-event'; piece: PieceRef; payload: TriggerPayload; webhookSecret: string | null; appWebhookUrl: string }
  | { op: 'ping' };

export type TriggerHook = 'onEnable' | 'onDisable' | 'run' | 'test';

export type { AppEventResult, TriggerHookResult, TriggerPayload } from '../framework.js';

export interface WorkerError {
  kind: 'action' | 'input' | 'internal' | 'no-resolver';
  message: string;
  field?: string;
  /** The upstream's HTTP status, when the piece's error carries one (its HTTP client's `response.status`). */
  httpStatus?: number;
}

/** worker → parent */
export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: WorkerError }
  | { kind: 'host'; id: number; hostId: number; method: HostMethod; args: unknown[] }
  /** An HTTP request a piece made during call `id` (only when the call is traced): no path, headers or body. */
  | {
      kind: 'http';
      id: number;
      method: string;
      host: string;
      status: number | null;
      failed: boolean;
      startTime: number;
      endTime: number;
    };

/** parent → worker */
export type ParentMessage =
  | { kind: 'request'; id: number; request: WorkerRequest; traceparent?: string }
  | { kind: 'host-reply'; hostId: number; ok: true; value: unknown }
  | { kind: 'host-reply'; hostId: number; ok: false; message: string };

/** What a piece may ask of the API process during a call (its `store` and `files`). */
export type HostMethod = 'store.get' | 'store.put' | 'store.delete' | 'files.write';
export type HostHandlers = Partial<Record<HostMethod, (...args: any[]) => Promise<unknown>>>;
