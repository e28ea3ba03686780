import { authFields } from '../../integrations/auth-fields.js';
import type { AuthOption, Prop } from '../../integrations/framework.js';
import type { AppError } from '../../platform/errors.js';
import { DEFAULT_JSON_LIMITS, inspectJson } from '../../platform/http/json-limits.js';
import type { CreateConnectionInput } from '../connections/connections.schemas.js';

/** How long a credential check (auth option `validate`) may take before the page reports it. */
const VALIDATE_TIMEOUT_MS = 20_000;

/** Form values (strings) as the connection fields of the auth type; CUSTOM_AUTH props typed by their prop type. */
export function fieldsFrom(option: AuthOption, form: Record<string, unknown>): CreateConnectionInput {
  const text = (k: string) => (typeof form[k] === 'string' ? form[k] : undefined);
  switch (option.type) {
    case 'SECRET_TEXT':
      return { secretText: text('secret_text')?.trim() || undefined };
    case 'BASIC_AUTH':
      return { username: text('username')?.trim(), password: text('password') };
    default: {
      const props: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(option.props ?? {})) {
        const v = coerce(prop, form[`props.${key}`]);
        if (v !== undefined) props[key] = v;
      }
      return { props };
    }
  }
}

function coerce(prop: Prop, raw: unknown): unknown {
  if (prop.type === 'CHECKBOX') return raw === 'on' || raw === 'true';
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  switch (prop.type) {
    case 'NUMBER':
      return Number.isFinite(Number(raw)) ? Number(raw) : raw;
    case 'JSON':
    case 'OBJECT':
    case 'ARRAY':
      // JSON beyond the body limits (0105) is kept as text, like JSON that does not parse.
      try {
        const value = JSON.parse(raw) as unknown;
        return inspectJson(value, DEFAULT_JSON_LIMITS).problem ? raw : value;
      } catch {
        return raw;
      }
    case 'SECRET_TEXT':
      return raw;
    default:
      return raw.trim();
  }
}

/** A VALIDATION_ERROR as the page shows it: the field's form name and a sentence with its label. */
export function problem(err: AppError, option: AuthOption): { message: string; field: string | null } {
  const first = (err.extra?.details as Array<{ field: string; message: string }> | undefined)?.[0];
  if (!first) return { message: err.message, field: null };
  const labels = authFields(option);
  const names: Record<string, [string, string]> = {
    secretText: ['secret_text', option.displayName],
    username: ['username', labels.username?.prop.displayName ?? 'Username'],
    password: ['password', labels.password?.prop.displayName ?? 'Password'],
  };
  if (first.field.startsWith('props.')) {
    const key = first.field.slice('props.'.length).split('.')[0]!;
    const prop = option.props?.[key];
    return { field: `props.${key}`, message: `${prop?.displayName ?? key} ${first.message}` };
  }
  const [field, label] = names[first.field] ?? [null, first.field];
  return { field, message: `${label} ${first.message}` };
}

export async function validateWithin(
  option: AuthOption,
  value: unknown,
): Promise<{ valid: true } | { valid: false; error: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      option.validate!(value),
      new Promise<{ valid: false; error: string }>((resolve) => {
        timer = setTimeout(
          () => resolve({ valid: false, error: 'The credentials could not be checked in time; try again.' }),
          VALIDATE_TIMEOUT_MS,
        );
      }),
    ]).then((r) =>
      r.valid ? r : { valid: false as const, error: String(r.error || 'The credentials were not accepted.').slice(0, 300) },
    );
  } catch (err) {
    return {
      valid: false,
      error: `The credentials could not be checked: ${String((err as Error)?.message ?? err).slice(0, 200)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}
