// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { axeViolations } from './a11y.js';
import { needs } from './system-binaries.js';

/** The accessibility check the page tests rely on finds what it should, also under a strict CSP like our pages'. */
describe('axeViolations', { skip: needs('chromium') }, () => {
  let browser: Browser;
  let page: Page;
  before(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  after(async () => browser?.close());

  const csp = `<meta http-equiv="content-security-policy" content="default-src 'none'; style-src 'unsafe-inline'">`;

  it('names each rule a page breaks, with its elements', async () => {
    await page.setContent(
      `<!doctype html><html><head>${csp}<title>Bad</title></head><body><main>` +
        `<img id="photo" src="data:,"><p id="faint" style="color:#eee;background:#fff">Hard to read</p>` +
        `<label>Name</label><input id="name"></main></body></html>`,
    );
    const found = await axeViolations(page);
    assert.ok(
      found.some((v) => /^html-has-lang \(serious\)/.test(v)),
      found.join('\n'),
    );
    assert.ok(
      found.some((v) => /^image-alt \(critical\): .* — #photo$/.test(v)),
      found.join('\n'),
    );
    assert.ok(
      found.some((v) => /^color-contrast \(serious\): .* — #faint$/.test(v)),
      found.join('\n'),
    );
    assert.ok(
      found.some((v) => /^label \(critical\): .* — #name$/.test(v)),
      found.join('\n'),
    );
  });

  it('finds none on a sound page, and checks the page as it is now each time', async () => {
    await page.setContent(
      `<!doctype html><html lang="en"><head>${csp}<title>Good</title></head><body><main><h1>Good</h1>` +
        `<img src="data:," alt="A photo"><label for="n">Name</label><input id="n"></main></body></html>`,
    );
    assert.deepEqual(await axeViolations(page), []);
    await page.evaluate(`document.querySelector('img').removeAttribute('alt')`);
    assert.equal((await axeViolations(page)).filter((v) => v.startsWith('image-alt')).length, 1);
  });
});
