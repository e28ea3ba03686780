import { EgressGuard } from '../platform/egress.js';
import type { ActionContext, ActionDefinition, KeyValueStore } from './framework.js';
import { validateInput } from './validate.js';

/** A store that keeps nothing: for actions that do not use state. */
export const NO_STORE: KeyValueStore = {
  get: async () => null,
  put: async () => {
    throw new Error('This call has no state scope.');
  },
  delete: async () => false,
  appendToList: async () => {
    throw new Error('This call has no state scope.');
  },
  removeFromList: async () => ({ list: [], removed: 0 }),
};

/** With no allowances: loopback, private and metadata addresses refused. */
const STRICT_EGRESS = new EgressGuard();

/**
 * Validate input against the action's props and run it. The execution engine wraps this with connection
 * resolution, partials, gates, quotas and recording; tests and the catalog contract call it directly.
 */
export async function runAction(
  action: ActionDefinition,
  input: Record<string, unknown>,
  ctx: Partial<Omit<ActionContext, 'propsValue'>> = {},
): Promise<unknown> {
  const propsValue = validateInput(action.props, input);
  return action.run({
    propsValue,
    dispatcher: ctx.dispatcher ?? (ctx.egress ?? STRICT_EGRESS).dispatcher(),
    egress: ctx.egress ?? STRICT_EGRESS,
    caller: ctx.caller ?? null,
    scope: ctx.scope ?? null,
    resources: ctx.resources ?? {},
    auth: ctx.auth ?? null,
    settings: ctx.settings ?? {},
    store: ctx.store ?? NO_STORE,
    files: ctx.files ?? null,
    signal: ctx.signal ?? new AbortController().signal,
    publicUrl: ctx.publicUrl ?? '',
  });
}
