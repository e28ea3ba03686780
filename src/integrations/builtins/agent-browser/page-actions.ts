import type { Page } from 'playwright-core';
import { ActionError, ActionInputError, Property } from '../../framework.js';
import { browserOp, locate, pageOutput, pageState, targetProps, type BrowserOp } from './browser-action.js';
import type { BrowserSession } from './browser-session.js';
import { firstLine } from './limits.js';
import { elementFunction, REF_ATTRIBUTE, snapshotExpression, type SnapshotResult } from './snapshot.js';

const MAX_RESULT_BYTES = 1024 * 1024;
const MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024;
const REF_IN_HTML = new RegExp(` ${REF_ATTRIBUTE}="e\\d+"`, 'g');
const WAIT_UNTIL = ['load', 'domcontentloaded', 'networkidle', 'commit'] as const;

/**
 * Open a URL in a page: checked first (scheme, allowedHosts, egress guard) for a clear refusal, then loaded through
 * the session's proxy, which refuses redirects and subresources to forbidden hosts as well.
 */
export async function gotoChecked(
  session: BrowserSession,
  page: Page,
  raw: string,
  waitUntil: (typeof WAIT_UNTIL)[number] = 'load',
) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ActionInputError('url', 'must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ActionInputError('url', 'must be an http or https URL');
  const verdict = await session.checkUrl(url.href);
  if (!verdict.ok)
    throw new ActionError(`The browser may not open ${url.href}: ${verdict.reason}.`, { url: url.href, reason: verdict.reason });
  const mark = session.blockedMark;
  const refused = () => session.blockedSince(mark).at(-1);
  let status: number | null = null;
  const r = await session.raceDialog(
    page.goto(url.href, { waitUntil }).then(
      (res) => {
        status = res?.status() ?? null;
        // The proxy answers a redirect to a refused host itself, marked with this header.
        // The entry for this response's own URL: the browser's background requests may be refused meanwhile too.
        if (res?.headers()['x-switchboard-blocked']) {
          const hit = session.blockedSince(mark).findLast((b) => b.url === res.url()) ?? refused();
          throw new ActionError(`Navigation to ${url.href} was blocked: ${hit?.reason ?? 'a redirect went to a refused host'}.`);
        }
      },
      (err: unknown) => {
        const b = refused();
        if (b) throw new ActionError(`Navigation to ${url.href} was blocked: ${b.reason}.`, { url: b.url, reason: b.reason });
        throw new ActionError(`Navigation to ${url.href} failed: ${firstLine(err)}`);
      },
    ),
  );
  if ('dialog' in r) return { url: page.url(), title: '', status, dialog: r.dialog };
  return { ...(await pageState(session, page)), status };
}

const snapshotOp = browserOp({
  name: 'snapshot',
  displayName: 'Snapshot the page',
  description:
    'The page as an accessibility tree: one line per element (role, name, [ref=eN], state, value) and its text. Pass a ref to click, type and the other element actions.',
  props: {
    maxLines: Property.Number({
      displayName: 'Max lines',
      description: 'lines at most (default 1500)',
      integer: true,
      min: 10,
      max: 10_000,
      defaultValue: 1500,
    }),
  },
  outputSchema: pageOutput({
    tree: { type: 'string' },
    refs: { type: 'number' },
    lines: { type: 'number' },
    truncated: { type: 'boolean' },
  }),
  exec: async (s, p) => {
    const page = await s.page();
    // maxLines is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
    const maxLines = p.maxLines as number;
    const snap = await page.evaluate<SnapshotResult>(snapshotExpression({ maxLines, maxText: 200 }));
    return { ...(await pageState(s, page)), ...snap };
  },
});

export const pageOps: BrowserOp[] = [
  browserOp({
    name: 'navigate',
    displayName: 'Navigate',
    description: 'Open a URL in the active tab and wait for it to load.',
    props: {
      url: Property.ShortText({ displayName: 'URL', required: true, description: 'an http or https URL' }),
      waitUntil: Property.StaticDropdown({
        displayName: 'Wait until',
        description: 'load (default), domcontentloaded, networkidle or commit',
        defaultValue: 'load',
        options: WAIT_UNTIL.map((v) => ({ label: v, value: v })),
      }),
    },
    outputSchema: pageOutput({ status: { type: ['number', 'null'] } }),
    // waitUntil is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
    exec: async (s, p) => gotoChecked(s, await s.page(), p.url, p.waitUntil as (typeof WAIT_UNTIL)[number] | undefined),
  }),
  browserOp({
    name: 'navigate_back',
    displayName: 'Go back',
    description: 'Go back to the previous page of the active tab.',
    props: {},
    outputSchema: pageOutput({ navigated: { type: 'boolean' } }),
    exec: async (s) => {
      const page = await s.page();
      const r = await s.raceDialog(page.goBack());
      if ('dialog' in r) return { url: page.url(), title: '', navigated: true, dialog: r.dialog };
      return { ...(await pageState(s, page)), navigated: r.value !== null };
    },
  }),
  browserOp({
    name: 'current_page',
    displayName: 'Current page',
    description: 'The URL and title of the active tab.',
    props: {},
    outputSchema: pageOutput({ tabs: { type: 'number' } }),
    exec: async (s) => ({ ...(await pageState(s, await s.page())), tabs: s.pages().length }),
  }),
  snapshotOp,
  browserOp({
    name: 'read_text',
    displayName: 'Read text',
    description: 'The visible text of the page, or of one element (ref or selector).',
    props: {
      ...targetProps('element', false),
      maxChars: Property.Number({
        displayName: 'Max characters',
        description: 'default 20000',
        integer: true,
        min: 1,
        max: 500_000,
        defaultValue: 20_000,
      }),
    },
    outputSchema: pageOutput({ text: { type: 'string' }, length: { type: 'number' }, truncated: { type: 'boolean' } }),
    exec: async (s, p) => {
      const page = await s.page();
      const text = p.target
        ? await (await locate(page, p.target)).innerText()
        : String(await page.evaluate('document.body ? document.body.innerText : ""'));
      // maxChars is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
      const maxChars = p.maxChars as number;
      return {
        ...(await pageState(s, page)),
        text: text.slice(0, maxChars),
        length: text.length,
        truncated: text.length > maxChars,
      };
    },
  }),
  browserOp({
    name: 'read_html',
    displayName: 'Read HTML',
    description: "The page's HTML, or one element's outer HTML (ref or selector).",
    props: {
      ...targetProps('element', false),
      maxChars: Property.Number({
        displayName: 'Max characters',
        description: 'default 100000',
        integer: true,
        min: 1,
        max: 2_000_000,
        defaultValue: 100_000,
      }),
    },
    outputSchema: pageOutput({ html: { type: 'string' }, length: { type: 'number' }, truncated: { type: 'boolean' } }),
    exec: async (s, p) => {
      const page = await s.page();
      const raw = p.target
        ? String(await (await locate(page, p.target)).evaluate(elementFunction('(el) => el.outerHTML')))
        : await page.content();
      // The refs are ours, not the page's.
      const html = raw.replace(REF_IN_HTML, '');
      // maxChars is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
      const maxChars = p.maxChars as number;
      return {
        ...(await pageState(s, page)),
        html: html.slice(0, maxChars),
        length: html.length,
        truncated: html.length > maxChars,
      };
    },
  }),
  browserOp({
    name: 'screenshot',
    displayName: 'Screenshot',
    description: 'A PNG or JPEG of the viewport, the full page or one element, base64-encoded.',
    props: {
      ...targetProps('element', false),
      fullPage: Property.Checkbox({
        displayName: 'Full page',
        description: 'the whole scrollable page instead of the viewport',
        defaultValue: false,
      }),
      format: Property.StaticDropdown({
        displayName: 'Format',
        defaultValue: 'png',
        options: [
          { label: 'PNG', value: 'png' },
          { label: 'JPEG', value: 'jpeg' },
        ],
      }),
      quality: Property.Number({
        displayName: 'JPEG quality',
        description: '1 to 100 (default 80); asking for a quality takes a JPEG',
        integer: true,
        min: 1,
        max: 100,
      }),
    },
    outputSchema: pageOutput({
      mimeType: { type: 'string' },
      data: { type: 'string', description: 'base64' },
      bytes: { type: 'number' },
    }),
    exec: async (s, p) => {
      const page = await s.page();
      // format and fullPage are null when the caller sent null (see PropsValue); the casts keep today's behaviour
      const format = p.quality !== undefined ? 'jpeg' : (p.format as 'png' | 'jpeg');
      const opts = { type: format, ...(format === 'jpeg' ? { quality: p.quality ?? 80 } : {}) };
      const buf = p.target
        ? await (await locate(page, p.target)).screenshot(opts)
        : await page.screenshot({ ...opts, fullPage: p.fullPage as boolean });
      if (buf.length > MAX_SCREENSHOT_BYTES)
        throw new ActionError(`The screenshot is larger than ${MAX_SCREENSHOT_BYTES} bytes; take the viewport or one element.`);
      return { ...(await pageState(s, page)), mimeType: `image/${format}`, data: buf.toString('base64'), bytes: buf.length };
    },
  }),
  browserOp({
    name: 'evaluate',
    displayName: 'Evaluate JavaScript',
    description:
      'Run a JavaScript function in the page, e.g. "() => document.title", or "(element) => element.value" with a target (ref or selector); returns its JSON result.',
    props: {
      function: Property.LongText({
        displayName: 'Function',
        required: true,
        description: 'a function expression; it may be async',
      }),
      ...targetProps('element', false),
    },
    outputSchema: pageOutput({ result: { description: 'the JSON-serialisable value the function returned' } }),
    exec: async (s, p) => {
      const page = await s.page();
      const work = p.target
        ? locate(page, p.target).then((loc) => loc.evaluate(elementFunction(p.function)))
        : page.evaluate(`(${p.function}\n)()`);
      const r = await s.raceDialog(work);
      if ('dialog' in r) return { url: page.url(), title: '', result: null, dialog: r.dialog };
      const result = r.value === undefined ? null : r.value;
      const size = Buffer.byteLength(JSON.stringify(result) ?? 'null');
      if (size > MAX_RESULT_BYTES)
        throw new ActionError(`The result is larger than ${MAX_RESULT_BYTES} bytes of JSON (${size}).`);
      return { ...(await pageState(s, page)), result };
    },
  }),
  browserOp({
    name: 'wait_for',
    displayName: 'Wait for',
    description:
      'Wait until a text appears, a text disappears, an element (selector) is visible, or a number of seconds has passed.',
    props: {
      text: Property.ShortText({ displayName: 'Text appears' }),
      textGone: Property.ShortText({ displayName: 'Text disappears' }),
      selector: Property.ShortText({ displayName: 'Element visible', description: 'a CSS or Playwright selector' }),
      time: Property.Number({ displayName: 'Seconds', description: 'just wait this long (at most 30)', min: 0, max: 30 }),
      timeout: Property.Number({
        displayName: 'Timeout (s)',
        description: 'for text, textGone and selector; default 10',
        min: 0.1,
        max: 60,
        defaultValue: 10,
      }),
    },
    outputSchema: pageOutput({ waited: { type: 'string' } }),
    exec: async (s, p) => {
      const page = await s.page();
      // timeout and time are null when the caller sent null (see PropsValue); the casts keep today's behaviour
      const timeout = (p.timeout as number) * 1000;
      const fail = (what: string) => (err: unknown) => {
        throw new ActionError(/Timeout/i.test(String(err)) ? `${what} within ${p.timeout} s.` : firstLine(err));
      };
      let waited: string;
      if (p.text) {
        await page
          .getByText(p.text)
          .first()
          .waitFor({ state: 'visible', timeout })
          .catch(fail(`The text "${p.text}" did not appear`));
        waited = 'text';
      } else if (p.textGone) {
        await page
          .getByText(p.textGone)
          .first()
          .waitFor({ state: 'hidden', timeout })
          .catch(fail(`The text "${p.textGone}" did not disappear`));
        waited = 'textGone';
      } else if (p.selector) {
        await page
          .locator(p.selector)
          .first()
          .waitFor({ state: 'visible', timeout })
          .catch(fail(`No element matching ${p.selector} became visible`));
        waited = 'selector';
      } else if (p.time !== undefined) {
        await page.waitForTimeout((p.time as number) * 1000);
        waited = 'time';
      } else {
        throw new ActionInputError('text', 'or textGone, selector or time is required');
      }
      return { ...(await pageState(s, page)), waited };
    },
  }),
  browserOp({
    name: 'tabs',
    displayName: 'Tabs',
    description: 'List the tabs, open a new one (optionally at a URL), switch to one, or close one (the active tab by default).',
    whileDialog: true,
    props: {
      action: Property.StaticDropdown({
        displayName: 'Action',
        defaultValue: 'list',
        options: ['list', 'new', 'select', 'close'].map((v) => ({ label: v, value: v })),
      }),
      index: Property.Number({ displayName: 'Tab index', description: 'for select and close (0-based)', integer: true, min: 0 }),
      url: Property.ShortText({ displayName: 'URL', description: 'for new: open this URL in the new tab' }),
    },
    outputSchema: pageOutput({
      tabs: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            index: { type: 'number' },
            url: { type: 'string' },
            title: { type: 'string' },
            active: { type: 'boolean' },
          },
        },
      },
      active: { type: 'number' },
    }),
    exec: async (s, p) => {
      const pick = () => {
        if (p.index === undefined) return null;
        // index is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
        const page = s.pages()[p.index as number];
        if (!page) throw new ActionInputError('index', `must name an open tab (0 to ${s.pages().length - 1})`);
        return page;
      };
      let extra: Record<string, unknown> = {};
      if (p.action === 'new') {
        const page = await s.context.newPage();
        s.activate(page);
        if (p.url) extra = await gotoChecked(s, page, p.url);
      } else if (p.action === 'select') {
        const page = pick();
        if (!page) throw new ActionInputError('index', 'is required to select a tab');
        s.activate(page);
        await page.bringToFront();
      } else if (p.action === 'close') {
        await (pick() ?? (await s.page())).close();
      }
      const active = s.current ?? (s.dialog ? null : await s.page());
      const pages = s.pages();
      const tabs = await Promise.all(
        pages.map(async (page, index) => ({ index, ...(await pageState(s, page)), active: page === active })),
      );
      return { ...extra, ...(active ? await pageState(s, active) : {}), tabs, active: active ? pages.indexOf(active) : -1 };
    },
  }),
];
