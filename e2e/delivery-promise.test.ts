import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { TestClient } from '../server/test/http.ts';
import { browserSite } from './support/site.ts';

// with the manual courier, the dates are the delivery partner's promise in business days, Sundays and
// national holidays not counted. Thursday 22 January 2026 in India; Republic Day is Monday the 26th.
const THURSDAY = new Date('2026-01-22T04:30:00Z');
const site = browserSite(() => startTestApp('pglite', {}, { now: () => THURSDAY }));
const METRO_PINCODE = '700001';
// 2 business days: Friday 23, Saturday 24; 4: Tuesday 27, Wednesday 28
const PROMISED = `Delivery to ${METRO_PINCODE} between Sat, 24 Jan and Wed, 28 Jan`;
const name = `Promise kurta ${Date.now() % 1_000_000}`;
let product: FixtureProduct;

beforeAll(async () => {
  const { db, baseUrl } = site.app;
  product = await new Fixtures(db).product({ name, sizes: [['M', 10]] });
  const { code, tracking_url } = await db
    .selectFrom('products')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select(['delivery_partners.code', 'delivery_partners.tracking_url'])
    .where('products.id', '=', product.id)
    .executeTakeFirstOrThrow();
  // the owner's promise for the product's partner, as the back office sets it
  const set = await new TestClient(baseUrl).put(
    `/admin/api/partners/${code}`,
    {
      name: 'Promise Couriers',
      trackingUrl: tracking_url ?? 'https://promise.example/track/{trackingId}',
      minDays: 2,
      maxDays: 4,
    },
    { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
});

describe("the delivery partner's promise", () => {
  it('shows its dates on the product page and in the bag at checkout, and no fixed 7-10 days', async () => {
    const page = await site.openPage({ width: 320, height: 700 });
    await page.goto(`/product/apparel/${product.id}`);
    await page.getByRole('heading', { level: 1, name: name.toUpperCase() }).waitFor();
    await page.getByPlaceholder('Search to unlock cart').fill(METRO_PINCODE);
    await page.getByRole('button', { name: 'CHECK', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Pincode is serviceable' }).waitFor();
    expect(await page.getByText(/^Delivery to \d{6}/).textContent()).toBe(PROMISED);
    expect(await page.getByText('7-10 business days').count()).toBe(0);

    await page.getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('button', { name: 'REMOVE FROM CART' }).waitFor();
    await page.goto('/checkout');
    const line = page.locator('.cart-items > li').filter({ hasText: name });
    await line.getByText(/^Delivery to \d{6}/).waitFor();
    expect(await line.getByText(/^Delivery to \d{6}/).textContent()).toBe(PROMISED);
  });
});
