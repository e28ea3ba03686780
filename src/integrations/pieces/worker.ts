/**
 * A piece worker process: loads Activepieces pieces and runs their actions, option and property resolvers for
 * the API process, which talks to it over IPC. Everything third-party runs here, never in the API process: the
 * whole process is behind the egress guard, certificate checks cannot be switched off process-wide, and a hung or
 * crashing piece costs only this process.
 */
import { EgressGuard, enforceTlsVerification, installProcessEgressGuard } from '../../platform/egress.js';
import { SelfEndpoints } from '../../platform/self-endpoints.js';
import { loadPiece, pieceAuthValue, propsMeta, secretsOf, type LoadedPiece } from './adapter.js';
import { nestsDeeperThan, tooDeep } from './ipc.js';
import { FileInputError, filesIn } from './worker-files.js';
import { traceHttpClients, withTrace } from './worker-tracing.js';
import type {
  AppEventResult,
  HostMethod,
  ParentMessage,
  TriggerHookResult,
  WorkerError,
  WorkerMessage,
  WorkerRequest,
} from './protocol.js';

/** Sends a message to the API process; false when it could not go (a value the serialiser cannot take). */
function send(m: WorkerMessage): boolean {
  try {
    process.send?.(m);
    return true;
  } catch {
    return false;
  }
}

const self = process.env.SWITCHBOARD_SELF
  ? new SelfEndpoints(JSON.parse(process.env.SWITCHBOARD_SELF) as ConstructorParameters<typeof SelfEndpoints>[0])
  : null;
installProcessEgressGuard(new EgressGuard((process.env.SWITCHBOARD_EGRESS_ALLOW ?? '').split(','), self));
await enforceTlsVerification();
const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
traceHttpClients(send);

let nextHostId = 1;
const hostCalls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

function host(requestId: number, method: HostMethod, ...args: unknown[]): Promise<any> {
  const hostId = nextHostId++;
  return new Promise((resolve, reject) => {
    // The API process could not read a value nested deeper than this (0106): only this host call fails.
    if (nestsDeeperThan(args) || !send({ kind: 'host', id: requestId, hostId, method, args }))
      return reject(new Error(tooDeep(`The value given to ${method}`)));
    hostCalls.set(hostId, { resolve, reject });
  });
}

class NoResolverError extends Error {}

class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Input as the piece sees it: files as the framework's file objects, the 0.2.x auth prop filled in. */
async function pieceProps(loaded: LoadedPiece, def: Record<string, any>, input: Record<string, unknown>, auth: unknown) {
  const props = await filesIn((def.props ?? {}) as Record<string, any>, input);
  if (loaded.meta.authShape === 'prop' && loaded.meta.authProp) props[loaded.meta.authProp] = auth;
  return props;
}

function storeFor(requestId: number) {
  return {
    get: (key: string) => host(requestId, 'store.get', key),
    put: async (key: string, value: unknown) => {
      await host(requestId, 'store.put', key, value);
      return value;
    },
    delete: (key: string) => host(requestId, 'store.delete', key).then(() => undefined),
  };
}

/** A webhook answer as the framework's handshake and reply hooks give it, made plain. */
function webhookResponse(r: any): { status: number; body: unknown; headers: Record<string, string> } {
  const status = Number(r?.status ?? 200);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries((r?.headers ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') headers[k] = String(v);
  }
  return { status: Number.isInteger(status) && status >= 200 && status <= 599 ? status : 200, body: r?.body ?? null, headers };
}

/** Whether an incoming request is the provider's handshake, as the trigger's handshakeConfiguration defines it. */
function isHandshake(
  def: Record<string, any>,
  payload: { headers: Record<string, string>; queryParams: Record<string, string>; body: unknown },
): boolean {
  const config = def.handshakeConfiguration as { strategy?: string; paramName?: string } | undefined;
  const name = config?.paramName;
  if (!config || !name || typeof def.onHandshake !== 'function') return false;
  switch (config.strategy) {
    case 'HEADER_PRESENT':
      return payload.headers[name.toLowerCase()] !== undefined;
    case 'QUERY_PRESENT':
      return payload.queryParams[name] !== undefined;
    case 'BODY_PARAM_PRESENT':
      return typeof payload.body === 'object' && payload.body !== null && name in payload.body;
    default:
      return false;
  }
}

const asItems = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/**
 * Trigger hooks (onEnable, onDisable, run, test) with the context the pieces framework gives triggers: the source's
 * `store` (host calls answered from the source's state), its webhook URL, the connection, and for APP_WEBHOOK
 * `app.createListeners`, whose calls are returned to the API process for routing.
 */
async function triggerHook(
  id: number,
  loaded: LoadedPiece,
  req: Extract<WorkerRequest, { op: 'trigger' }>,
): Promise<TriggerHookResult> {
  const def = loaded.triggers[req.trigger];
  if (!def) throw new InputError('triggerName', `${loaded.meta.name} has no trigger ${req.trigger}`);
  const auth = pieceAuthValue(loaded, req.auth);
  const listeners: Array<{ events: string[]; identifierValue: string }> = [];
  const payload = req.payload ?? { method: 'POST', headers: {}, queryParams: {}, body: {}, rawBody: '' };
  const ctx = {
    auth,
    propsValue: await pieceProps(loaded, def, req.input, auth),
    store: storeFor(id),
    webhookUrl: req.webhookUrl,
    payload,
    server: { apiUrl: '', publicUrl: req.publicUrl, token: '' },
    project: { id: 'switchboard', externalId: async () => undefined },
    flows: { current: { id: req.webhookUrl, version: { id: req.webhookUrl } }, list: async () => ({ data: [] }) },
    step: { name: req.trigger },
    connections: {
      get: async () => {
        throw new Error('Reading other connections from a piece is not supported by Switchboard.');
      },
    },
    files: {
      write: ({ fileName, data }: { fileName: string; data: Buffer }) => host(id, 'files.write', fileName, Buffer.from(data)),
    },
    app: {
      createListeners: ({ events, identifierValue }: { events: string[]; identifierValue: string }) => {
        listeners.push({
          events: (Array.isArray(events) ? events : [events]).map(String),
          identifierValue: String(identifierValue),
        });
      },
    },
    // Switchboard polls on the source's pollingIntervalMinutes; a piece's own schedule request is not used.
    setSchedule: () => undefined,
  };
  switch (req.hook) {
    case 'onEnable':
      if (typeof def.onEnable === 'function') await def.onEnable(ctx);
      return { kind: 'enabled', listeners };
    case 'onDisable':
      if (typeof def.onDisable === 'function') await def.onDisable(ctx);
      return { kind: 'disabled' };
    case 'test':
      if (typeof def.test === 'function') return { kind: 'items', items: asItems(await def.test(ctx)) };
      return { kind: 'items', items: asItems(def.sampleData) };
    case 'run':
      if (req.payload && isHandshake(def, payload))
        return { kind: 'handshake', response: webhookResponse(await def.onHandshake(ctx)) };
      return { kind: 'items', items: asItems(await def.run(ctx)) };
  }
}

/** A piece's app-level webhook (`piece.events`): verify with the app's secret, then parse for routing. */
async function appEvent(loaded: LoadedPiece, req: Extract<WorkerRequest, { op: 'app-event' }>): Promise<AppEventResult> {
  const events = loaded.piece.events as { verify?: (c: unknown) => unknown; parseAndReply?: (c: unknown) => any } | undefined;
  if (!events || typeof events.parseAndReply !== 'function') return { kind: 'none' };
  if (typeof events.verify === 'function') {
    if (!req.webhookSecret) return { kind: 'unverified' };
    const ok = await events.verify({ webhookSecret: req.webhookSecret, payload: req.payload, appWebhookUrl: req.appWebhookUrl });
    if (ok !== true) return { kind: 'unverified' };
  }
  const parsed = await events.parseAndReply({ payload: req.payload, server: { publicUrl: '', apiUrl: '', token: '' } });
  if (parsed?.reply) return { kind: 'reply', response: webhookResponse(parsed.reply) };
  if (!parsed?.event || parsed.identifierValue === undefined || parsed.identifierValue === null)
    return { kind: 'reply', response: webhookResponse({ status: 200, body: {} }) };
  return { kind: 'event', event: String(parsed.event), identifierValue: String(parsed.identifierValue) };
}

async function handle(id: number, req: WorkerRequest): Promise<unknown> {
  if (req.op === 'ping') return 'pong';
  const loaded = loadPiece(req.piece);
  if (req.op === 'metadata') return loaded.meta;
  if (req.op === 'trigger') return triggerHook(id, loaded, req);
  if (req.op === 'app-event') return appEvent(loaded, req);
  if (req.op === 'validate') {
    const option =
      loaded.meta.auth.find((a) => a.key === req.auth.authMethodKey) ?? loaded.meta.auth.find((a) => a.type === req.auth.type);
    const raw = (Array.isArray(loaded.piece.auth) ? loaded.piece.auth : [loaded.piece.auth]).find(
      (a: any) => a?.type === option?.type,
    );
    if (!raw || typeof raw.validate !== 'function') return { valid: true };
    const auth = pieceAuthValue(loaded, req.auth);
    const result = await raw.validate({
      auth: loaded.meta.authShape === 'typed' ? ((auth as any)?.props ?? auth) : auth,
      server: {},
    });
    return result && typeof result === 'object'
      ? { valid: Boolean(result.valid), ...(result.valid ? {} : { error: String(result.error ?? 'invalid') }) }
      : { valid: true };
  }
  const trigger = req.op !== 'run' && req.kind === 'trigger';
  const def = trigger ? loaded.triggers[req.action] : loaded.actions[req.action];
  if (!def)
    throw new InputError(
      trigger ? 'triggerName' : 'actionName',
      `${loaded.meta.name} has no ${trigger ? 'trigger' : 'action'} ${req.action}`,
    );
  const auth = pieceAuthValue(loaded, req.auth);
  const server = { apiUrl: '', publicUrl: req.op === 'run' ? req.publicUrl : '', token: '' };
  const project = { id: 'switchboard', externalId: async () => undefined };

  if (req.op === 'options' || req.op === 'props') {
    const prop = (def.props ?? {})[req.prop];
    if (!prop) throw new InputError('propertyName', `${req.action} has no property ${req.prop}`);
    const values = { ...(await pieceProps(loaded, def, req.input, auth)), auth };
    const ctx = {
      server,
      project,
      searchValue: req.op === 'options' ? req.searchValue : undefined,
      store: storeFor(id),
      flows: { list: async () => ({ data: [] }) },
    };
    const fn: unknown = req.op === 'options' ? prop.options : prop.props;
    if (typeof fn !== 'function')
      throw new NoResolverError(`${req.prop} has no ${req.op === 'options' ? 'options' : 'properties'} function`);
    if (req.op === 'options') {
      const state = await prop.options(values, ctx);
      return {
        options: Array.isArray(state?.options) ? state.options : [],
        disabled: Boolean(state?.disabled),
        ...(state?.placeholder ? { placeholder: String(state.placeholder) } : {}),
      };
    }
    return propsMeta(await prop.props(values, ctx));
  }

  let stopped: unknown;
  const ctx = {
    auth,
    propsValue: await pieceProps(loaded, def, req.input, auth),
    store: storeFor(id),
    files: {
      write: ({ fileName, data }: { fileName: string; data: Buffer }) => host(id, 'files.write', fileName, Buffer.from(data)),
    },
    server,
    serverUrl: server.publicUrl,
    executionType: 'BEGIN',
    project,
    connections: {
      get: async () => {
        throw new Error('Reading other connections from a piece is not supported by Switchboard.');
      },
    },
    tags: { add: async () => undefined },
    output: { update: async () => undefined },
    step: { name: req.action },
    flows: { current: { id: req.runId, version: { id: req.runId } }, list: async () => ({ data: [] }) },
    run: {
      id: req.runId,
      isTest: false,
      stop: (r: unknown) => {
        stopped = r;
      },
      pause: () => {
        throw new Error('Pausing a run is not supported by Switchboard: actions run synchronously.');
      },
      respond: (r: unknown) => {
        stopped = r;
      },
    },
    generateResumeUrl: () => {
      throw new Error('Resume URLs are not supported by Switchboard: actions run synchronously.');
    },
  };
  const output = await def.run(ctx);
  return stopped !== undefined && output === undefined ? stopped : (output ?? null);
}

/** Errors without secrets: every string of the connection is cut out of the message. */
function toWorkerError(err: unknown, req: WorkerRequest): WorkerError {
  if (err instanceof InputError || err instanceof FileInputError)
    return { kind: 'input', field: err.field, message: err.message };
  if (err instanceof NoResolverError) return { kind: 'no-resolver', message: err.message };
  let message = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
  if (!message) message = 'The integration failed without a message.';
  const auth = 'auth' in req ? req.auth : null;
  for (const secret of secretsOf(auth?.value).sort((a, b) => b.length - a.length))
    message = message.split(secret).join('[REDACTED]');
  const httpStatus = httpStatusOf(err);
  return { kind: 'action', message: message.slice(0, 4000), ...(httpStatus !== null ? { httpStatus } : {}) };
}

/** The HTTP status an error carries: pieces-common's HttpError and axios put it under `response`, others on itself. */
function httpStatusOf(err: unknown): number | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { response?: { status?: unknown }; status?: unknown; statusCode?: unknown };
  let status: unknown;
  try {
    status = e.response?.status ?? e.status ?? e.statusCode;
  } catch {
    return null; // a getter that throws
  }
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : null;
}

process.on('message', (m: ParentMessage) => {
  if (m.kind === 'host-reply') {
    const call = hostCalls.get(m.hostId);
    hostCalls.delete(m.hostId);
    if (m.ok) call?.resolve(m.value);
    else call?.reject(new Error(m.message));
    return;
  }
  const { id, request } = m;
  void (async () => {
    try {
      const value = await withTrace(id, m.traceparent, () => handle(id, request));
      // An output the API process could not read fails this call only (0106).
      if (nestsDeeperThan(value)) throw new Error(tooDeep("The integration's output"));
      const out = value === undefined ? null : structuredCloneable(value);
      if (!send({ kind: 'reply', id, ok: true, value: out })) throw new Error("The integration's output could not be returned.");
    } catch (err) {
      send({ kind: 'reply', id, ok: false, error: toWorkerError(err, request) });
    } finally {
      // The pieces' HTTP clients switch certificate checks off for the whole process; switch them back.
      if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
    }
  })();
});

/** Outputs cross the IPC channel as plain data (class instances and functions dropped, Buffers kept). */
function structuredCloneable(v: unknown): unknown {
  try {
    return structuredClone(v);
  } catch {
    return JSON.parse(JSON.stringify(v)) as unknown;
  }
}

process.on('unhandledRejection', () => undefined);
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready' });
