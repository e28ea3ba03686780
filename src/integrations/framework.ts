/**
 * The integration contract: the Activepieces pieces contract (props, auth, actions, triggers), written as plain
 * definition objects so built-ins load in microseconds in the API process. Third-party pieces are adapted to the
 * same shape and run out of process. The catalog serialises these definitions without their functions.
 */
import type { PropsValue } from './prop-values.js';

export type PropType =
  | 'SHORT_TEXT'
  | 'LONG_TEXT'
  | 'MARKDOWN'
  | 'NUMBER'
  | 'CHECKBOX'
  | 'DATE_TIME'
  | 'STATIC_DROPDOWN'
  | 'STATIC_MULTI_SELECT_DROPDOWN'
  | 'DROPDOWN'
  | 'MULTI_SELECT_DROPDOWN'
  | 'DYNAMIC'
  | 'ARRAY'
  | 'OBJECT'
  | 'JSON'
  | 'FILE'
  | 'SECRET_TEXT'
  | 'BASIC_AUTH'
  | 'CUSTOM_AUTH'
  | 'OAUTH2';

export interface DropdownOption<T = unknown> {
  label: string;
  value: T;
}
export interface DropdownState<T = unknown> {
  options: DropdownOption<T>[];
  disabled?: boolean;
  placeholder?: string;
}

/** What option and property resolvers receive: the input so far and the caller's connection, if any. */
export interface ResolveContext {
  auth: unknown;
  input: Record<string, unknown>;
  searchValue?: string;
}

interface PropBase {
  displayName: string;
  description?: string | undefined;
  required: boolean;
  defaultValue?: unknown;
}

export type Prop =
  | (PropBase & { type: 'SHORT_TEXT' | 'LONG_TEXT' | 'MARKDOWN' | 'DATE_TIME' | 'SECRET_TEXT' | 'JSON' | 'FILE' | 'CHECKBOX' })
  | (PropBase & { type: 'NUMBER'; min?: number | undefined; max?: number | undefined; integer?: boolean | undefined })
  | (PropBase & { type: 'OBJECT' })
  | (PropBase & { type: 'ARRAY'; items?: Record<string, Prop> | undefined })
  | (PropBase & { type: 'STATIC_DROPDOWN' | 'STATIC_MULTI_SELECT_DROPDOWN'; options: DropdownState })
  | (PropBase & {
      type: 'DROPDOWN' | 'MULTI_SELECT_DROPDOWN';
      refreshers: string[];
      options: (ctx: ResolveContext) => Promise<DropdownState>;
    })
  | (PropBase & { type: 'DYNAMIC'; refreshers: string[]; props: (ctx: ResolveContext) => Promise<Record<string, Prop>> });

export type Props = Record<string, Prop>;

/**
 * Helpers mirroring the pieces framework's `Property.*` builders. Each keeps its prop's type, `required: true` and
 * static options in its return type, from which PropsValue types an action's input. NoInfer: `required` and
 * `items` are inferred from the arguments alone, not from the Prop the caller expects back.
 */
type Common<R extends boolean> = { displayName: string; description?: string; required?: R; defaultValue?: unknown };
const base = <R extends boolean>(c: Common<R>) => ({
  displayName: c.displayName,
  description: c.description,
  required: (c.required ?? false) as NoInfer<R>,
  defaultValue: c.defaultValue,
});
export const Property = {
  ShortText: <R extends boolean = false>(c: Common<R>) => ({ type: 'SHORT_TEXT' as const, ...base(c) }),
  LongText: <R extends boolean = false>(c: Common<R>) => ({ type: 'LONG_TEXT' as const, ...base(c) }),
  Number: <R extends boolean = false>(c: Common<R> & { min?: number; max?: number; integer?: boolean }) => ({
    type: 'NUMBER' as const,
    ...base(c),
    min: c.min,
    max: c.max,
    integer: c.integer,
  }),
  Checkbox: <R extends boolean = false>(c: Common<R>) => ({ type: 'CHECKBOX' as const, ...base(c) }),
  DateTime: <R extends boolean = false>(c: Common<R>) => ({ type: 'DATE_TIME' as const, ...base(c) }),
  Json: <R extends boolean = false>(c: Common<R>) => ({ type: 'JSON' as const, ...base(c) }),
  Object: <R extends boolean = false>(c: Common<R>) => ({ type: 'OBJECT' as const, ...base(c) }),
  Array: <R extends boolean = false, I extends Props | undefined = undefined>(c: Common<R> & { items?: I }) => ({
    type: 'ARRAY' as const,
    ...base(c),
    items: c.items as NoInfer<I>,
  }),
  File: <R extends boolean = false>(c: Common<R>) => ({ type: 'FILE' as const, ...base(c) }),
  StaticDropdown: <const T, R extends boolean = false>(c: Common<R> & { options: DropdownOption<T>[] }) => ({
    type: 'STATIC_DROPDOWN' as const,
    ...base(c),
    options: { options: c.options },
  }),
  StaticMultiSelectDropdown: <const T, R extends boolean = false>(c: Common<R> & { options: DropdownOption<T>[] }) => ({
    type: 'STATIC_MULTI_SELECT_DROPDOWN' as const,
    ...base(c),
    options: { options: c.options },
  }),
  Dropdown: <R extends boolean = false>(
    c: Common<R> & { refreshers?: string[]; options: (ctx: ResolveContext) => Promise<DropdownState> },
  ) => ({
    type: 'DROPDOWN' as const,
    ...base(c),
    refreshers: c.refreshers ?? [],
    options: c.options,
  }),
  Dynamic: <R extends boolean = false>(
    c: Common<R> & { refreshers?: string[]; props: (ctx: ResolveContext) => Promise<Props> },
  ) => ({
    type: 'DYNAMIC' as const,
    ...base(c),
    refreshers: c.refreshers ?? [],
    props: c.props,
  }),
};

export type AuthType = 'SECRET_TEXT' | 'BASIC_AUTH' | 'CUSTOM_AUTH' | 'OAUTH2' | 'NONE';

/** How a BASIC_AUTH option names its two fields (Trello calls them "API Key" and "Token"). */
export interface AuthFieldLabel {
  displayName: string;
  description?: string;
}

export interface AuthOption {
  /** Used as `authMethodKey`. */
  key: string;
  type: AuthType;
  displayName: string;
  description?: string;
  /** CUSTOM_AUTH fields; for OAUTH2, extra fields the integration reads (e.g. a region) */
  props?: Props;
  /** BASIC_AUTH: the labels of username and password (default "Username" and "Password") */
  username?: AuthFieldLabel;
  password?: AuthFieldLabel;
  oauth2?: {
    authUrl: string;
    tokenUrl: string;
    scope: string[];
    pkce?: boolean;
    /** How the client authenticates at the token endpoint: BODY (client_secret_post, default) or HEADER (HTTP Basic). */
    authorizationMethod?: 'HEADER' | 'BODY';
    /** Provider-specific parameters added to the authorization URL (e.g. `access_type: offline`, `prompt: consent`). */
    extra?: Record<string, string>;
  };
  /** Checks credentials before they are stored (connect page, connection create). */
  validate?: (auth: unknown) => Promise<{ valid: true } | { valid: false; error: string }>;
}

/** Where a stateful built-in keeps its state (settings.persistence), resolved by the engine. */
export interface StateScope {
  kind: 'end_user' | 'workspace' | 'external';
  orgId: string;
  workspaceId: string;
  /** end user id, external id, or '' for the workspace scope */
  id: string;
}

/**
 * The scope for a persistence setting (`settings.persistence` or advanced-code's storage mount): end_user needs
 * the caller's end user, external an externalId; problems are the caller's input errors, named by field.
 */
export function resolveStateScope(kind: StateScope['kind'], caller: Caller | null, externalId?: string | null): StateScope {
  if (!caller?.workspaceId) throw new ActionInputError('workspaceId', 'is required for integrations that keep state');
  const base = { orgId: caller.orgId, workspaceId: caller.workspaceId };
  if (kind === 'workspace') return { ...base, kind, id: '' };
  if (kind === 'external') {
    if (!externalId) throw new ActionInputError('externalId', 'is required when the persistence scope is external');
    return { ...base, kind, id: externalId };
  }
  if (!caller.endUserId) throw new ActionInputError('endUserId', 'is required when the persistence scope is end_user');
  return { ...base, kind, id: caller.endUserId };
}

export interface KeyValueStore {
  get<T = unknown>(key: string): Promise<T | null>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Atomically append to the list at key (created when absent); returns the list. */
  appendToList(key: string, value: unknown): Promise<unknown[]>;
  /** Atomically remove every element equal to value; returns the list and how many were removed. */
  removeFromList(key: string, value: unknown): Promise<{ list: unknown[]; removed: number }>;
}

/** Raised by a store when the value at a key is not a list. */
export class NotAListError extends Error {
  constructor(key: string) {
    super(`The value at "${key}" is not a list.`);
    this.name = 'NotAListError';
  }
}

/** Who a call runs for: set by the engine from the API key, workspace and end user of the request. */
export interface Caller {
  orgId: string;
  workspaceId: string | null;
  /** Internal end-user id (not the externalId), when the call names one. */
  endUserId: string | null;
}

/**
 * Long-lived resources some built-ins need (browser sessions, the OS sandbox). Each built-in declares its own
 * member by module augmentation (`declare module '../../framework.js' { interface ActionResources {...} }`) and
 * the app supplies them; an action whose resource is absent fails with a clear ActionError.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ActionResources {}

export interface ActionContext<P = Record<string, unknown>> {
  propsValue: P;
  /** Outbound HTTP goes through this dispatcher (the SSRF guard). */
  dispatcher: import('undici').Dispatcher;
  /** The guard behind `dispatcher`, for clients that are not undici (a browser checking each navigation). */
  egress: import('../platform/egress.js').EgressGuard;
  caller: Caller | null;
  /** This call's persistence scope (settings.persistence resolved), null when the call has none. */
  scope: StateScope | null;
  resources: ActionResources;
  auth: unknown;
  settings: Record<string, unknown>;
  /** State storage for this call's persistence scope (kv-store, piece `store`). */
  store: KeyValueStore;
  /** Files of this call's persistence scope (storage, piece `files`); null when the call has no scope. */
  files: import('./state/file-store.js').ScopedFiles | null;
  signal: AbortSignal;
  publicUrl: string;
}

/**
 * An action. `run` gets the input validateInput checked against `props` (validate.ts), typed from them by
 * PropsValue; the engine and the catalog hold every action as the default, `ActionDefinition<Props>`.
 */
export interface ActionDefinition<P extends Props = Props> {
  name: string;
  displayName: string;
  description: string;
  props: P;
  /** JSON Schema of `output`, documented in the catalog. */
  outputSchema?: Record<string, unknown>;
  requireAuth?: boolean;
  /** Longest this action may run, when shorter than the engine's limit (SWITCHBOARD_ACTION_TIMEOUT_MS). */
  timeoutMs?: number;
  run: (ctx: ActionContext<PropsValue<P>>) => Promise<unknown>;
}

export type TriggerType = 'WEBHOOK' | 'POLLING' | 'APP_WEBHOOK';

/** An incoming HTTP request as the pieces framework hands it to triggers (`context.payload`). */
export interface TriggerPayload {
  method: string;
  headers: Record<string, string>;
  queryParams: Record<string, string>;
  /** Parsed JSON, form fields, or the text as it came. */
  body: unknown;
  /** The body exactly as received (signature checks need it). */
  rawBody: string;
}

/** What a trigger hook gives back. */
export type TriggerHookResult =
  /** onEnable: APP_WEBHOOK listeners the piece asked for (`context.app.createListeners`). */
  | { kind: 'enabled'; listeners: Array<{ events: string[]; identifierValue: string }> }
  | { kind: 'disabled' }
  /** run/test: the items, each one event. */
  | { kind: 'items'; items: unknown[] }
  /** run on a webhook handshake request: the answer the piece wants sent back; no event. */
  | { kind: 'handshake'; response: { status: number; body: unknown; headers: Record<string, string> } };

/** A piece's app-level webhook (APP_WEBHOOK): verified with the app's secret, then parsed for routing. */
export type AppEventResult =
  /** The piece has no app-level webhook. */
  | { kind: 'none' }
  | { kind: 'unverified' }
  | { kind: 'reply'; response: { status: number; body: unknown; headers: Record<string, string> } }
  | { kind: 'event'; event: string; identifierValue: string };

/** A trigger source's state (the pieces framework's `store`), as the triggers module serves it to a hook. */
export interface TriggerStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/** One call of a trigger hook for one trigger source. */
export interface TriggerCall {
  input: Record<string, unknown>;
  /** The connection (a ConnectionValue), or null. */
  auth: unknown;
  webhookUrl: string;
  publicUrl: string;
  store: TriggerStore;
  /** run: the incoming request of a webhook source; absent for a poll. */
  payload?: TriggerPayload;
}

/** How the triggers module drives a trigger: what the pieces framework calls onEnable, onDisable, run and test. */
export interface TriggerRuntime {
  onEnable(call: TriggerCall): Promise<Extract<TriggerHookResult, { kind: 'enabled' }>>;
  onDisable(call: TriggerCall): Promise<void>;
  run(call: TriggerCall): Promise<Extract<TriggerHookResult, { kind: 'items' | 'handshake' }>>;
  test(call: TriggerCall): Promise<unknown[]>;
}

/** An integration's app-level webhook endpoint (APP_WEBHOOK pieces): one URL for every source, routed by listeners. */
export interface AppWebhookRuntime {
  receive(payload: TriggerPayload, webhookSecret: string | null, appWebhookUrl: string): Promise<AppEventResult>;
}

export interface TriggerDefinition {
  name: string;
  displayName: string;
  description: string;
  type: TriggerType;
  props: Props;
  sampleData: unknown;
  requireAuth?: boolean;
  /** How the triggers module enables, disables, runs and tests it (pieces: calls into a worker). */
  hooks?: TriggerRuntime;
}

export interface IntegrationDefinition {
  name: string;
  displayName: string;
  description: string;
  logoUrl: string;
  categories: string[];
  /** Empty for integrations that need no connection. */
  auth: AuthOption[];
  actions: Record<string, ActionDefinition>;
  triggers: Record<string, TriggerDefinition>;
  /** in-process built-in, a third-party piece run out of process, or an imported OpenAPI document (0151) */
  runtime: 'builtin' | 'piece' | 'openapi';
  version: string;
  /** APP_WEBHOOK integrations: verifies and routes the provider's events sent to /api/v1/webhooks/<integration>. */
  appWebhook?: AppWebhookRuntime;
}

export function defineIntegration(
  def: Omit<IntegrationDefinition, 'actions' | 'triggers'> & {
    actions: ActionDefinition[];
    triggers?: TriggerDefinition[];
  },
): IntegrationDefinition {
  return {
    ...def,
    actions: Object.fromEntries(def.actions.map((a) => [a.name, a])),
    triggers: Object.fromEntries((def.triggers ?? []).map((t) => [t.name, t])),
  };
}

/**
 * An action whose `run` sees `propsValue` typed from its props. The cast forgets the props' types: the engine
 * validates every input against these same props before `run`, which is what makes PropsValue<P> true.
 */
export const defineAction = <P extends Props>(a: ActionDefinition<P>): ActionDefinition => a as unknown as ActionDefinition;

/** An error an action raises for bad input; the engine answers 400 VALIDATION_ERROR naming the field. */
export class ActionInputError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'ActionInputError';
  }
}

/** A DROPDOWN or DYNAMIC property whose options or properties function is missing (NO_OPTIONS_FN, NO_PROPS_FN). */
export class ResolverMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResolverMissingError';
  }
}

/** The action ran and failed (upstream error, user code threw): the engine answers success: false with output.error. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
    /** The upstream's HTTP status when the failure is its answer: a 401 makes the engine refresh OAuth2 and retry. */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}
