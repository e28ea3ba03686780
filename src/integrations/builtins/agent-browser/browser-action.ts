import type { Locator, Page } from 'playwright-core';
import {
  ActionError,
  ActionInputError,
  defineAction,
  Property,
  type ActionContext,
  type ActionDefinition,
  type Props,
  type StateScope,
} from '../../framework.js';
import type { PropsValue } from '../../prop-values.js';
import type { BrowserSession } from './browser-session.js';
import { firstLine } from './limits.js';
import type { BrowserSessions } from './sessions.js';
import { REF_ATTRIBUTE } from './snapshot.js';

declare module '../../framework.js' {
  interface ActionResources {
    /** The browsers of this process (agent-browser, agent-browser-stealth); absent when the app runs without them. */
    browsers?: BrowserSessions;
  }
}

/**
 * One browser operation on a live session. Each becomes an action of both variants and a step of run_steps, so
 * an operation is written once and runs the same alone or in a batch.
 */
export interface BrowserOp<P extends Props = Props> {
  name: string;
  displayName: string;
  description: string;
  props: P;
  outputSchema: Record<string, unknown>;
  /** Allowed while a dialog is open; every other operation refuses until handle_dialog answers it. */
  whileDialog?: boolean;
  exec: (session: BrowserSession, input: PropsValue<P>) => Promise<Record<string, unknown>>;
}

/** An operation whose `exec` sees its input typed from its props; the input is validated against them first. */
export const browserOp = <P extends Props>(op: BrowserOp<P>): BrowserOp => op as unknown as BrowserOp;

/** The runtime and the persistence scope a browser call needs, or a clear error naming what is missing. */
export function browserRuntime(ctx: Pick<ActionContext, 'resources' | 'scope'>): {
  sessions: BrowserSessions;
  scope: StateScope;
} {
  const sessions = ctx.resources.browsers;
  if (!sessions) throw new ActionError('Browser sessions are not available: this server was started without a browser runtime.');
  if (!ctx.scope) {
    throw new ActionInputError(
      'endUserId',
      'is required: a browser keeps one profile per persistence scope, so pass endUserId (scope end_user, the default) or set settings.persistence.scope to workspace, or to external with an externalId',
    );
  }
  return { sessions, scope: ctx.scope };
}

/** Run one operation inside the session's queue turn: refuse while a dialog waits, report requests refused meanwhile. */
export async function runOp(
  session: BrowserSession,
  op: BrowserOp,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const open = session.dialog;
  if (open && !op.whileDialog) {
    throw new ActionError(`A ${open.type} dialog is open ("${open.message}"); answer it with handle_dialog first.`, {
      dialog: { type: open.type, message: open.message },
    });
  }
  const mark = session.blockedMark;
  let out: Record<string, unknown>;
  try {
    out = await op.exec(session, input);
  } catch (err) {
    if (err instanceof ActionError || err instanceof ActionInputError) throw err;
    throw new ActionError(firstLine(err));
  }
  const blocked = session.blockedSince(mark).map(({ url, reason }) => ({ url, reason }));
  return blocked.length ? { ...out, blocked } : out;
}

/** The action for an operation in one variant: acquire (or launch) the scope's session, then run in its queue. */
export function opAction(op: BrowserOp, stealth: boolean): ActionDefinition {
  return defineAction({
    name: op.name,
    displayName: op.displayName,
    description: op.description,
    props: op.props,
    outputSchema: op.outputSchema,
    run: async (ctx) => {
      const { sessions, scope } = browserRuntime(ctx);
      const session = await sessions.acquire(scope, stealth, ctx.egress);
      return session.run(() => runOp(session, op, ctx.propsValue), ctx.signal);
    },
  });
}

// ---- output schemas ----

const DIALOG_SCHEMA = {
  type: 'object',
  description: 'a dialog the page opened during the call; answer it with handle_dialog',
  properties: { type: { type: 'string' }, message: { type: 'string' }, defaultValue: { type: 'string' } },
};
const BLOCKED_SCHEMA = {
  type: 'array',
  description: 'requests the browser was refused during the call (allowedHosts, private addresses)',
  items: { type: 'object', properties: { url: { type: 'string' }, reason: { type: 'string' } } },
};

/** An object schema with the page's url and title, an opened dialog and refused requests, plus `extra`. */
export const pageOutput = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { url: { type: 'string' }, title: { type: 'string' }, ...extra, dialog: DIALOG_SCHEMA, blocked: BLOCKED_SCHEMA },
});

// ---- targets, page state and dialogs ----

export const targetProps = (what: string, required = true) => ({
  target: Property.ShortText({
    displayName: 'Target',
    required,
    description: `The ${what}: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match)`,
  }),
});

/** The element a target names: a ref (from a snapshot, checked at once instead of timing out) or a selector. */
export async function locate(page: Page, target: unknown, field = 'target'): Promise<Locator> {
  const t = typeof target === 'string' ? target.trim() : '';
  if (!t) throw new ActionInputError(field, 'is required: a ref from a snapshot (e.g. e12) or a CSS selector');
  if (/^e\d{1,7}$/.test(t)) {
    const loc = page.locator(`[${REF_ATTRIBUTE}="${t}"]`);
    if ((await loc.count()) === 0) throw new ActionError(`No element has ref ${t} on this page; take a new snapshot.`);
    return loc.first();
  }
  return page.locator(t).first();
}

/** url and title of a page (no title while a dialog blocks its scripts). */
export async function pageState(session: BrowserSession, page: Page): Promise<{ url: string; title: string }> {
  const blocked = session.dialog?.page === page;
  return { url: page.url(), title: blocked ? '' : await page.title().catch(() => '') };
}

/**
 * Await an input operation; if it opens a dialog first, return with the dialog (the page waits for handle_dialog).
 * Otherwise wait for a navigation it started to reach DOMContentLoaded.
 */
export async function settle(session: BrowserSession, page: Page, work: Promise<unknown>): Promise<Record<string, unknown>> {
  const r = await session.raceDialog(work);
  if ('dialog' in r) return { url: page.url(), title: '', dialog: r.dialog };
  await page.waitForLoadState('domcontentloaded').catch(() => undefined);
  return pageState(session, page);
}
