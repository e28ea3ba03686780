import { runJs, type JsSandboxPool } from '../../../sandbox/js-sandbox.js';
import { ActionError, ActionInputError, defineAction, defineIntegration, Property } from '../../framework.js';

/** Limits of one `code` run by default; Code Mode shares the sandbox with its own limits. */
export const CODE_LIMITS = { timeoutMs: 30_000, memoryBytes: 64 * 1024 * 1024, maxOutputBytes: 1_048_576 };

declare module '../../framework.js' {
  interface ActionResources {
    /** The app's JavaScript sandbox threads and this built-in's limits (configuration); absent: defaults. */
    jsSandbox?: { pool: JsSandboxPool; timeoutMs: number; memoryBytes: number };
  }
}

const runCode = defineAction({
  name: 'run_code',
  displayName: 'Run JavaScript',
  description:
    'Run JavaScript in an isolated sandbox. `inputs` is in scope; top-level await and return work; console output is captured. No network, filesystem, timers or imports. 30 s and 64 MB at most.',
  props: {
    code: Property.LongText({ displayName: 'Code', required: true, description: 'e.g. return inputs.items.length' }),
    inputs: Property.Object({ displayName: 'Inputs', defaultValue: {} }),
  },
  outputSchema: {
    type: 'object',
    properties: { result: { description: 'the returned value' }, logs: { type: 'array' }, durationMs: { type: 'number' } },
  },
  run: async ({ propsValue: p, signal, resources }) => {
    if (p.code.length > 200_000) throw new ActionInputError('code', 'must be at most 200,000 characters');
    if (signal.aborted) throw new ActionError('The run was cancelled.');
    const sandbox = resources.jsSandbox;
    const limits = sandbox ? { ...CODE_LIMITS, timeoutMs: sandbox.timeoutMs, memoryBytes: sandbox.memoryBytes } : CODE_LIMITS;
    // inputs is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
    const r = await runJs(p.code, p.inputs as Record<string, unknown>, {
      ...limits,
      signal,
      ...(sandbox ? { pool: sandbox.pool } : {}),
    });
    if (!r.ok) throw new ActionError(`${r.error.name}: ${r.error.message}`, { error: r.error, logs: r.logs });
    return { result: r.value, logs: r.logs, durationMs: r.durationMs };
  },
});

export const code = defineIntegration({
  name: 'code',
  displayName: 'Code',
  description: 'Run JavaScript snippets in a memory- and time-limited sandbox.',
  logoUrl: '/static/integrations/code.svg',
  categories: ['developer-tools', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [runCode],
});
