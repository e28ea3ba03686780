/**
 * Reading Activepieces pieces (inside a worker process): their metadata as plain data, and the connection value
 * and context each framework generation expects. Pieces are loaded with `require` (they are CommonJS).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AuthMeta, AuthShape, ConnectionValue, PieceMeta, PieceRef, PropMeta } from './protocol.js';

type AnyPiece = Record<string, any>;
type AnyProp = Record<string, any>;

const ownRequire = createRequire(import.meta.url);
const AUTH_TYPES = new Set(['SECRET_TEXT', 'BASIC_AUTH', 'CUSTOM_AUTH', 'OAUTH2']);

export interface LoadedPiece {
  meta: PieceMeta;
  piece: AnyPiece;
  actions: Record<string, AnyProp>;
  triggers: Record<string, AnyProp>;
}

const cache = new Map<string, LoadedPiece>();

function requireFor(ref: PieceRef): NodeJS.Require {
  return ref.root ? createRequire(path.join(ref.root, 'package.json')) : ownRequire;
}

const isPiece = (v: unknown): v is AnyPiece =>
  typeof v === 'object' && v !== null && 'displayName' in v && ('_actions' in v || typeof (v as AnyPiece).actions === 'function');

/** Which connection shape the piece's framework generation expects (see AuthShape). */
function authShapeOf(pkg: Record<string, any>, piece: AnyPiece): AuthShape {
  const deps = { ...pkg.dependencies, ...pkg.peerDependencies };
  if (deps['@activepieces/framework'] && !piece.auth) return 'prop';
  const fw = deps['@activepieces/pieces-framework'] as string | undefined;
  if (!fw) return 'typed'; // bundled pieces are built with the current framework
  const [major, minor] = fw
    .replace(/^[^\d]*/, '')
    .split('.')
    .map(Number);
  return (major ?? 0) > 0 || (minor ?? 0) >= 20 ? 'typed' : 'raw';
}

/** `channelId` → `Channel id`: for the few piece props that ship without a display name. */
const humanize = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function propMeta(p: AnyProp, key: string): PropMeta {
  const type = String(p.type ?? 'JSON');
  const out: PropMeta = {
    type,
    displayName: String(p.displayName || humanize(key)),
    required: type === 'MARKDOWN' ? false : Boolean(p.required),
  };
  if (typeof p.description === 'string' && p.description) out.description = p.description;
  if (p.defaultValue !== undefined && typeof p.defaultValue !== 'function') out.defaultValue = p.defaultValue;
  if ((type === 'STATIC_DROPDOWN' || type === 'STATIC_MULTI_SELECT_DROPDOWN') && p.options && typeof p.options === 'object') {
    out.options = {
      options: Array.isArray(p.options.options) ? p.options.options : [],
      disabled: p.options.disabled,
      placeholder: p.options.placeholder,
    };
    // Some pieces default a dropdown to '' (meaning "none"), which is not one of its options.
    if (type === 'STATIC_DROPDOWN' && !out.options.options.some((o) => o.value === out.defaultValue)) delete out.defaultValue;
  }
  if (type === 'DROPDOWN' || type === 'MULTI_SELECT_DROPDOWN' || type === 'DYNAMIC')
    out.refreshers = Array.isArray(p.refreshers) ? p.refreshers.map(String) : [];
  if (type === 'ARRAY' && p.properties && typeof p.properties === 'object') out.properties = propsMeta(p.properties);
  return JSON.parse(JSON.stringify(out)) as PropMeta;
}

export const propsMeta = (props: Record<string, AnyProp> | undefined): Record<string, PropMeta> =>
  Object.fromEntries(Object.entries(props ?? {}).map(([k, p]) => [k, propMeta(p, k)]));

function authMeta(a: AnyProp): AuthMeta {
  const type = a.type as AuthMeta['type'];
  const out: AuthMeta = {
    key: type.toLowerCase(),
    type,
    displayName: String(a.displayName || 'Connection'),
    hasValidate: typeof a.validate === 'function',
  };
  if (a.description) out.description = String(a.description);
  if (type === 'CUSTOM_AUTH' && a.props) out.props = propsMeta(a.props);
  if (type === 'BASIC_AUTH') {
    for (const k of ['username', 'password'] as const) {
      const label = a[k] as AnyProp | undefined;
      if (typeof label?.displayName !== 'string' || !label.displayName) continue;
      out[k] = { displayName: label.displayName };
      if (typeof label.description === 'string' && label.description) out[k].description = label.description;
    }
  }
  if (type === 'OAUTH2') {
    out.oauth2 = {
      authUrl: String(a.authUrl ?? ''),
      tokenUrl: String(a.tokenUrl ?? ''),
      scope: Array.isArray(a.scope) ? a.scope.map(String) : [],
      pkce: Boolean(a.pkce ?? true),
    };
    if (a.authorizationMethod === 'HEADER' || a.authorizationMethod === 'BODY')
      out.oauth2.authorizationMethod = a.authorizationMethod;
    if (a.extra && typeof a.extra === 'object') {
      out.oauth2.extra = Object.fromEntries(
        Object.entries(a.extra as Record<string, unknown>)
          .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
          .map(([k, v]) => [k, String(v)]),
      );
    }
    if (a.props) out.props = propsMeta(a.props);
  }
  return out;
}

/** Auth option keys: the type in lower case (`oauth2`, `custom_auth`), numbered when a type repeats. */
function authOptions(list: AnyProp[]): AuthMeta[] {
  const seen = new Map<string, number>();
  return list.map((a) => {
    const m = authMeta(a);
    const base = String(a.type).toLowerCase();
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    m.key = n === 1 ? base : `${base}_${n}`;
    return m;
  });
}

/** Loads a piece package and reads its metadata; cached per package for the worker's life. */
export function loadPiece(ref: PieceRef): LoadedPiece {
  const cacheKey = `${ref.root ?? ''}|${ref.package}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const req = requireFor(ref);
  const mod = req(ref.package) as Record<string, unknown>;
  const pkg = req(`${ref.package}/package.json`) as Record<string, any>;
  const entry = Object.entries(mod).find(([, v]) => isPiece(v));
  if (!entry) throw new Error(`${ref.package} exports no Activepieces piece.`);
  const [exportName, piece] = entry as [string, AnyPiece];
  const actions: Record<string, AnyProp> = typeof piece.actions === 'function' ? piece.actions() : (piece._actions ?? {});
  const triggers: Record<string, AnyProp> = typeof piece.triggers === 'function' ? piece.triggers() : (piece._triggers ?? {});
  const shape = authShapeOf(pkg, piece);

  let authList: AnyProp[] = Array.isArray(piece.auth) ? piece.auth : piece.auth ? [piece.auth] : [];
  let authProp: string | undefined;
  if (shape === 'prop') {
    // 0.2.x pieces: the connection is an action prop of an auth type; the first one found is the piece's auth.
    for (const a of [...Object.values(actions), ...Object.values(triggers)]) {
      const found = Object.entries((a.props ?? {}) as Record<string, AnyProp>).find(([, p]) => AUTH_TYPES.has(p.type));
      if (found) {
        [authProp] = found;
        authList = [found[1]];
        break;
      }
    }
  }
  const withoutAuth = (props: Record<string, AnyProp> | undefined) =>
    Object.fromEntries(Object.entries(props ?? {}).filter(([, p]) => !(shape === 'prop' && AUTH_TYPES.has(p.type))));
  const needsAuth = (a: AnyProp) =>
    shape === 'prop'
      ? Object.values((a.props ?? {}) as Record<string, AnyProp>).some((p) => AUTH_TYPES.has(p.type))
      : authList.length > 0 && a.requireAuth !== false;

  const meta: PieceMeta = {
    package: ref.package,
    packageVersion: String(pkg.version),
    exportName,
    name: (path.isAbsolute(ref.package) ? path.basename(ref.package) : ref.package.replace(/^@[^/]+\//, '')).replace(
      /^piece-/,
      '',
    ),
    displayName: String(piece.displayName),
    description: String(piece.description ?? ''),
    logoUrl: String(piece.logoUrl ?? ''),
    categories: Array.isArray(piece.categories)
      ? piece.categories.map((c: unknown) => String(c).toLowerCase().replace(/_/g, '-'))
      : [],
    authShape: shape,
    ...(authProp ? { authProp } : {}),
    auth: authOptions(authList.filter((a) => AUTH_TYPES.has(a.type))),
    actions: Object.fromEntries(
      Object.entries(actions).map(([name, a]) => [
        name,
        {
          name,
          displayName: String(a.displayName ?? name),
          description: String(a.description ?? ''),
          requireAuth: needsAuth(a),
          props: propsMeta(withoutAuth(a.props)),
        },
      ]),
    ),
    triggers: Object.fromEntries(
      Object.entries(triggers).map(([name, t]) => [
        name,
        {
          name,
          displayName: String(t.displayName ?? name),
          description: String(t.description ?? ''),
          type: (['WEBHOOK', 'POLLING', 'APP_WEBHOOK'].includes(t.type) ? t.type : 'WEBHOOK') as 'WEBHOOK',
          requireAuth: needsAuth(t),
          props: propsMeta(withoutAuth(t.props)),
          sampleData: JSON.parse(JSON.stringify(t.sampleData ?? null)) as unknown,
        },
      ]),
    ),
  };
  const loaded = { meta, piece, actions, triggers };
  cache.set(cacheKey, loaded);
  return loaded;
}

/** The piece's auth prop for a connection: the option named by authMethodKey, else the one of the same type. */
function authOptionFor(loaded: LoadedPiece, auth: ConnectionValue): AuthMeta | undefined {
  const type = auth.type === 'PLATFORM_OAUTH2' ? 'OAUTH2' : auth.type;
  return loaded.meta.auth.find((a) => a.key === auth.authMethodKey) ?? loaded.meta.auth.find((a) => a.type === type);
}

/** The connection value as this piece's framework generation expects it. */
export function pieceAuthValue(loaded: LoadedPiece, auth: ConnectionValue | null): unknown {
  if (!auth || auth.type === 'NO_AUTH') return undefined;
  const type = authOptionFor(loaded, auth)?.type ?? (auth.type === 'PLATFORM_OAUTH2' ? 'OAUTH2' : auth.type);
  const v = auth.value;
  if (loaded.meta.authShape === 'typed') {
    switch (type) {
      case 'SECRET_TEXT':
        return { type, secret_text: v.secret_text ?? v.secretText ?? v.token ?? v.apiKey };
      case 'BASIC_AUTH':
        return { type, username: v.username, password: v.password };
      case 'CUSTOM_AUTH':
        return { type, props: (v.props as Record<string, unknown> | undefined) ?? v };
      default:
        return { type: 'OAUTH2', ...v, props: v.props ?? {}, data: v.data ?? {} };
    }
  }
  switch (type) {
    case 'SECRET_TEXT':
      return v.secret_text ?? v.secretText ?? v.token ?? v.apiKey;
    case 'CUSTOM_AUTH':
      return v.props ?? v;
    case 'BASIC_AUTH':
      return { username: v.username, password: v.password };
    default:
      return { ...v, props: v.props ?? {}, data: v.data ?? {} };
  }
}

/** Every secret-looking string in a connection value, so errors can be scrubbed of them. */
export function secretsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.length >= 6) out.push(value);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) secretsOf(v, out);
  }
  return out;
}
