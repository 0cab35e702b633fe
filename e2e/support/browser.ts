import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const INSTALL_HINT =
  'No Chromium found for the browser tests. Install one with `apt-get install -y chromium` (Debian/Ubuntu), ' +
  'or point CHROMIUM_PATH at a Chromium or Chrome binary.';

/** CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own browser cache. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist. ${INSTALL_HINT}`);
    return fromEnv;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
  const builds = existsSync(cache) ? readdirSync(cache).filter((d) => d.startsWith('chromium')) : [];
  for (const build of builds.sort().reverse()) {
    for (const binary of [
      'chrome-linux64/chrome',
      'chrome-linux/chrome',
      'chrome-headless-shell-linux64/chrome-headless-shell',
    ]) {
      const path = join(cache, build, binary);
      if (existsSync(path)) return path;
    }
  }
  throw new Error(INSTALL_HINT);
}

/** Chromium's console message for anything the page's Content-Security-Policy blocked. */
const CSP_VIOLATION = /Content[ -]Security[ -]Policy/i;
const cspViolations = new WeakMap<BrowserContext, string[]>();

/** Records what the CSP blocks in every page of the context, from its first request on. */
function watchCsp(context: BrowserContext): void {
  const blocked: string[] = [];
  cspViolations.set(context, blocked);
  context.on('console', (message) => {
    if (CSP_VIOLATION.test(message.text())) blocked.push(message.text());
  });
}

/** Fails, listing them, when the page's Content-Security-Policy has blocked anything so far. */
export function expectNoCspViolations(page: Page, screen: string): void {
  expect(cspViolations.get(page.context()), `${screen}: blocked by the CSP`).toEqual([]);
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  browser.on('context', watchCsp);
  return browser;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated by the browser's DevTools protocol, which the CSP allows (an added inline script it would block)
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits until no finite animation or transition runs, so that axe judges the page as it comes to rest. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Fails, listing them, when the screen has serious or critical accessibility violations or CSP blocks. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expectNoCspViolations(page, screen);
  await animationsSettled(page);
  const violations = await seriousAccessibilityViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
