import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { DevSmsResponse } from '../../contract/accounts.ts';
import type { TestApp } from '../../server/test/app.ts';
import { launchBrowser } from './browser.ts';

export interface Site {
  /** the running app; there once the file's first beforeAll has run */
  readonly app: TestApp;
  /** a page in a fresh browser context (with these options: no JavaScript, …), closed after the test */
  openPage(viewport?: { width: number; height: number }, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Starts the app and Chromium for a test file. Call it before the file's own hooks: its beforeAll runs
 * first, so theirs can use `app`.
 */
export function browserSite(start: () => Promise<TestApp>): Site {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([start(), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const started = () => {
    if (!app || !browser) throw new Error('browserSite: the app starts in beforeAll');
    return { app, browser };
  };
  return {
    get app() {
      return started().app;
    },
    async openPage(viewport = { width: 1280, height: 800 }, options = {}) {
      const { app, browser } = started();
      const context = await browser.newContext({ ...options, baseURL: app.baseUrl, viewport });
      contexts.push(context);
      return context.newPage();
    },
  };
}

export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The latest code the console SMS sender "sent" to the number. */
export async function smsCode(app: TestApp, phone: string): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/dev/sms/${phone}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as DevSmsResponse).code ?? '';
}
