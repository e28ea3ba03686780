/**
 * The values an action's `run` receives, typed from its declared props: what validateInput (validate.ts) leaves
 * in each prop, so the types tell the truth about the runtime values instead of `as` casts in every built-in.
 */
import type { DropdownState, Prop, PropType, Props } from './framework.js';

/** A FILE prop as checkFileInput passes it on: an http(s) URL, a data: URL or base64 text, or {filename, base64}. */
export type FileInput = string | Record<string, unknown>;

/** What validateInput leaves in a prop of each type that is set (coerced: a number sent as text is a number). */
interface Coerced {
  SHORT_TEXT: string;
  LONG_TEXT: string;
  MARKDOWN: string;
  SECRET_TEXT: string;
  NUMBER: number;
  CHECKBOX: boolean;
  DATE_TIME: string | number;
  OBJECT: Record<string, unknown>;
  FILE: FileInput;
}

/** The value of a prop that is set. JSON, DROPDOWN and DYNAMIC props are not checked there: unknown. */
export type PropValue<P extends Prop> = P extends { type: 'STATIC_DROPDOWN'; options: DropdownState<infer T> }
  ? T
  : P extends { type: 'STATIC_MULTI_SELECT_DROPDOWN'; options: DropdownState<infer T> }
    ? T[]
    : P extends { type: 'ARRAY'; items: infer I extends Props }
      ? PropsValue<I>[]
      : P extends { type: 'ARRAY' }
        ? unknown[]
        : P['type'] extends keyof Coerced
          ? Coerced[P['type']]
          : unknown;

/**
 * A required prop is always set (validateInput refuses the call otherwise), except a CHECKBOX, which it never
 * requires. An optional one may be absent (also when a non-text prop is sent blank) or null when the caller sent
 * null: a default only fills an absent value.
 */
type PropInput<P extends Prop> = P extends { required: true; type: Exclude<PropType, 'CHECKBOX'> }
  ? PropValue<P>
  : PropValue<P> | null | undefined;

/** An action's `propsValue`, from the props it declares (`Property.*` keep each prop's type and `required`). */
export type PropsValue<P extends Props> = { [K in keyof P]: PropInput<P[K]> };
