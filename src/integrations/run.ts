import type { ActionContext, ActionDefinition, KeyValueStore } from './framework.js';
import { validateInput } from './validate.js';

/** A store that keeps nothing: for actions that do not use state. */
export const NO_STORE: KeyValueStore = {
  get: async () => null,
  put: async () => undefined,
  delete: async () => false,
};

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
    auth: ctx.auth ?? null,
    settings: ctx.settings ?? {},
    store: ctx.store ?? NO_STORE,
    signal: ctx.signal ?? new AbortController().signal,
    publicUrl: ctx.publicUrl ?? '',
  });
}
