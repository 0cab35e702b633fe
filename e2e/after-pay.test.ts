import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { uniquePhone } from '../server/test/shopper.ts';
import { expectAccessible } from './support/browser.ts';
import { demoShoppers, logIn, payInTheWindow, type ShopperAt } from './support/shopper.ts';
import { alertWith, browserSite, smsCode } from './support/site.ts';

/** Issue 27: the confirmation after paying, the address filled from the pincode, sign-up through a reload. */
const site = browserSite(() => startTestApp('pglite'));
let shopperAt: ShopperAt;
let item: { name: string; skuId: number };

beforeAll(async () => {
  const row = await site.app.db
    .selectFrom('products as p')
    .innerJoin('skus as s', 's.product_id', 'p.id')
    .select(['p.name', 's.id as sku_id'])
    .where('p.prod', '=', 'apparel')
    .where('p.active', '=', true)
    .where('s.stock', '>=', 10)
    .orderBy('p.id')
    .orderBy('s.position')
    .executeTakeFirstOrThrow();
  item = { name: row.name, skuId: row.sku_id };
  shopperAt = await demoShoppers(site.app, 2);
});

/** One unit of the item in the bag and a profile with a name but no address yet. */
async function bagWithoutAddress(customerId: number): Promise<void> {
  await new Fixtures(site.app.db).onlyInBag(customerId, item.skuId);
  await site.app.db
    .updateTable('customers')
    .set({
      fname: 'Asha',
      lname: 'Sen',
      house_no: null,
      road_name: null,
      area_name: null,
      post_office: null,
      city: null,
      pin: null,
      state: null,
      alt_phone: null,
    })
    .where('id', '=', customerId)
    .execute();
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** As the product page leaves it after a pincode check (web/shop/src/lib/last-pincode.ts). */
const rememberPincode = (page: Page, pincode: string) =>
  page.evaluate((pin) => localStorage.setItem('lastPincode', pin), pincode);

async function toAddressStep(page: Page): Promise<void> {
  await page.goto('/checkout');
  await stepHeading(page, 'PRODUCT REVIEW').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await stepHeading(page, 'SHIPPING ADDRESS').waitFor();
}

const selectedState = (page: Page) => page.getByLabel('State', { exact: true }).inputValue();

describe('the address and the confirmation after paying', () => {
  it('fills the address from the pincode last checked, pays, and confirms the order once', async () => {
    const shopper = shopperAt(0);
    await bagWithoutAddress(shopper.id);
    const page = await site.openPage({ width: 390, height: 844 });
    await logIn(site, page, shopper.phone);
    await rememberPincode(page, '400001');
    await toAddressStep(page);

    // the remembered pincode, and its City and State from haat's pincode table
    expect(await page.getByLabel('Pincode').inputValue()).toBe('400001');
    await expect.poll(() => selectedState(page)).toBe('Maharashtra');
    expect(await page.getByLabel('City').inputValue()).toBe('Mumbai');

    // another pincode typed: City and State follow it; City stays the shopper's to correct
    await page.getByLabel('Pincode').fill('700001');
    await expect.poll(() => selectedState(page)).toBe('West Bengal');
    expect(await page.getByLabel('City').inputValue()).toBe('Kolkata');
    await page.getByLabel('City').fill('Kolkata North');
    await page.getByLabel('House no.').fill('7');
    await page.getByLabel('Road name').fill('Park Street');
    await page.getByLabel('Area name').fill('Park Circus');
    await page.getByLabel('Post office').fill('Park Street');
    await page.getByLabel('Alternative contact number').fill('9123456780');
    await expectAccessible(page, 'checkout, address filled from the pincode');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await stepHeading(page, 'PAYMENT METHOD').waitFor();
    const saved = await site.app.db
      .selectFrom('customers')
      .select(['pin', 'city', 'state'])
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ pin: '700001', city: 'Kolkata North', state: 'West Bengal' });

    await payInTheWindow(site, page);
    const placed = page.getByRole('heading', { name: 'Order placed' });
    await placed.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Order placed');
    const line = await site.app.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.purchase_id', 'o.amount_paise'])
      .where('o.customer_id', '=', shopper.id)
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow();
    const confirmation = page.getByRole('region', { name: 'Order placed' });
    const text = (await confirmation.textContent()) ?? '';
    expect(text).toContain(item.name);
    expect(text).toContain(`Purchase id: ${line.purchase_id}`);
    expect(text).toContain(`₹${(line.amount_paise / 100).toLocaleString('en-IN')}`);
    expect(text).toContain('Kolkata North, West Bengal');
    expect(text).toContain('700001');
    expect(text).toMatch(/Expected delivery\w{3}, \d{1,2} \w{3} - \w{3}, \d{1,2} \w{3}/);
    expect(await confirmation.locator('img').count()).toBe(1);
    expect(
      await confirmation
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    await expectAccessible(page, 'orders, with the order placed');

    // a reload shows the orders without the confirmation
    await page.reload();
    await page.getByRole('heading', { name: 'MY ORDERS' }).waitFor();
    expect(await placed.count()).toBe(0);
    expect(await page.getByRole('heading', { name: item.name }).count()).toBeGreaterThan(0);
  });

  it('fills the profile address from the pincode last checked, and saves the State chosen', async () => {
    const shopper = shopperAt(1);
    await bagWithoutAddress(shopper.id);
    const page = await site.openPage();
    await logIn(site, page, shopper.phone);
    await rememberPincode(page, '110001');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'PERSONAL INFORMATION' }).waitFor();
    await page.getByRole('button', { name: 'EDIT' }).click();
    expect(await page.getByLabel('Pincode').inputValue()).toBe('110001');
    await expect.poll(() => selectedState(page)).toBe('Delhi');
    await page.getByLabel('State', { exact: true }).selectOption('Haryana');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await alertWith(page, 'Saved successfully!').waitFor();
    const saved = await site.app.db
      .selectFrom('customers')
      .select(['pin', 'state'])
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ pin: '110001', state: 'Haryana' });
  });
});

describe('sign-up through a reload', () => {
  it('keeps the verified phone and the steps done, and never keeps the code', async () => {
    const page = await site.openPage();
    const phone = uniquePhone();
    await page.goto('/signUp');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await alertWith(page, 'OTP sent').waitFor();
    const code = await smsCode(site.app, phone);
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('E-mail id').fill(`reload${phone}@example.in`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('First name').waitFor();

    await page.reload();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByText('Step 3 of 4: first name').count()).toBe(1);
    const done = (await page.locator('.auth-done').textContent()) ?? '';
    expect(done).toContain(`+91 ${phone}`);
    expect(done).toContain(`reload${phone}@example.in`);
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(stored).not.toContain(code);

    await page.getByLabel('First name').fill('Ravi');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Last name').fill('Kumar');
    await page.reload();
    expect(await page.getByLabel('Last name').inputValue()).toBe('Kumar');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${site.app.baseUrl}/`);
    const customer = await site.app.db
      .selectFrom('customers')
      .select(['email', 'fname', 'lname'])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ email: `reload${phone}@example.in`, fname: 'Ravi', lname: 'Kumar' });
    // done: a new sign-up starts from the phone
    expect(await page.evaluate(() => sessionStorage.getItem('signUpProgress'))).toBeNull();
  });
});
