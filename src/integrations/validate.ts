import { checkFileInput } from './file-input.js';
import { ActionInputError, type Prop, type Props } from './framework.js';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function coerce(field: string, prop: Prop, value: unknown): unknown {
  switch (prop.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
    case 'MARKDOWN':
    case 'SECRET_TEXT':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw new ActionInputError(field, 'must be a string');
    case 'NUMBER': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw new ActionInputError(field, 'must be a number');
      if (prop.integer && !Number.isInteger(n)) throw new ActionInputError(field, 'must be an integer');
      if (prop.min !== undefined && n < prop.min) throw new ActionInputError(field, `must be at least ${prop.min}`);
      if (prop.max !== undefined && n > prop.max) throw new ActionInputError(field, `must be at most ${prop.max}`);
      return n;
    }
    case 'CHECKBOX':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw new ActionInputError(field, 'must be a boolean');
    case 'DATE_TIME':
      if ((typeof value === 'string' || typeof value === 'number') && !Number.isNaN(new Date(value).getTime())) return value;
      throw new ActionInputError(field, 'must be a date');
    case 'STATIC_DROPDOWN':
      if (!prop.options.options.some((o) => sameValue(o.value, value))) {
        throw new ActionInputError(
          field,
          `must be one of ${prop.options.options.map((o) => JSON.stringify(o.value)).join(', ')}`,
        );
      }
      return value;
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      if (!Array.isArray(value)) throw new ActionInputError(field, 'must be an array');
      for (const v of value) {
        if (!prop.options.options.some((o) => sameValue(o.value, v)))
          throw new ActionInputError(field, `has an unknown value ${JSON.stringify(v)}`);
      }
      return value;
    case 'ARRAY':
      if (!Array.isArray(value)) throw new ActionInputError(field, 'must be an array');
      if (!prop.items) return value;
      return value.map((item, i) => {
        if (typeof item !== 'object' || item === null || Array.isArray(item))
          throw new ActionInputError(`${field}[${i}]`, 'must be an object');
        return validateInput(prop.items!, item as Record<string, unknown>, `${field}[${i}].`);
      });
    case 'OBJECT':
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new ActionInputError(field, 'must be an object');
      return value;
    case 'FILE':
      return checkFileInput(field, value);
    default:
      return value; // JSON, DROPDOWN, DYNAMIC and auth props: checked by the action itself
  }
}

/**
 * Check an action's input against its props: defaults applied, required fields present, types right. Returns the
 * normalised input (unknown keys kept); throws ActionInputError naming the first bad field.
 */
export function validateInput(props: Props, input: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  for (const [name, prop] of Object.entries(props)) {
    let value = out[name];
    if (value === undefined && prop.defaultValue !== undefined) value = out[name] = prop.defaultValue;
    if (isBlank(value)) {
      if (prop.required && prop.type !== 'CHECKBOX') throw new ActionInputError(prefix + name, 'is required');
      if (value === undefined || value === null) continue;
      if (!['SHORT_TEXT', 'LONG_TEXT', 'MARKDOWN', 'SECRET_TEXT'].includes(prop.type)) {
        delete out[name];
        continue;
      }
    }
    out[name] = coerce(prefix + name, prop, value);
  }
  return out;
}
