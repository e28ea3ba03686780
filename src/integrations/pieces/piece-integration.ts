import { randomUUID } from 'node:crypto';
import {
  ActionError,
  type ActionContext,
  type ActionDefinition,
  type AuthOption,
  type DropdownState,
  type IntegrationDefinition,
  type Prop,
  type Props,
  type PropType,
  type ResolveContext,
  type AppEventResult,
  type TriggerCall,
  type TriggerDefinition,
  type TriggerHookResult,
  type TriggerRuntime,
} from '../framework.js';
import type { PieceWorkerPool } from './pool.js';
import type { ConnectionValue, HostHandlers, PieceMeta, PieceRef, PropMeta, TriggerHook } from './protocol.js';

const KNOWN_TYPES = new Set<PropType>([
  'SHORT_TEXT',
  'LONG_TEXT',
  'MARKDOWN',
  'NUMBER',
  'CHECKBOX',
  'DATE_TIME',
  'STATIC_DROPDOWN',
  'STATIC_MULTI_SELECT_DROPDOWN',
  'DROPDOWN',
  'MULTI_SELECT_DROPDOWN',
  'DYNAMIC',
  'ARRAY',
  'OBJECT',
  'JSON',
  'FILE',
  'SECRET_TEXT',
  'BASIC_AUTH',
  'CUSTOM_AUTH',
  'OAUTH2',
]);

/** The connection of a call, as the engine passes it to piece actions (ctx.auth). */
const connectionOf = (auth: unknown): ConnectionValue | null =>
  auth && typeof auth === 'object' && 'type' in auth && 'value' in auth ? (auth as ConnectionValue) : null;

interface Target {
  pool: PieceWorkerPool;
  ref: PieceRef;
  kind: 'action' | 'trigger';
  name: string;
}

/** A piece prop as one of ours; option and property resolvers call back into a worker. */
export function toProp(meta: PropMeta, t: Target, key: string): Prop {
  const base = {
    displayName: meta.displayName,
    description: meta.description,
    required: meta.required,
    defaultValue: meta.defaultValue,
  };
  const type = KNOWN_TYPES.has(meta.type as PropType) ? (meta.type as PropType) : 'JSON';
  switch (type) {
    case 'STATIC_DROPDOWN':
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return { ...base, type, options: meta.options ?? { options: [] } };
    case 'DROPDOWN':
    case 'MULTI_SELECT_DROPDOWN':
      return {
        ...base,
        type,
        refreshers: meta.refreshers ?? [],
        options: (ctx: ResolveContext) =>
          t.pool.request<DropdownState>({
            op: 'options',
            piece: t.ref,
            kind: t.kind,
            action: t.name,
            prop: key,
            input: ctx.input,
            auth: connectionOf(ctx.auth),
            ...(ctx.searchValue !== undefined ? { searchValue: ctx.searchValue } : {}),
          }),
      };
    case 'DYNAMIC':
      return {
        ...base,
        type,
        refreshers: meta.refreshers ?? [],
        props: async (ctx: ResolveContext) => {
          const resolved = await t.pool.request<Record<string, PropMeta>>({
            op: 'props',
            piece: t.ref,
            kind: t.kind,
            action: t.name,
            prop: key,
            input: ctx.input,
            auth: connectionOf(ctx.auth),
          });
          return Object.fromEntries(Object.entries(resolved).map(([k, p]) => [k, toProp(p, t, k)]));
        },
      };
    case 'ARRAY':
      return { ...base, type, ...(meta.properties ? { items: toProps(meta.properties, t) } : {}) };
    default:
      return { ...base, type } as Prop;
  }
}

const toProps = (props: Record<string, PropMeta>, t: Target): Props =>
  Object.fromEntries(Object.entries(props).map(([k, p]) => [k, toProp(p, t, k)]));

/** The piece's `store` and `files`, served by the API process from the call's persistence scope. */
function hostHandlers(ctx: ActionContext): HostHandlers {
  return {
    'store.get': (key: string) => ctx.store.get(key),
    'store.put': (key: string, value: unknown) => ctx.store.put(key, value),
    'store.delete': (key: string) => ctx.store.delete(key),
    'files.write': async (fileName: string, data: Buffer) => {
      if (!ctx.files) return `data:application/octet-stream;base64,${data.toString('base64')}`;
      const file = await ctx.files.write(
        `piece-files/${randomUUID()}/${fileName.replace(/[/\\]/g, '_') || 'file'}`,
        data,
        'application/octet-stream',
      );
      return ctx.files.downloadUrl(file, 3600).url;
    },
  };
}

/** A trigger's hooks, each run in a worker; the source's `store` is served by the caller (TriggerCall.store). */
function triggerRuntime(pool: PieceWorkerPool, ref: PieceRef, trigger: string): TriggerRuntime {
  const call = (hook: TriggerHook, c: TriggerCall) =>
    pool.request<TriggerHookResult>(
      {
        op: 'trigger',
        piece: ref,
        trigger,
        hook,
        input: c.input,
        auth: connectionOf(c.auth),
        webhookUrl: c.webhookUrl,
        publicUrl: c.publicUrl,
        ...(c.payload ? { payload: c.payload } : {}),
      },
      {
        'store.get': (key: string) => c.store.get(key),
        'store.put': (key: string, value: unknown) => c.store.put(key, value),
        'store.delete': (key: string) => c.store.delete(key),
        // Trigger items are delivered as JSON; a file a trigger writes travels inline.
        'files.write': async (_name: string, data: Buffer) => `data:application/octet-stream;base64,${data.toString('base64')}`,
      },
    );
  const expect = <K extends TriggerHookResult['kind']>(r: TriggerHookResult, ...kinds: K[]) => {
    if (!kinds.includes(r.kind as K))
      throw new ActionError(`The trigger answered ${r.kind} where ${kinds.join(' or ')} was expected.`);
    return r as Extract<TriggerHookResult, { kind: K }>;
  };
  return {
    onEnable: async (c) => expect(await call('onEnable', c), 'enabled'),
    onDisable: async (c) => {
      expect(await call('onDisable', c), 'disabled');
    },
    run: async (c) => expect(await call('run', c), 'items', 'handshake'),
    test: async (c) => expect(await call('test', c), 'items').items,
  };
}

/** An integration backed by an Activepieces piece: metadata from the worker, every call run in a worker. */
export function pieceIntegration(meta: PieceMeta, pool: PieceWorkerPool, ref: PieceRef): IntegrationDefinition {
  const auth: AuthOption[] = meta.auth.map((a) => ({
    key: a.key,
    type: a.type,
    displayName: a.displayName,
    ...(a.description ? { description: a.description } : {}),
    ...(a.props ? { props: toProps(a.props, { pool, ref, kind: 'action', name: '' }) } : {}),
    ...(a.oauth2 ? { oauth2: a.oauth2 } : {}),
    ...(a.username ? { username: a.username } : {}),
    ...(a.password ? { password: a.password } : {}),
    ...(a.hasValidate
      ? {
          validate: async (value: unknown) => {
            const conn = connectionOf(value);
            if (!conn) return { valid: false as const, error: 'No connection value to validate.' };
            const r = await pool.request<{ valid: boolean; error?: string }>({
              op: 'validate',
              piece: ref,
              auth: { ...conn, authMethodKey: a.key },
            });
            return r.valid ? { valid: true as const } : { valid: false as const, error: r.error ?? 'invalid' };
          },
        }
      : {}),
  }));
  const actions: ActionDefinition[] = Object.values(meta.actions).map((a) => {
    const target: Target = { pool, ref, kind: 'action', name: a.name };
    return {
      name: a.name,
      displayName: a.displayName,
      description: a.description || a.displayName,
      props: toProps(a.props, target),
      requireAuth: a.requireAuth,
      run: async (ctx: ActionContext) => {
        const conn = connectionOf(ctx.auth);
        if (a.requireAuth && !conn) throw new ActionError(`${meta.displayName} needs a connection for ${a.name}.`);
        return pool.request(
          {
            op: 'run',
            piece: ref,
            action: a.name,
            input: ctx.propsValue,
            auth: conn,
            publicUrl: ctx.publicUrl,
            runId: randomUUID(),
          },
          hostHandlers(ctx),
          undefined,
          ctx.signal,
        );
      },
    };
  });
  const triggers: TriggerDefinition[] = Object.values(meta.triggers).map((t) => ({
    name: t.name,
    displayName: t.displayName,
    description: t.description || t.displayName,
    type: t.type,
    props: toProps(t.props, { pool, ref, kind: 'trigger', name: t.name }),
    sampleData: t.sampleData,
    requireAuth: t.requireAuth,
    hooks: triggerRuntime(pool, ref, t.name),
  }));
  return {
    name: meta.name,
    displayName: meta.displayName,
    description: meta.description || `${meta.displayName} (Activepieces piece ${meta.package})`,
    logoUrl: meta.logoUrl || `/static/integrations/${meta.name}.svg`,
    categories: meta.categories.length ? meta.categories : ['piece'],
    auth,
    actions: Object.fromEntries(actions.map((x) => [x.name, x])),
    triggers: Object.fromEntries(triggers.map((x) => [x.name, x])),
    runtime: 'piece',
    version: meta.packageVersion,
    appWebhook: {
      receive: (payload, webhookSecret, appWebhookUrl) =>
        pool.request<AppEventResult>({ op: 'app-event', piece: ref, payload, webhookSecret, appWebhookUrl }),
    },
  };
}
