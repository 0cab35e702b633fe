import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIT_ANSWERS, type FitAnswer } from '../contract/fit-returns-constants.ts';
import { CANCELLED_MESSAGE, RATED_MESSAGE } from '../contract/orders.ts';
import { startTestApp } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { chooseStars, expectAlert, logIn, orderedItem } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const stamp = Date.now() % 1_000_000;
const kurtaName = `Ajrakh cotton kurta ${stamp}`;
const stoleName = `Pashmina stole ${stamp}`;
let kurta: FixtureProduct;
let phone: string;
let customerId: number;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  const group = { userSegment: 'Women', genre: `Kurtas ${stamp}` };
  const sizes: [string, number][] = [
    ['S', 10],
    ['M', 10],
    ['L', 10],
  ];
  const childKey = `ajrakh-${stamp}`;
  kurta = await fixtures.product({ ...group, name: kurtaName, childKey, color: 'Indigo', sizes });
  const madder = await fixtures.product({ ...group, childKey, color: 'Madder', sizes });
  const stole = await fixtures.product({ prod: 'accessories', name: stoleName });
  // four buyers of the other colour have said how it fits: the shopper's answer makes five
  const said: FitAnswer[] = ['true', 'true', 'true', 'small'];
  for (const fit of said) {
    const buyer = await fixtures.customer();
    await site.app.db
      .insertInto('reviews')
      .values({ customer_id: buyer, product_id: madder.id, rating: 4, fit, verified_purchase: true })
      .execute();
  }
  customerId = await fixtures.customer({ fname: 'Nandini', lname: 'Bose' });
  phone = (
    await site.app.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow()
  ).phone;
  const monthsAgo = (n: number) => new Date(Date.now() - n * 30 * 24 * 3_600_000);
  // kept before: two M and one L of the genre, and an S sent back
  await fixtures.order(customerId, [
    { product: madder, size: 'M', status: 'delivered', deliveredAt: monthsAgo(3) },
    { product: madder, size: 'L', status: 'delivered', deliveredAt: monthsAgo(2) },
    { product: madder, size: 'S', status: 'returned', deliveredAt: monthsAgo(1) },
  ]);
  await fixtures.order(customerId, [
    { product: kurta, size: 'M', status: 'delivered', deliveredAt: new Date(Date.now() - 3_600_000) },
    { product: stole },
  ]);
});

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('fit from other buyers and refund status in the browser', () => {
  it('rates with a fit on Orders, shows a refund, and the product page shows the split and usual size', async () => {
    const page = await site.openPage();
    await logIn(site, page, phone);
    await page.goto('/orders');
    const kurtaRow = orderedItem(page, kurtaName);
    const stoleRow = orderedItem(page, stoleName);

    // the rating of the delivered kurta offers the three fits, none chosen
    const fits = kurtaRow.getByRole('group', { name: 'How does it fit? (optional)' });
    for (const label of Object.values(FIT_ANSWERS)) {
      expect(await fits.getByRole('radio', { name: label }).isChecked()).toBe(false);
    }
    await chooseStars(kurtaRow, 4);
    await fits.getByRole('radio', { name: FIT_ANSWERS.true }).check();
    await expectAlert(page, RATED_MESSAGE, () =>
      kurtaRow.getByRole('button', { name: 'SUBMIT RATING' }).click(),
    );
    const saved = await site.app.db
      .selectFrom('reviews')
      .select(['rating', 'fit'])
      .where('customer_id', '=', customerId)
      .where('product_id', '=', kurta.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ rating: 4, fit: 'true' });

    // cancel the stole: its refund, issued at 1:30 am India time on 3 Dec, is told in India dates
    await stoleRow.getByRole('button', { name: 'Cancel' }).click();
    await expectAlert(page, CANCELLED_MESSAGE, () =>
      page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click(),
    );
    await site.app.db
      .updateTable('refunds')
      .set({ created_at: new Date('2026-12-02T20:00:00Z') })
      .where('order_line_id', 'in', (eb) =>
        eb
          .selectFrom('order_lines')
          .select('id')
          .where('product_id', '=', (p) =>
            p.selectFrom('products').select('id').where('name', '=', stoleName),
          ),
      )
      .execute();
    await page.reload();
    await stoleRow
      .getByText('refunded to your original payment method on 3 Dec 2026; expect it by 9 Dec 2026')
      .waitFor();
    expect(await stoleRow.locator('.order-refund').textContent()).toMatch(/^₹[\d,]+ refunded to your/);
    expect(await stoleRow.getByRole('link', { name: 'Credit note' }).getAttribute('href')).toMatch(
      /^\/api\/orders\/.+\/credit-note$/,
    );
    await expectAccessible(page, 'orders with a fit and a refund');

    // the review page shows the fit said
    await page.goto(`/review/${kurta.id}`);
    await page.getByRole('heading', { level: 1, name: kurtaName }).waitFor();
    expect(await page.getByRole('radio', { name: FIT_ANSWERS.true }).isChecked()).toBe(true);
    await expectAccessible(page, 'review page with the fit');

    // the product page: five answers over both colours, and the size kept most
    await page.goto(`/product/apparel/${kurta.id}`);
    await page.getByText('80% say true to size').waitFor();
    await page.getByText('Runs small 20% · True to size 80% · Runs large 0%; 5 answers').waitFor();
    await page.getByText('You usually buy M').waitFor();
    await expectAccessible(page, 'product page with the fit');

    // 320 px wide: nothing runs off the side
    await page.setViewportSize({ width: 320, height: 740 });
    await page.getByText('You usually buy M').waitFor();
    expect(await noSidewaysScroll(page), 'product page at 320 px').toBeLessThanOrEqual(0);
    await page.goto('/orders');
    await stoleRow.locator('.order-refund').waitFor();
    expect(await noSidewaysScroll(page), 'orders at 320 px').toBeLessThanOrEqual(0);
  });

  it('shows a visitor the split but no usual size', async () => {
    const page = await site.openPage();
    await page.goto(`/product/apparel/${kurta.id}`);
    await page.getByText('80% say true to size').waitFor();
    expect(await page.getByText(/You usually buy/).count()).toBe(0);
  });
});
