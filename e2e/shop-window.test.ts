import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopWindowBody } from '../contract/shop-window.ts';
import { DEMO_WINDOW } from '../server/demo/catalogue/window.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

// an empty production shop (the demo off): its home page shows nothing of the demo, and no link on it
// leads to an empty listing, before its first product and after

const site = browserSite(() => startTestApp('pglite', {}, { empty: true }));
const WIDTHS = [390, 1440];
const DEMO_TEXTS = [
  ...new Set([...DEMO_WINDOW.flatMap((item) => [item.title, item.text]), 'TRENDING', 'DESIGNER BAGS']),
].filter((text) => text !== '');
const bearer = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };

async function adminCall(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${site.app.baseUrl}${path}`, {
    method,
    headers: bearer,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Every address the page links to in the shop, once each. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const own = hrefs.filter((href) => href.startsWith(site.app.baseUrl));
  return [...new Set(own.map((href) => href.slice(site.app.baseUrl.length)))];
}

const isListing = (path: string) => /^\/(item|accessories|search)\b/.test(path);

/** Opens the address: a listing or search shows products, a product page its name; never "0 products". */
async function expectSomethingAt(path: string, width: number): Promise<void> {
  const page = await site.openPage({ width, height: 900 });
  await page.goto(path);
  if (isListing(path)) {
    const count = page.locator('.listing-count');
    await count.waitFor();
    expect(await count.textContent(), path).toMatch(/^[1-9][\d,]* products?$/);
  } else if (path.startsWith('/product/')) {
    await page.getByRole('heading', { level: 1 }).waitFor();
  }
  expect((await page.locator('body').textContent()) ?? '', path).not.toMatch(/\b0 products\b/);
}

async function expectNoDemoText(page: Page): Promise<void> {
  const text = (await page.locator('body').textContent()) ?? '';
  for (const demo of DEMO_TEXTS) expect(text, `"${demo}" at ${page.url()}`).not.toContain(demo);
}

describe('the home page of an empty production shop', () => {
  for (const width of WIDTHS) {
    it(`before its first product, at ${width} px: no demo text, and no link to an empty listing`, async () => {
      const page = await site.openPage({ width, height: 900 });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'New arrivals are on their way' }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoDemoText(page);
      const links = await linksOn(page);
      expect(links.filter(isListing)).toEqual([]);
      for (const path of links) await expectSomethingAt(path, width);
    });
  }
});

describe('the home page once the shop sells something', () => {
  let kurta: FixtureProduct;

  beforeAll(async () => {
    const fixtures = new Fixtures(site.app.db);
    kurta = await fixtures.product({ userSegment: 'Women', genre: 'Kurta', name: 'Bagru kurta' });
    await fixtures.product({ userSegment: 'Women', genre: 'Kurta', name: 'Dabu kurta' });
    await fixtures.product({ userSegment: 'Home', genre: 'Bedsheets', name: 'Indigo bedsheet' });
    await fixtures.product({ prod: 'accessories', userSegment: 'Crafts', genre: 'Dokra', name: 'Dokra owl' });
    // a change every instance hears (as the owner's save announces one): the catalogue reads them afresh
    expect((await adminCall('POST', `/admin/api/products/${kurta.id}/withdraw`)).status).toBe(200);
    expect((await adminCall('POST', `/admin/api/products/${kurta.id}/restore`)).status).toBe(200);
  });

  for (const width of WIDTHS) {
    it(`built from what it sells, at ${width} px: every link leads to products`, async () => {
      const page = await site.openPage({ width, height: 900 });
      await page.goto('/');
      const tiles = page.getByRole('region', { name: 'SHOP BY CATEGORY' });
      for (const name of ['Kurta', 'Bedsheets', 'Crafts'])
        await tiles.getByRole('link', { name, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoDemoText(page);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth ?? 0);
      await expectAccessible(page, `the built home at ${width} px`);
      const links = await linksOn(page);
      expect(links).toEqual(
        expect.arrayContaining([
          '/item/Women/Kurta/%7B%7D',
          '/item/Home/Bedsheets/%7B%7D',
          '/accessories/%7B%7D',
        ]),
      );
      for (const path of links) await expectSomethingAt(path, width);
    });
  }

  it('leaves out at once a slide whose product is withdrawn, and its first HTML says the same', async () => {
    const photo =
      (
        await site.app.db
          .selectFrom('products')
          .select('photos')
          .where('id', '=', kurta.id)
          .executeTakeFirstOrThrow()
      ).photos[0] ?? '';
    const window: ShopWindowBody = {
      slides: [
        {
          title: 'Bagru & Dabu',
          text: 'Mud-resist <prints>',
          photo,
          link: { kind: 'product', productId: kurta.id },
        },
      ],
      tiles: [
        { title: 'Kurtas', link: { kind: 'listing', userSegment: 'Women', genre: 'Kurta' } },
        { title: 'Indigo & more', link: { kind: 'search', q: 'indigo & more' } },
      ],
    };
    expect((await adminCall('PUT', '/admin/api/shop-window', window)).status).toBe(200);

    const html = await (await fetch(`${site.app.baseUrl}/`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<strong>Bagru &amp; Dabu</strong> <span>Mud-resist &lt;prints&gt;</span>');
    expect(root).toContain(`<a href="/product/apparel/${kurta.id}"><img src="/images/${photo}?w=640"`);
    expect(root).toContain('<li><a href="/item/Women/Kurta/%7B%7D">Kurtas</a></li>');
    expect(root).toContain('<li><a href="/search?q=indigo+%26+more">Indigo &amp; more</a></li>');
    // the menu: each segment's genres, and the crafts while on sale
    expect(root).toContain('<a href="/item/Home/Bedsheets/%7B%7D">Bedsheets</a>');
    expect(root).toContain('<a href="/accessories/%7B%7D">CRAFTS</a>');

    const page = await site.openPage({ width: 390, height: 900 });
    await page.goto('/');
    await page.getByRole('link', { name: /Bagru & Dabu/ }).waitFor();
    expect((await adminCall('POST', `/admin/api/products/${kurta.id}/withdraw`)).status).toBe(200);
    await page.reload();
    await page
      .getByRole('region', { name: 'SHOP BY CATEGORY' })
      .getByRole('link', { name: 'Kurtas' })
      .waitFor();
    expect(await page.getByRole('link', { name: /Bagru & Dabu/ }).count()).toBe(0);
    const after = await (await fetch(`${site.app.baseUrl}/`)).text();
    expect(after).not.toContain('Bagru &amp; Dabu');
    expect(after).not.toContain(`/product/apparel/${kurta.id}`);
    expect((await adminCall('POST', `/admin/api/products/${kurta.id}/restore`)).status).toBe(200);
  });
});
