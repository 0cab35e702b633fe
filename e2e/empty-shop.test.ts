import { describe, expect, it } from 'vitest';
import { paths } from '../contract/paths.ts';
import { startTestApp } from '../server/test/app.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

// a shop started with the demo off has no products yet, and its home page says so kindly

const site = browserSite(() => startTestApp('pglite', {}, { empty: true }));

describe('the home page of a shop with nothing on sale', () => {
  for (const width of [320, 1280]) {
    it(`says new arrivals are on their way, accessibly, at ${width} px`, async () => {
      const page = await site.openPage({ width, height: 800 });
      await page.goto(paths.home());
      const heading = page.getByRole('heading', { level: 1, name: 'New arrivals are on their way' });
      await heading.waitFor();
      await expect(
        page.getByText('has nothing on sale just yet. Please come back soon.').isVisible(),
      ).resolves.toBe(true);
      // no window of empty listings, and no error
      await expect(page.getByRole('region', { name: 'SHOP BY CATEGORY' }).count()).resolves.toBe(0);
      await expect(page.getByRole('alert').textContent()).resolves.toBe('');
      await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth ?? 0);
      await expectAccessible(page, `empty home at ${width} px`);
    });
  }

  it('serves the home page and a listing page server-rendered, 200 and headed, without products', async () => {
    for (const path of [paths.home(), paths.listing('Women', 'Kurti'), paths.accessories()]) {
      const res = await fetch(`${site.app.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toContain(`<link rel="canonical" href="${site.app.baseUrl}${path}"`);
      expect(html, path).toContain('<div id="root">');
    }
  });
});
