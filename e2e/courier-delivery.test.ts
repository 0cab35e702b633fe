import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { browserSite } from './support/site.ts';

// with a courier partner (the local fake of Shiprocket), the product page's pincode check
// names the day the parcel comes by: the seller's handover and the courier's days, Sundays and
// national holidays not counted. Thursday 22 January 2026 in India; Republic Day is Monday the 26th.
const THURSDAY = new Date('2026-01-22T04:30:00Z');
const site = browserSite(() =>
  startTestApp('pglite', { COURIER_PROVIDER: 'shiprocket' }, { now: () => THURSDAY }),
);
const METRO_PINCODE = '700001';
const name = `Courier kurta ${Date.now() % 1_000_000}`;
let product: FixtureProduct;

beforeAll(async () => {
  const { db } = site.app;
  product = await new Fixtures(db).product({ name });
  const { seller_id } = await db
    .selectFrom('products')
    .select('seller_id')
    .where('id', '=', product.id)
    .executeTakeFirstOrThrow();
  // a Kolkata seller handing over in 1 day; the fake's courier takes 2 within Kolkata
  await db
    .updateTable('sellers')
    .set({ pincode: METRO_PINCODE, handover_days: 1 })
    .where('id', '=', seller_id)
    .execute();
});

describe('delivery date on the product page', () => {
  it("shows the day from the seller's handover and the courier's estimate, past Sunday and Republic Day", async () => {
    const page = await site.openPage({ width: 320, height: 700 });
    await page.goto(`/product/apparel/${product.id}`);
    await page.getByRole('heading', { level: 1, name: name.toUpperCase() }).waitFor();
    await page.getByPlaceholder('Search to unlock cart').fill(METRO_PINCODE);
    await page.getByRole('button', { name: 'CHECK', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Pincode is serviceable' }).waitFor();
    expect(await page.getByText(/^Delivery to \d{6}/).textContent()).toBe(
      `Delivery to ${METRO_PINCODE} by Tue, 27 Jan`,
    );
  });
});
