import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from './system-binaries.js';

/** Debian's Chromium (installed by .ci/run), headless, with the flags this network-less machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
