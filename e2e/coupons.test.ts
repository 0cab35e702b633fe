import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponBody } from '../contract/coupons.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { demoShoppers, logIn, orderedItem, type ShopperAt } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

// the shopper's coupon journey in the bag: see the coupons, apply the best, pay, see it on the invoice
const site = browserSite(() => startTestApp('pglite'));

const run = Date.now() % 100_000;
const kurtaName = `Coupon kurta ${run}`;
/** ₹1,800 and its MRP, so the coupon is the only saving on the bill */
const PRICE = 1800;
const FLAT = `FLAT200X${run}`;
const PERCENT = `TENOFF${run}`;
const BIG = `BIGBAG${run}`;
let kurta: FixtureProduct;
let shopperAt: ShopperAt;

/** A coupon made as the back office makes one, live from a minute ago for a day. */
async function createCoupon(coupon: Omit<CouponBody, 'startsAt' | 'endsAt'>): Promise<void> {
  const body: CouponBody = {
    ...coupon,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const res = await fetch(`${site.app.baseUrl}/admin/api/coupons`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  kurta = await new Fixtures(site.app.db).product({
    name: kurtaName,
    pricePaise: PRICE * 100,
    oldPricePaise: PRICE * 100,
    sizes: [['M', 10]],
  });
  const scope = { productIds: [kurta.id] };
  await createCoupon({ code: FLAT, title: 'Flat ₹200 off', kind: 'flat', value: 200, minBag: 1499, scope });
  await createCoupon({
    code: PERCENT,
    title: '10% off',
    kind: 'percent',
    value: 10,
    maxDiscount: 150,
    scope,
  });
  await createCoupon({
    code: BIG,
    title: '₹500 off big bags',
    kind: 'flat',
    value: 500,
    minBag: 9999,
    scope,
  });
  shopperAt = await demoShoppers(site.app, 1);
});

/** The kurta alone in the bag, and an address the kurta's partner delivers to on the profile. */
async function prepare(customerId: number): Promise<void> {
  const fixtures = new Fixtures(site.app.db);
  await fixtures.onlyInBag(customerId, kurta.skus.M ?? 0);
  await fixtures.kolkataAddress(customerId, { name: { fname: 'Asha', lname: 'Sen' } });
}

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
const coupons = (page: Page) => page.getByRole('region', { name: 'COUPONS' });
const couponList = (page: Page, title: string) =>
  coupons(page).getByRole('list', { name: title, exact: true });
const codesIn = async (list: Locator) => list.locator('.coupon-code').allTextContents();
const breakdownRow = (page: Page, label: string) =>
  page.getByRole('complementary', { name: 'PRICE DETAILS' }).locator('dl > div').filter({ hasText: label });

async function refusedTyped(page: Page, code: string): Promise<string> {
  await coupons(page).getByLabel('Coupon code').fill(code);
  await coupons(page).getByRole('button', { name: 'Apply', exact: true }).click();
  const alert = coupons(page).getByRole('alert').filter({ hasText: /\S/ });
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describe('coupons in the bag', () => {
  it('lists the coupons that fit, applies the best, pays the amount after it, and shows it on the invoice', async () => {
    const shopper = shopperAt(0);
    await prepare(shopper.id);
    const page = await site.openPage({ width: 390, height: 844 });
    await logIn(site, page, shopper.phone);
    await page.goto('/checkout');

    // the coupons that fit, best first with what each saves; the one that does not yet, with its reason
    const fitting = couponList(page, 'For this bag');
    await fitting.getByRole('button', { name: `Apply ${FLAT}` }).waitFor();
    expect(await codesIn(fitting)).toEqual([FLAT, PERCENT]);
    await fitting.getByRole('listitem').filter({ hasText: FLAT }).getByText('Save ₹200').waitFor();
    await fitting.getByRole('listitem').filter({ hasText: PERCENT }).getByText('Save ₹150').waitFor();
    const notYet = couponList(page, 'Not for this bag yet');
    expect(await codesIn(notYet)).toEqual([BIG]);
    expect(await notYet.getByRole('button').count()).toBe(0);
    expect((await notYet.locator('.coupon-reason').textContent())?.trim()).not.toBe('');
    await expectAccessible(page, 'the bag with its coupons');

    // a code that does not exist, and one that does not fit: the server's sentence under the field
    expect(await refusedTyped(page, `NOSUCH${run}`)).not.toBe('');
    expect(await coupons(page).getByLabel('Coupon code').getAttribute('aria-invalid')).toBe('true');
    expect(await refusedTyped(page, BIG.toLowerCase())).not.toBe('');
    expect(await breakdownRow(page, 'Coupon').count()).toBe(0);

    // the best, tapped: its own line in the breakdown, the amount after it, and Remove has the focus
    await fitting.getByRole('button', { name: `Apply ${FLAT}` }).click();
    const remove = coupons(page).getByRole('button', { name: `Remove coupon ${FLAT}` });
    await remove.waitFor();
    await expect.poll(() => remove.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await breakdownRow(page, `Coupon ${FLAT}`).textContent()).toBe(`Coupon ${FLAT}-₹200`);
    expect(await breakdownRow(page, 'Amount to pay').textContent()).toBe(
      `Amount to pay${rupees(PRICE - 200)}`,
    );
    expect(await coupons(page).getByRole('alert').textContent()).toBe('');
    await expectAccessible(page, 'the bag with a coupon applied');

    // removed and applied again, typed in small letters this time
    await remove.click();
    await breakdownRow(page, 'Coupon').waitFor({ state: 'detached' });
    expect(await breakdownRow(page, 'Amount to pay').textContent()).toBe(`Amount to pay${rupees(PRICE)}`);
    await coupons(page).getByLabel('Coupon code').fill(FLAT.toLowerCase());
    await coupons(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await breakdownRow(page, `Coupon ${FLAT}`).waitFor();

    // pays the amount after the coupon
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'PAYMENT METHOD' }).waitFor();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page
      .getByRole('dialog', { name: 'haat · Secure payment' })
      .getByRole('button', { name: `Pay ${rupees(PRICE - 200)}` })
      .click();
    await page.waitForURL(`${site.app.baseUrl}/orders`);

    // the invoice: the gross ₹1,800, the coupon's ₹200 as the line's discount, and what was paid
    const href =
      (await orderedItem(page, kurtaName).getByRole('link', { name: 'Invoice' }).getAttribute('href')) ?? '';
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
      mergePages: true,
    });
    expect(text).toMatch(/Total 1,800\.00 200\.00 [\d,. ]+ 1,600\.00/);
    expect(text).toContain('Total paid (tax included): Rs. 1,600.00');
    expect(text).toContain(`coupon ${FLAT}`);
  });
});
