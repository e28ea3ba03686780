/**
 * `@switchboard/sdk/catalog`: the catalog this SDK was generated from, and validateInput, which checks an action's
 * input locally the way the service does (src/integrations/validate.ts and file-input.ts in the service): the same
 * field paths and messages, in the order the service checks them, so that the first problem is the service's
 * VALIDATION_ERROR details[0]. A separate entry point, so that the client's bundle does not carry the catalog.
 *
 * It checks the input as given: defaults and partials the service merges first (input partials, enforced keys) are
 * not known here, and props resolved at run time (DROPDOWN, DYNAMIC) are not checked.
 */
import type { CatalogData, PropData } from './catalog-types.js';
import type { ActionInput } from './execute.js';
import { CATALOG } from './generated/catalog-data.js';

export { CATALOG };
export type { CatalogData, PropData };
export type { ActionInputs, FileInput, IntegrationName } from './generated/catalog.js';

/** One problem: `field` as the service names it (input.items[0].name), `message` its words (is required). */
export interface InputProblem {
  field: string;
  message: string;
}

const TEXT = ['SHORT_TEXT', 'LONG_TEXT', 'MARKDOWN', 'SECRET_TEXT'];
const FILE_FORMS = 'must be an http(s) URL, a data: URL, base64 data or {filename, base64}';
const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isBase64(text: string): boolean {
  const compact = text.replace(/\r?\n/g, '');
  return compact.length > 0 && compact.length % 4 !== 1 && BASE64.test(compact);
}

/** Whether a data: URL is well formed (its base64 body valid, or its text body URL-decodable). */
function isDataUrl(text: string): boolean {
  const m = /^data:([^,;]*)((?:;[^,;=]+=[^,;]*)*)(;base64)?,(.*)$/is.exec(text);
  if (!m) return false;
  const body = m[4] ?? '';
  if (m[3]) return body === '' || isBase64(body);
  try {
    decodeURIComponent(body);
    return true;
  } catch {
    return false;
  }
}

/** The problem with one FILE value, if any. */
function fileProblem(value: unknown): string | null {
  if (typeof value === 'string') {
    if (/^https?:\/\/[^\s/]/i.test(value) || isBase64(value)) return null;
    if (/^data:/i.test(value)) return isDataUrl(value) ? null : 'is not a well-formed data: URL';
    return FILE_FORMS;
  }
  if (isObject(value)) {
    const b64 = value.base64 ?? value.data ?? value.content;
    if (typeof b64 === 'string' && isBase64(b64)) return null;
  }
  return FILE_FORMS;
}

/** The problems of one present value of `prop` (the service stops at the first). */
function check(field: string, prop: PropData, value: unknown, out: InputProblem[]): void {
  const problem = (message: string, at = field) => void out.push({ field: at, message });
  switch (prop.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
    case 'MARKDOWN':
    case 'SECRET_TEXT':
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') problem('must be a string');
      return;
    case 'NUMBER': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return problem('must be a number');
      if (prop.integer && !Number.isInteger(n)) return problem('must be an integer');
      if (prop.min !== undefined && n < prop.min) return problem(`must be at least ${prop.min}`);
      if (prop.max !== undefined && n > prop.max) return problem(`must be at most ${prop.max}`);
      return;
    }
    case 'CHECKBOX':
      if (typeof value !== 'boolean' && value !== 'true' && value !== 'false') problem('must be a boolean');
      return;
    case 'DATE_TIME':
      if (!((typeof value === 'string' || typeof value === 'number') && !Number.isNaN(new Date(value).getTime())))
        problem('must be a date');
      return;
    case 'STATIC_DROPDOWN': {
      const options = prop.options ?? [];
      if (!options.some((o) => sameValue(o, value)))
        problem(`must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}`);
      return;
    }
    case 'STATIC_MULTI_SELECT_DROPDOWN': {
      if (!Array.isArray(value)) return problem('must be an array');
      const options = prop.options ?? [];
      for (const v of value)
        if (!options.some((o) => sameValue(o, v))) return problem(`has an unknown value ${JSON.stringify(v)}`);
      return;
    }
    case 'ARRAY':
      if (!Array.isArray(value)) return problem('must be an array');
      if (!prop.properties) return;
      value.forEach((item, i) => {
        if (!isObject(item)) problem('must be an object', `${field}[${i}]`);
        else checkProps(prop.properties!, item, `${field}[${i}].`, out);
      });
      return;
    case 'OBJECT':
      if (!isObject(value)) problem('must be an object');
      return;
    case 'FILE': {
      const p = fileProblem(value);
      if (p) problem(p);
      return;
    }
    default:
      return; // JSON, DROPDOWN, DYNAMIC...: checked by the action itself on the service
  }
}

function checkProps(props: Record<string, PropData>, input: Record<string, unknown>, prefix: string, out: InputProblem[]): void {
  for (const [name, prop] of Object.entries(props)) {
    let value = input[name];
    if (value === undefined && prop.defaultValue !== undefined) value = prop.defaultValue;
    if (isBlank(value)) {
      if (prop.required && prop.type !== 'CHECKBOX') {
        out.push({ field: prefix + name, message: 'is required' });
        continue;
      }
      if (value === undefined || value === null || !TEXT.includes(prop.type)) continue;
    }
    check(prefix + name, prop, value, out);
  }
}

/** The props of an action, or an Error naming what this SDK's catalog does not know. */
function propsOf(catalog: CatalogData, integration: string, action: string): Record<string, PropData> {
  const actions = Object.hasOwn(catalog, integration) ? catalog[integration] : undefined;
  if (!actions) {
    throw new Error(
      `Unknown integration "${integration}": it is not in this SDK's catalog (added at run time? regenerate with npm run sdk:generate -- --from <url>).`,
    );
  }
  const props = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!props)
    throw new Error(`Unknown action "${action}" of integration "${integration}" (actions: ${Object.keys(actions).join(', ')}).`);
  return props;
}

/**
 * Every problem of `input` for `action` of `integration`, in the order the service checks them; [] when the
 * service would accept it (as far as the catalog tells). Throws an Error for an integration or action this SDK's
 * catalog does not know. `options.catalog` checks against another catalog (CatalogData) instead.
 */
export function validateInput<I extends string, A extends string>(
  integration: I,
  action: A,
  input: ActionInput<I, A> | Record<string, unknown>,
  options: { catalog?: CatalogData } = {},
): InputProblem[] {
  const props = propsOf(options.catalog ?? CATALOG, integration, action);
  if (!isObject(input)) return [{ field: 'input', message: 'must be an object' }];
  const out: InputProblem[] = [];
  checkProps(props, input, 'input.', out);
  return out;
}

/** A prop of GET /api/v1/integrations as validateInput needs it. */
function propFromCatalog(p: Record<string, unknown>): PropData {
  const out: PropData = { type: String(p.type) };
  if (p.required === true) out.required = true;
  if (p.defaultValue !== undefined) out.defaultValue = p.defaultValue;
  if (typeof p.integer === 'boolean') out.integer = p.integer;
  if (typeof p.min === 'number') out.min = p.min;
  if (typeof p.max === 'number') out.max = p.max;
  const options = (p.options as { options?: unknown } | undefined)?.options;
  if (Array.isArray(options)) out.options = options.map((o: { value?: unknown }) => o.value);
  if (isObject(p.properties)) out.properties = propsFromCatalog(p.properties);
  return out;
}

const propsFromCatalog = (props: unknown): Record<string, PropData> =>
  Object.fromEntries(Object.entries(isObject(props) ? props : {}).map(([k, p]) => [k, propFromCatalog(isObject(p) ? p : {})]));

/**
 * CatalogData from a running service's catalog (the answer of client.integrations.list()), so that validateInput
 * can check the actions of pieces an operator added at run time: `validateInput(i, a, input, { catalog })`.
 */
export function catalogFromIntegrations(body: { integrations: ReadonlyArray<Record<string, unknown>> }): CatalogData {
  const out: CatalogData = {};
  for (const integration of body.integrations) {
    const actions = isObject(integration.actions) ? integration.actions : {};
    out[String(integration.name)] = Object.fromEntries(
      Object.entries(actions).map(([name, a]) => [name, propsFromCatalog(isObject(a) ? a.props : undefined)]),
    );
  }
  return out;
}
