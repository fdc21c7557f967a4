import type { Page } from 'playwright-core';
import { type Browser, launchBrowser, watchErrors } from './browser.js';
import { type RunningServer, startServer } from './server.js';
import { signUpThroughUi, uniqueUsername } from './session.js';

export interface Site {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** Page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh server and browser with one page; with `signUpAs`, a new user (that prefix plus a
 * unique suffix) is signed up through the UI first.
 */
export async function openSite(
  options: { viewport?: { width: number; height: number }; signUpAs?: string; timezoneId?: string } = {},
): Promise<Site> {
  const server = await startServer();
  const browser = await launchBrowser(options.viewport, options.timezoneId);
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  if (options.signUpAs) await signUpThroughUi(page, server.baseUrl, uniqueUsername(options.signUpAs));
  return {
    server,
    browser,
    page,
    errors,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
