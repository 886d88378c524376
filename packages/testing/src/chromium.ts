// Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) driven by playwright-core, with the flags
// this machine's closed network needs: without the background-networking ones Chromium keeps
// reaching out, and every connection is refused.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Playwright gives every launch a fresh, empty profile of its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
