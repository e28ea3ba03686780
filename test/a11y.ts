import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's script, put into a page once (the page keeps it until it navigates). */
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is now; each violation as one line (rule, impact, the
 * elements it found), so that an assertion failure says what to fix.
 *
 * axe.run in the page itself: our pages have no frames, so the frame-by-frame run of @axe-core/playwright (which
 * puts the script in twice per check and finishes in a second, blank page) gives the same violations at three times
 * the cost, and the page tests check pages about a hundred times a run.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) === 'undefined') await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<
    Violation[]
  >(`axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} } })
    .then((result) => result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')),
    })))`);
  return violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.targets.join(', ')}`);
}

/** Light checks of what a page offers every reader, beyond axe-core (axeViolations above): one h1, no sideways scrolling. */
export const PAGE_BASICS = `(() => {
  const out = [];
  if (!document.documentElement.lang) out.push('html has no lang');
  if (!document.querySelector('main')) out.push('no main landmark');
  if (document.querySelectorAll('h1').length !== 1) out.push('not exactly one h1');
  for (const el of document.querySelectorAll('input:not([type=hidden]), textarea, select'))
    if (!el.labels?.length && !el.getAttribute('aria-label')) out.push('unlabelled ' + el.outerHTML);
  for (const el of document.querySelectorAll('a, button'))
    if (!(el.textContent || '').trim() && !el.getAttribute('aria-label')) out.push('nameless ' + el.outerHTML);
  if (document.documentElement.scrollWidth > window.innerWidth) {
    const wide = [...document.querySelectorAll('body *')].find((el) => el.getBoundingClientRect().right > window.innerWidth + 1);
    out.push('scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + window.innerWidth +
      (wide ? ' (first too wide: ' + wide.outerHTML.slice(0, 120) + ')' : ''));
  }
  return out;
})()`;
