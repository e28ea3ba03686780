import { SANDBOX_LANGUAGES, type SandboxLanguage } from '../../../sandbox/os-sandbox.js';
import { ActionError, ActionInputError, defineAction, defineIntegration, Property } from '../../framework.js';
import type { AdvancedCodeRuntime } from './runtime.js';

declare module '../../framework.js' {
  interface ActionResources {
    /** The OS sandbox of this process; absent when the app runs without one. */
    advancedCode?: AdvancedCodeRuntime;
  }
}

const MAX_CODE_CHARS = 200_000;

const runCode = defineAction({
  name: 'run_code',
  displayName: 'Run Code',
  description:
    'Run JavaScript (Node.js), Python 3 or a shell script as a process in an OS sandbox (bubblewrap). Writable /workspace (fresh per run, or kept per persistence scope with settings.advancedCode.sandboxPersistence: persistent) and /tmp; /persistent-storage when settings.advancedCode.storageMountScope is set. No network unless enabled. A non-zero exit code or a timeout is reported in the output, not as a failure.',
  props: {
    language: Property.StaticDropdown<SandboxLanguage, true>({
      displayName: 'Language',
      required: true,
      options: [
        { label: 'JavaScript (Node.js)', value: 'javascript' },
        { label: 'Python 3', value: 'python' },
        { label: 'Shell (bash)', value: 'shell' },
      ],
    }),
    code: Property.LongText({
      displayName: 'Code',
      required: true,
      description: 'The program; stdout and stderr are captured (1 MiB each).',
    }),
  },
  outputSchema: {
    type: 'object',
    properties: {
      language: { type: 'string', enum: [...SANDBOX_LANGUAGES] },
      exitCode: { type: ['integer', 'null'], description: 'null when the run was killed on timeout' },
      stdout: { type: 'string' },
      stderr: { type: 'string' },
      stdoutTruncated: { type: 'boolean' },
      stderrTruncated: { type: 'boolean' },
      timedOut: { type: 'boolean', description: 'the run reached settings.advancedCode.timeoutSeconds and was killed' },
      durationMs: { type: 'number' },
      sandboxPersistence: { type: 'string', enum: ['ephemeral', 'persistent'] },
      storageMounted: { type: 'boolean', description: 'whether /persistent-storage was mounted' },
    },
    required: ['language', 'exitCode', 'stdout', 'stderr', 'stdoutTruncated', 'stderrTruncated', 'timedOut', 'durationMs'],
  },
  run: async (ctx) => {
    const runtime = ctx.resources.advancedCode;
    if (!runtime)
      throw new ActionError('The OS sandbox is not available: this server was started without an advanced-code runtime.');
    const language = ctx.propsValue.language;
    if (!SANDBOX_LANGUAGES.includes(language))
      throw new ActionInputError('language', `must be one of ${SANDBOX_LANGUAGES.join(', ')}`);
    const code = ctx.propsValue.code;
    if (code.length > MAX_CODE_CHARS) throw new ActionInputError('code', 'must be at most 200,000 characters');
    return runtime.run({ language, code, settings: ctx.settings, caller: ctx.caller, scope: ctx.scope, signal: ctx.signal });
  },
});

export const advancedCode = defineIntegration({
  name: 'advanced-code',
  displayName: 'Advanced Code',
  description: 'Run JavaScript, Python or shell code as a real process in an isolated, time- and memory-limited OS sandbox.',
  logoUrl: '/static/integrations/advanced-code.svg',
  categories: ['developer-tools', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [runCode],
});
