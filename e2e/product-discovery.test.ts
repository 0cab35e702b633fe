import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

// the pincode checked once follows the shopper, the bag is a click away, and similar and
// recently viewed products lead on
const site = browserSite(() => startTestApp('pglite'));

const run = Date.now() % 1_000_000;
const LIKE = { userSegment: `Discoverers ${run}`, genre: 'Kurtas' };
const METRO_PINCODE = '700001';
const names = {
  first: `Indigo kurta ${run}`,
  second: `Madder kurta ${run}`,
  soldOut: `Sold-out kurta ${run}`,
  otherGenre: `Other-genre stole ${run}`,
};
let first: FixtureProduct;
let second: FixtureProduct;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  await fixtures.product({ ...LIKE, name: names.soldOut, pricePaise: 100_000, sizes: [['M', 0]] });
  await fixtures.product({ ...LIKE, genre: 'Stoles', name: names.otherGenre, pricePaise: 100_000 });
  first = await fixtures.product({ ...LIKE, name: names.first, pricePaise: 100_000, sizes: [['M', 20]] });
  second = await fixtures.product({ ...LIKE, name: names.second, pricePaise: 110_000, sizes: [['M', 20]] });
});

const row = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The names on a row's cards, once it has loaded (it loads when scrolled near). */
async function cardNames(page: Page, title: string): Promise<string[]> {
  const section = row(page, title);
  await section.scrollIntoViewIfNeeded();
  await section.locator('.card').first().waitFor();
  return section.locator('.card-name').allTextContents();
}

const deliveryLine = (page: Page) => page.getByText(/^Delivery to \d{6} between/);

describe('from one product to the next, and to the bag', () => {
  it('remembers the pincode, offers GO TO BAG, and shows similar and recently viewed products', async () => {
    const page = await site.openPage({ width: 390, height: 844 });

    // the first product page: the pincode is typed once
    await page.goto(`/product/apparel/${first.id}`);
    await page.getByRole('heading', { level: 1, name: names.first.toUpperCase() }).waitFor();
    await page.getByPlaceholder('Search to unlock cart').fill(METRO_PINCODE);
    await page.getByRole('button', { name: 'CHECK', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Pincode is serviceable' }).waitFor();
    expect(await deliveryLine(page).textContent()).toMatch(
      new RegExp(
        `^Delivery to ${METRO_PINCODE} between \\w{3}, \\d{1,2} \\w{3} and \\w{3}, \\d{1,2} \\w{3}$`,
      ),
    );

    // similar products: same segment and genre, in stock, near the price; the sold-out one and the
    // other genre are left out
    const similar = await cardNames(page, 'Similar products');
    expect(similar).toContain(names.second);
    expect(similar).not.toContain(names.soldOut);
    expect(similar).not.toContain(names.otherGenre);
    expect(similar).not.toContain(names.first);
    await expectAccessible(page, 'a product page with similar products');

    // the next product, from the row: its own partner's answer shows without typing
    await row(page, 'Similar products').getByRole('link').filter({ hasText: names.second }).click();
    await page.waitForURL(`${site.app.baseUrl}/product/apparel/${second.id}`);
    await page.getByRole('heading', { level: 1, name: names.second.toUpperCase() }).waitFor();
    await deliveryLine(page).waitFor();
    expect(await deliveryLine(page).textContent()).toContain(`Delivery to ${METRO_PINCODE} between`);
    expect(await page.getByPlaceholder('Search to unlock cart').count()).toBe(0);
    const addToCart = page.getByRole('button', { name: 'ADD TO CART' });
    expect(await addToCart.isDisabled()).toBe(false);

    // recently viewed: the product seen before, never the one on screen
    expect(await cardNames(page, 'Recently viewed')).toEqual([names.first]);

    // Change shows the field again, focused, with the pincode to edit
    await page.getByRole('button', { name: 'Change' }).click();
    const field = page.getByPlaceholder('Search to unlock cart');
    await field.waitFor();
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe(METRO_PINCODE);
    await page.getByRole('button', { name: 'CHECK', exact: true }).click();
    await deliveryLine(page).waitFor();

    // ADD TO CART, then GO TO BAG leads to the bag, which holds it
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await addToCart.click();
    await page.getByRole('button', { name: 'REMOVE FROM CART' }).waitFor();
    await page.getByRole('link', { name: 'GO TO BAG' }).click();
    await page.waitForURL(`${site.app.baseUrl}/checkout`);
    await page.locator('.cart-items > li').filter({ hasText: names.second }).waitFor();

    // the home page: recently viewed, newest first; new arrivals lead to a listing sorted by what's new
    await page.goto('/');
    expect(await cardNames(page, 'Recently viewed')).toEqual([names.second, names.first]);
    const arrivals = await cardNames(page, 'New arrivals');
    expect(arrivals.slice(0, 2)).toEqual([names.second, names.first]);
    const seeAll = row(page, 'New arrivals').getByRole('link', { name: 'See all new arrivals' });
    expect(await seeAll.getAttribute('href')).toBe(
      `/item/${encodeURIComponent(LIKE.userSegment)}/Kurtas/${encodeURIComponent('{}')}?sort=4`,
    );
    await expectAccessible(page, 'the home page with its rows');
  });

  it('shows the not-serviceable message and the field when the remembered pincode is not served', async () => {
    const page = await site.openPage();
    await page.goto('/');
    // a pincode with no partner at all: no product is delivered there
    await page.evaluate(() => localStorage.setItem('lastPincode', '999999'));
    await page.goto(`/product/apparel/${first.id}`);
    await page.getByRole('status').filter({ hasText: 'Pincode is not serviceable! Try another' }).waitFor();
    expect(await page.getByPlaceholder('Search to unlock cart').inputValue()).toBe('999999');
    expect(await page.getByRole('button', { name: 'ADD TO CART' }).isDisabled()).toBe(true);
  });
});
