import {
  ActionError,
  ActionInputError,
  defineAction,
  defineIntegration,
  Property,
  type ActionDefinition,
} from '../../framework.js';
import { validateInput } from '../../validate.js';
import { normalizeAllowedHosts } from './allowed-hosts.js';
import { browserRuntime, opAction, runOp, type BrowserOp } from './browser-action.js';
import { inputOps } from './input-actions.js';
import { pageOps } from './page-actions.js';

const MAX_STEPS = 50;

/** Operations on a session, usable alone or as run_steps steps, in catalog order. */
const ORDER = [
  'navigate',
  'navigate_back',
  'current_page',
  'snapshot',
  'read_text',
  'read_html',
  'click',
  'type',
  'fill_form',
  'select_option',
  'hover',
  'drag',
  'press_key',
  'file_upload',
  'evaluate',
  'wait_for',
  'handle_dialog',
  'tabs',
  'screenshot',
];
const OPS_BY_NAME = new Map([...pageOps, ...inputOps].map((op) => [op.name, op]));
const OPS: BrowserOp[] = ORDER.map((name) => OPS_BY_NAME.get(name)!);

const SESSION_SCHEMA = {
  type: 'object',
  properties: {
    active: { type: 'boolean' },
    started: { type: 'boolean', description: 'a new browser was launched (false: the open session was reused)' },
    variant: { type: 'string', enum: ['plain', 'stealth'] },
    headless: { type: 'boolean' },
    allowedHosts: { type: ['array', 'null'], items: { type: 'string' } },
    scope: { type: 'string', enum: ['end_user', 'workspace', 'external'] },
    tabs: {
      type: 'array',
      items: { type: 'object', properties: { index: { type: 'number' }, url: { type: 'string' }, active: { type: 'boolean' } } },
    },
    dialog: { type: 'object', properties: { type: { type: 'string' }, message: { type: 'string' } } },
  },
};

function sessionActions(stealth: boolean): ActionDefinition[] {
  return [
    defineAction({
      name: 'start_session',
      displayName: 'Start a browser session',
      description:
        "Open this scope's browser with its persistent profile (cookies, local storage, logins kept per end user, workspace or external id). Optional: allowedHosts limits the hosts it may reach; the choice is kept for later sessions.",
      props: {
        allowedHosts: Property.Array({
          displayName: 'Allowed hosts',
          description: 'host names, *.example.com wildcards or IPs; omit to allow any public host',
        }),
        headless: Property.Checkbox({
          displayName: 'Headless',
          description: 'run without a window (default true)',
          defaultValue: true,
        }),
      },
      outputSchema: SESSION_SCHEMA,
      run: async (ctx) => {
        const { sessions, scope } = browserRuntime(ctx);
        const p = ctx.propsValue;
        // headless is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
        const settings = { stealth, headless: p.headless as boolean, allowedHosts: normalizeAllowedHosts(p.allowedHosts) };
        const { reused } = await sessions.start(scope, settings, ctx.egress);
        return {
          active: true,
          started: !reused,
          variant: stealth ? 'stealth' : 'plain',
          headless: settings.headless,
          allowedHosts: settings.allowedHosts,
          scope: scope.kind,
        };
      },
    }),
    defineAction({
      name: 'end_session',
      displayName: 'End the browser session',
      description: "Close this scope's browser. Its profile (cookies, storage) stays for the next session.",
      props: {},
      outputSchema: { type: 'object', properties: { ended: { type: 'boolean', description: 'false when no session was open' } } },
      run: async (ctx) => {
        const { sessions, scope } = browserRuntime(ctx);
        return { ended: await sessions.end(scope) };
      },
    }),
    defineAction({
      name: 'session_status',
      displayName: 'Session status',
      description: "Whether this scope's browser is open, its settings, tabs and any open dialog. Never launches a browser.",
      props: {},
      outputSchema: SESSION_SCHEMA,
      run: async (ctx) => {
        const { sessions, scope } = browserRuntime(ctx);
        const s = sessions.live(scope);
        if (!s) return { active: false, scope: scope.kind };
        const active = s.current;
        const d = s.dialog;
        return {
          active: true,
          variant: s.settings.stealth ? 'stealth' : 'plain',
          headless: s.settings.headless,
          allowedHosts: s.settings.allowedHosts,
          scope: scope.kind,
          tabs: s.pages().map((page, index) => ({ index, url: page.url(), active: page === active })),
          ...(d ? { dialog: { type: d.type, message: d.message } } : {}),
        };
      },
    }),
  ];
}

function runSteps(stealth: boolean): ActionDefinition {
  return defineAction({
    name: 'run_steps',
    displayName: 'Run several steps',
    description: `Run up to ${MAX_STEPS} browser actions in order in one call, each {op, params} naming the action and its input, e.g. [{"op": "navigate", "params": {"url": "https://example.com"}}, {"op": "click", "params": {"target": "e3"}}, {"op": "snapshot"}]. Session actions (start_session, end_session, session_status) are not steps.`,
    props: {
      steps: Property.Array({
        displayName: 'Steps',
        required: true,
        description: `actions: ${OPS.map((o) => o.name).join(', ')}`,
      }),
      stopOnError: Property.Checkbox({
        displayName: 'Stop on error',
        description: 'stop at the first failing step and fail the call (default true)',
        defaultValue: true,
      }),
    },
    outputSchema: {
      type: 'object',
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              step: { type: 'number' },
              op: { type: 'string' },
              ok: { type: 'boolean' },
              output: { type: 'object' },
              error: { type: 'string' },
            },
          },
        },
        completed: { type: 'number' },
        failed: { type: 'number' },
      },
    },
    run: async (ctx) => {
      const { sessions, scope } = browserRuntime(ctx);
      const p = ctx.propsValue;
      if (p.steps.length === 0 || p.steps.length > MAX_STEPS)
        throw new ActionInputError('steps', `must list 1 to ${MAX_STEPS} steps`);
      // Every step is checked before the first one runs.
      const plan = p.steps.map((raw, i) => {
        const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
        if (!isObject(raw))
          throw new ActionInputError(`steps[${i}]`, 'must be an object like {"op": "click", "params": {"target": "e3"}}');
        const op = typeof raw.op === 'string' ? OPS_BY_NAME.get(raw.op) : undefined;
        if (!op) throw new ActionInputError(`steps[${i}].op`, `must be one of ${[...OPS_BY_NAME.keys()].join(', ')}`);
        const params = raw.params ?? {};
        if (!isObject(params)) throw new ActionInputError(`steps[${i}].params`, 'must be an object');
        return { op, input: validateInput(op.props, params, `steps[${i}].params.`) };
      });
      const session = await sessions.acquire(scope, stealth, ctx.egress);
      return session.run(async () => {
        const results: Record<string, unknown>[] = [];
        let failed = 0;
        for (const [step, { op, input }] of plan.entries()) {
          if (ctx.signal.aborted) throw new ActionError('The call was cancelled.', { results });
          try {
            results.push({ step, op: op.name, ok: true, output: await runOp(session, op, input) });
          } catch (err) {
            const error = (err as Error).message;
            failed++;
            results.push({ step, op: op.name, ok: false, error });
            if (p.stopOnError) throw new ActionError(`Step ${step + 1} (${op.name}) failed: ${error}`, { results });
          }
        }
        return { results, completed: results.length - failed, failed };
      }, ctx.signal);
    },
  });
}

/** The action list of a variant: both variants share every definition; only the browser they launch differs. */
const browserActions = (stealth: boolean): ActionDefinition[] => [
  ...sessionActions(stealth),
  ...OPS.map((op) => opAction(op, stealth)),
  runSteps(stealth),
];

const common = {
  logoUrl: '/static/integrations/agent-browser.svg',
  categories: ['browser', 'built-in'],
  auth: [],
  runtime: 'builtin' as const,
  version: '1.0.0',
};

export const agentBrowser = defineIntegration({
  ...common,
  name: 'agent-browser',
  displayName: 'Agent Browser',
  description:
    'A real Chromium for agents: navigate, snapshot the page as an accessibility tree with element refs, click, type, fill forms, read, screenshot, run JavaScript. One persistent profile per persistence scope (settings.persistence: end_user with endUserId by default, workspace, or external); every request goes through the egress guard.',
  actions: browserActions(false),
});

export const agentBrowserStealth = defineIntegration({
  ...common,
  name: 'agent-browser-stealth',
  displayName: 'Agent Browser (stealth)',
  description:
    'The agent browser with common automation tells hidden (navigator.webdriver, headless user agent, plugins, WebGL vendor, window.chrome) for sites that refuse automated browsers. Same actions, profiles and egress rules as agent-browser.',
  actions: browserActions(true),
});
