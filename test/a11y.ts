import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is now; each violation as one line (rule, impact, the
 * elements it found), so that an assertion failure says what to fix.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
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
