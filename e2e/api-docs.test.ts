import { expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { expectNoCspViolations } from './support/browser.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

it("the API reference at /api/docs shows every operation under the shop's own CSP", async () => {
  const page = await site.openPage();
  const answer = await page.goto('/api/docs');
  expect(answer?.headers()['content-security-policy']).toContain("default-src 'self'");
  await page.locator('.opblock').first().waitFor();
  // the reference draws its operations in turn
  await expect.poll(() => page.locator('.opblock').count(), { timeout: 15_000 }).toBeGreaterThan(30);
  await expect(page.getByText('/create-order', { exact: true }).first().isVisible()).resolves.toBe(true);
  expectNoCspViolations(page, 'API reference');
});
