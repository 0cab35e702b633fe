import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../contract/catalogue.ts';
import type { CouponsResponse } from '../contract/coupons.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { indiaInputValue } from '../web/admin/src/lib/format.ts';
import {
  addStaff,
  confirmIn,
  messageBeside,
  navigation,
  type Person,
  signIn,
} from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const stamp = Date.now() % 1_000_000;
/** a segment of its own, so that its box is the only one of its name and the sale covers one product */
const SEGMENT = `Offerwear ${stamp}`;
const SALE = `Diwali Sale ${stamp}`;
const CODE = `FLAT${stamp}`;
const DAY_MS = 86_400_000;
let owner: Person;
let productId: number;

beforeAll(async () => {
  owner = await addStaff(site.app, 'Asha Owner', 'owner');
  const product = await new Fixtures(site.app.db).product({
    name: `Kota doria kurta ${stamp}`,
    userSegment: SEGMENT,
    genre: 'Kurtas',
    pricePaise: 200_000,
  });
  productId = product.id;
});

/** A moment `fromNow` ms away as the back office's date-time inputs take it, in India time. */
const indiaTime = (fromNow: number) => indiaInputValue(new Date(Date.now() + fromNow).toISOString());

/** The product's price as shoppers get it. */
async function currentPrice(): Promise<number> {
  const shopper = await site.app.client();
  const res = await shopper.get<ProductResponse>(`/product/ind/apparel/${productId}`);
  expect(res.status).toBe(200);
  return res.body.productInfo.currentPrice;
}

/** Dismisses the alert a save or an action raised once it says `text`. */
async function acknowledge(page: Page, text: string): Promise<void> {
  await alertWith(page, text).waitFor();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
}

async function fillWindow(form: Locator, startsIn: number, endsIn: number): Promise<void> {
  await form.getByLabel('Starts (India time)').fill(indiaTime(startsIn));
  await form.getByLabel('Ends (India time)').fill(indiaTime(endsIn));
}

const offerRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('offers in the back office, in the browser', () => {
  it('the owner schedules a sale, edits it, creates a coupon and switches it off', async () => {
    const page = await site.openPage();
    await signIn(site, page, owner);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Offers', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
    await expectAccessible(page, 'offers');

    // a sale that would end before it starts is refused beside its end, and nothing is saved
    const sale = page.getByRole('form', { name: 'Schedule a sale' });
    await sale.getByLabel('Title shoppers see, as in Diwali Sale').fill(SALE);
    await sale.getByLabel('Percent off (1 to 90)').fill('30');
    await sale.getByLabel('Only what I choose').check();
    await sale.getByRole('group', { name: 'Segments (all their genres)' }).getByLabel(SEGMENT).check();
    await fillWindow(sale, -5 * 60_000, -DAY_MS);
    await sale.getByRole('button', { name: 'Schedule sale' }).click();
    expect(await messageBeside(page, sale.getByLabel('Ends (India time)'))).not.toBe('');
    await expectAccessible(page, 'sale form with an error');
    expect(await offerRow(page, SALE).count()).toBe(0);

    // from a few minutes ago (a start in the past means now) to two days ahead: live at once
    await fillWindow(sale, -5 * 60_000, 2 * DAY_MS);
    await sale.getByRole('button', { name: 'Schedule sale' }).click();
    await acknowledge(page, `Scheduled: ${SALE}`);
    const saleRow = offerRow(page, SALE);
    await saleRow.getByText('Live', { exact: true }).waitFor();
    await saleRow.getByText('Sale: 30% off').waitFor();
    await expect.poll(currentPrice, { timeout: 10_000 }).toBe(1400);

    await saleRow.getByRole('button', { name: `Edit ${SALE}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${SALE}` });
    expect(
      await edit
        .getByRole('group', { name: /^Segments/ })
        .getByLabel(SEGMENT)
        .isChecked(),
    ).toBe(true);
    await edit.getByLabel('Percent off (1 to 90)').fill('25');
    await edit.getByRole('button', { name: 'Save' }).click();
    await acknowledge(page, `Saved: ${SALE}`);
    await saleRow.getByText('Sale: 25% off').waitFor();
    await expect.poll(currentPrice, { timeout: 10_000 }).toBe(1500);

    // a code with a dash is refused beside the code; then FLAT on ₹1,499 and above, for everything
    const coupon = page.getByRole('form', { name: 'Create a coupon' });
    await coupon.getByLabel(/^Code shoppers type/).fill(`FL-${stamp}`);
    await coupon.getByLabel(/^Title shoppers see/).fill(`Flat ₹200 off ${stamp}`);
    await coupon.getByLabel('Rupees off the bag').check();
    await coupon.getByLabel('Rupees off', { exact: true }).fill('200');
    await coupon.getByLabel('Smallest bag value in rupees (optional)').fill('1499');
    await coupon.getByLabel('Uses in all (empty: no limit)').fill('100');
    await fillWindow(coupon, -5 * 60_000, 7 * DAY_MS);
    await coupon.getByRole('button', { name: 'Create coupon' }).click();
    expect(await messageBeside(page, coupon.getByLabel(/^Code shoppers type/))).not.toBe('');
    expect(await offerRow(page, CODE).count()).toBe(0);

    await coupon.getByLabel(/^Code shoppers type/).fill(CODE);
    await coupon.getByRole('button', { name: 'Create coupon' }).click();
    await acknowledge(page, `Created: ${CODE}`);
    const couponRow = offerRow(page, CODE);
    await couponRow.getByText(`Coupon ${CODE}: ₹200 off on ₹1,499 and above`).waitFor();
    await couponRow.getByText('Live', { exact: true }).waitFor();

    await couponRow.getByRole('button', { name: `Switch off ${CODE}` }).click();
    await expectAccessible(page, 'switch off dialog');
    await confirmIn(page, new RegExp(`^Switch off ${CODE}`), 'Switch off', `Switched off: ${CODE}`);
    await couponRow.getByText('Switched off', { exact: true }).waitFor();
    expect(await couponRow.getByRole('button', { name: `Switch off ${CODE}` }).count()).toBe(0);
    const staffTool = await site.app.client();
    const coupons = await staffTool.get<CouponsResponse>('/admin/api/coupons', {
      authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
    });
    expect(coupons.body.find((c) => c.code === CODE)).toMatchObject({
      state: 'disabled',
      kind: 'flat',
      value: 200,
      minBag: 1499,
      totalUses: 100,
      perShopper: 1,
      firstOrderOnly: false,
      onSalePrices: true,
      scope: { all: true },
    });
    // the sale goes on: switching off the coupon touched nothing else
    await saleRow.getByText('Live', { exact: true }).waitFor();
  });

  it('shows staff the offers too, and fits a phone at 320 px', async () => {
    const page = await site.openPage({ width: 320, height: 720 });
    await signIn(site, page, await addStaff(site.app, 'Ravi Clerk', 'staff'), '/admin/offers');
    await offerRow(page, SALE).waitFor();
    expect(await navigation(page)).toContain('Offers');
    await page.getByRole('form', { name: 'Create a coupon' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'offers at 320 px');
  });
});
