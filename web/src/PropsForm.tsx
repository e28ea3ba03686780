import { useQuery } from '@tanstack/react-query';
import { useOrg } from './session';
import type { Prop } from './catalog';
import { Field } from './ui';

/** Values as typed in the form: text for text-like and JSON props, booleans, arrays for multi-selects. */
export type FormValues = Record<string, unknown>;

const JSON_TYPES = new Set(['JSON', 'OBJECT', 'ARRAY', 'DYNAMIC']);

/** The form's values as the action's input: numbers and JSON parsed, empty optional fields left out. */
export function inputOf(props: Record<string, Prop>, values: FormValues): { input: Record<string, unknown>; problems: string[] } {
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const v = values[name];
    if (prop.type === 'MARKDOWN' || v === undefined || v === '') continue;
    if (prop.type === 'NUMBER') {
      const n = Number(v);
      if (Number.isNaN(n)) problems.push(`${prop.displayName} must be a number`);
      else input[name] = n;
    } else if (JSON_TYPES.has(prop.type) && typeof v === 'string') {
      try {
        input[name] = JSON.parse(v);
      } catch {
        problems.push(`${prop.displayName} must be valid JSON`);
      }
    } else input[name] = v;
  }
  return { input, problems };
}

/** The form's starting values: the props' defaults, overlaid with known values (a partial's, say). */
export function initialValues(props: Record<string, Prop>, known: Record<string, unknown> = {}): FormValues {
  const out: FormValues = {};
  for (const [name, prop] of Object.entries(props)) {
    const v = name in known ? known[name] : prop.defaultValue;
    if (v === undefined || v === null) continue;
    out[name] = JSON_TYPES.has(prop.type) && typeof v !== 'string' ? JSON.stringify(v, null, 2) : v;
  }
  return out;
}

export interface DynamicContext {
  integrationName: string;
  actionName: string;
  workspaceId: string;
  integrationAlias?: string | undefined;
  connectionExternalId?: string | undefined;
}

/**
 * A form generated from an action's props. Dropdowns whose options come from the integration are resolved live
 * (POST /integrations/:name/properties/options) with the values entered so far.
 */
export function PropsForm(props: {
  props: Record<string, Prop>;
  values: FormValues;
  onChange: (values: FormValues) => void;
  dynamic?: DynamicContext;
  /** Keys shown read-only (a partial enforces them). */
  locked?: ReadonlySet<string>;
  /** No field is required (a partial gives some values, the call the rest). */
  allOptional?: boolean;
  /** Values the call gets anyway (from partials): their fields are optional and say so. */
  provided?: Record<string, unknown>;
}) {
  const entries = Object.entries(props.props);
  if (entries.length === 0) return <p className="muted">This action takes no input.</p>;
  return (
    <div className="stack">
      {entries.map(([name, prop]) => (
        <PropField
          key={name}
          name={name}
          prop={props.allOptional || (props.provided && name in props.provided) ? { ...prop, required: false } : prop}
          provided={props.provided?.[name]}
          value={props.values[name]}
          values={props.values}
          locked={props.locked?.has(name) ?? false}
          dynamic={props.dynamic}
          onChange={(v) => props.onChange({ ...props.values, [name]: v })}
        />
      ))}
    </div>
  );
}

function PropField(p: {
  name: string;
  prop: Prop;
  provided: unknown;
  value: unknown;
  values: FormValues;
  locked: boolean;
  dynamic: DynamicContext | undefined;
  onChange: (v: unknown) => void;
}) {
  const { prop } = p;
  if (prop.type === 'MARKDOWN') return prop.description ? <p className="hint">{prop.description}</p> : null;
  const hint = [
    prop.description,
    p.locked
      ? 'Set by an enforced partial.'
      : p.provided !== undefined
        ? `From a partial unless you set it: ${JSON.stringify(p.provided)}.`
        : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Field label={prop.displayName || p.name} required={prop.required ?? false} hint={hint || undefined}>
      {(id, hintId) => <Control id={id} hintId={hintId} {...p} />}
    </Field>
  );
}

function Control(p: {
  id: string;
  hintId: string | undefined;
  name: string;
  prop: Prop;
  value: unknown;
  values: FormValues;
  locked: boolean;
  dynamic: DynamicContext | undefined;
  onChange: (v: unknown) => void;
}) {
  const common = { id: p.id, 'aria-describedby': p.hintId, disabled: p.locked, required: p.prop.required ?? false };
  const text = typeof p.value === 'string' || typeof p.value === 'number' ? String(p.value) : '';
  switch (p.prop.type) {
    case 'CHECKBOX':
      return (
        <input
          type="checkbox"
          {...common}
          required={false}
          checked={p.value === true}
          onChange={(e) => p.onChange(e.target.checked)}
        />
      );
    case 'NUMBER':
      return <input type="number" step="any" {...common} value={text} onChange={(e) => p.onChange(e.target.value)} />;
    case 'LONG_TEXT':
      return <textarea rows={4} {...common} value={text} onChange={(e) => p.onChange(e.target.value)} />;
    case 'JSON':
    case 'OBJECT':
    case 'ARRAY':
    case 'DYNAMIC':
      return (
        <textarea
          rows={4}
          className="mono"
          {...common}
          placeholder="JSON"
          value={text}
          onChange={(e) => p.onChange(e.target.value)}
        />
      );
    case 'STATIC_DROPDOWN':
      return <Select {...common} options={p.prop.options?.options ?? []} value={p.value} onChange={p.onChange} />;
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return <Select {...common} multiple options={p.prop.options?.options ?? []} value={p.value} onChange={p.onChange} />;
    case 'DROPDOWN':
    case 'MULTI_SELECT_DROPDOWN':
      return p.dynamic ? (
        <DynamicSelect {...p} common={common} dynamic={p.dynamic} multiple={p.prop.type === 'MULTI_SELECT_DROPDOWN'} />
      ) : (
        <input {...common} value={text} onChange={(e) => p.onChange(e.target.value)} />
      );
    default:
      return (
        <input
          type={p.prop.type === 'SECRET_TEXT' ? 'password' : 'text'}
          {...common}
          value={text}
          onChange={(e) => p.onChange(e.target.value)}
        />
      );
  }
}

function Select(p: {
  id: string;
  'aria-describedby': string | undefined;
  disabled: boolean;
  required: boolean;
  multiple?: boolean;
  options: Array<{ label: string; value: unknown }>;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  // Option values can be any JSON: the select works on their indexes.
  const index = (v: unknown) => p.options.findIndex((o) => JSON.stringify(o.value) === JSON.stringify(v));
  if (p.multiple) {
    const selected = Array.isArray(p.value)
      ? p.value
          .map(index)
          .filter((i) => i >= 0)
          .map(String)
      : [];
    return (
      <select
        id={p.id}
        aria-describedby={p['aria-describedby']}
        disabled={p.disabled}
        multiple
        value={selected}
        onChange={(e) => p.onChange([...e.target.selectedOptions].map((o) => p.options[Number(o.value)]?.value))}
      >
        {p.options.map((o, i) => (
          <option key={i} value={String(i)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  const i = index(p.value);
  return (
    <select
      id={p.id}
      aria-describedby={p['aria-describedby']}
      disabled={p.disabled}
      required={p.required}
      value={i >= 0 ? String(i) : ''}
      onChange={(e) => p.onChange(e.target.value === '' ? undefined : p.options[Number(e.target.value)]?.value)}
    >
      <option value="">Choose…</option>
      {p.options.map((o, n) => (
        <option key={n} value={String(n)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function DynamicSelect(p: {
  name: string;
  prop: Prop;
  value: unknown;
  values: FormValues;
  dynamic: DynamicContext;
  multiple: boolean;
  common: { id: string; 'aria-describedby': string | undefined; disabled: boolean; required: boolean };
  onChange: (v: unknown) => void;
}) {
  const { client, org } = useOrg();
  const refreshers = Object.fromEntries((p.prop.refreshers ?? []).map((r) => [r, p.values[r]]));
  const options = useQuery({
    queryKey: [org.id, 'prop-options', p.dynamic, p.name, refreshers],
    queryFn: async () =>
      client.integrations.propertyOptions({
        integrationName: p.dynamic.integrationName,
        body: {
          propertyName: p.name,
          actionName: p.dynamic.actionName,
          workspaceId: p.dynamic.workspaceId,
          ...(p.dynamic.integrationAlias ? { integrationAlias: p.dynamic.integrationAlias } : {}),
          ...(p.dynamic.connectionExternalId ? { connectionExternalId: p.dynamic.connectionExternalId } : {}),
          input: refreshers,
        },
      }),
    retry: false,
  });
  if (options.isPending) return <input {...p.common} disabled value="" placeholder="Loading options…" readOnly />;
  if (options.isError || !options.data || options.data.disabled)
    return (
      <>
        <input
          {...p.common}
          value={typeof p.value === 'string' ? p.value : ''}
          placeholder={options.data?.placeholder ?? 'Enter a value'}
          onChange={(e) => p.onChange(e.target.value)}
        />
        <span className="hint">
          {options.isError ? `Options could not be loaded: ${options.error.message}` : options.data?.placeholder}
        </span>
      </>
    );
  return <Select {...p.common} multiple={p.multiple} options={options.data.options} value={p.value} onChange={p.onChange} />;
}
