import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { expectNoCspViolations } from './support/browser.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** `METHOD path` of every operation in the document. */
async function documentedOperations(): Promise<Set<string>> {
  const res = await fetch(`${site.app.baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  const { paths } = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  return new Set(
    Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
}

/** `METHOD path` of the operations drawn on the page now. */
const drawnOperations = (page: Page) =>
  page.locator('.opblock').evaluateAll((blocks) =>
    blocks.map((block) => {
      const method = block.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
      const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
      return `${method} ${path}`;
    }),
  );

/**
 * Every operation the reference draws, from its top to its end. Swagger UI (5.3x) virtualises its list
 * from 150 rows (tags and operations) on: it draws only the operations near the viewport, so the page
 * is read a screen at a time.
 */
async function operationsOnScroll(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let screen = 0; screen < 500; screen++) {
    // the list draws what the scroll brought into view on the next frames
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    for (const operation of await drawnOperations(page)) seen.add(operation);
    const atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, Math.floor(window.innerHeight * 0.75));
      return window.scrollY === before;
    });
    if (atEnd) return seen;
  }
  throw new Error('the reference did not come to its end');
}

it("the API reference at /api/docs shows every operation under the shop's own CSP", async () => {
  const expected = await documentedOperations();
  expect(expected.size).toBeGreaterThan(30);
  expect(expected).toContain('POST /create-order');

  const page = await site.openPage();
  const answer = await page.goto('/api/docs');
  expect(answer?.headers()['content-security-policy']).toContain("default-src 'self'");
  await page.locator('.opblock').first().waitFor();

  const drawn = await operationsOnScroll(page);
  expect(
    [...expected].filter((operation) => !drawn.has(operation)),
    'operations never drawn',
  ).toEqual([]);
  expect(
    [...drawn].filter((operation) => !expected.has(operation)),
    'drawn, not in the document',
  ).toEqual([]);
  expectNoCspViolations(page, 'API reference');
});
