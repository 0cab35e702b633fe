import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { uniquePhone } from '../server/test/shopper.ts';
import { addStaff, moveLineAsStaff, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { orderedItem, payInTheWindow } from './support/shopper.ts';
import { alertWith, browserSite, smsCode } from './support/site.ts';

// a visitor fills the bag, signs up, finds the bag kept (told what changed), buys, downloads
// the invoice and follows the timeline as the back office ships and delivers (decision 022)
const site = browserSite(() => startTestApp('pglite'));

const run = Date.now() % 1_000_000;
const kurtaName = `Journey kurta ${run}`;
const stoleName = `Journey stole ${run}`;
let kurta: FixtureProduct;
let stole: FixtureProduct;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  kurta = await fixtures.product({ name: kurtaName, pricePaise: 80_000, sizes: [['M', 10]] });
  stole = await fixtures.product({ name: stoleName, pricePaise: 40_000, sizes: [['M', 2]] });
});

/** On a product page: the size, the pincode check that unlocks the bag, then ADD TO CART. */
async function addToBag(page: Page, product: FixtureProduct): Promise<void> {
  await page.goto(`/product/apparel/${product.id}`);
  await page.getByRole('button', { name: 'M', exact: true }).click();
  // the pincode checked on an earlier product page is checked again at once
  const checked = page.locator('.delivery-message.ok');
  const field = page.getByLabel('CHECK DELIVERY');
  await checked.or(field).waitFor();
  if (await field.isVisible()) {
    await field.fill('700001');
    await page.getByRole('button', { name: 'CHECK', exact: true }).click();
    await checked.waitFor();
  }
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.getByRole('button', { name: 'REMOVE FROM CART' }).waitFor();
}

/** The header's bag, named with the units in it ("CART, 2 items"), "CART" alone when it is empty. */
const bagInHeader = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('link', { name, exact: true });

const bagLine = (page: Page, name: string) => page.locator('.cart-items > li').filter({ hasText: name });
const quantityOf = async (page: Page, name: string) =>
  Number(await bagLine(page, name).getByLabel('Quantity', { exact: true }).textContent());

describe('a visitor’s bag, kept through sign-up, to the invoice and the timeline', () => {
  it('fills the bag as a visitor, signs up, buys, gets the invoice and follows the order', async () => {
    const page = await site.openPage();

    // a visitor: bag, wishlist and pincode, no login asked
    await addToBag(page, kurta);
    await bagInHeader(page, 'CART, 1 item').waitFor();
    await page.getByRole('banner').getByText('1 item in your bag').waitFor();
    await page.getByRole('button', { name: 'WISHLIST' }).click();
    await page.getByRole('button', { name: 'WISHLISTED' }).waitFor();
    await page.goto('/');
    await bagInHeader(page, 'CART, 1 item').waitFor();
    await addToBag(page, stole);
    await bagInHeader(page, 'CART, 2 items').waitFor();
    await page.goto('/checkout');
    await bagLine(page, stoleName).getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => quantityOf(page, stoleName)).toBe(2);
    await bagInHeader(page, 'CART, 3 items').waitFor();
    expect(await quantityOf(page, kurtaName)).toBe(1);
    await expectAccessible(page, 'a visitor’s bag');

    // meanwhile the stole runs low: one left
    await site.app.db
      .updateTable('skus')
      .set({ stock: 1 })
      .where('id', '=', stole.skus.M ?? 0)
      .execute();

    // checkout needs an account: to login, on to sign-up, and back to the bag
    await page.getByRole('button', { name: 'Log in to continue' }).click();
    await page.waitForURL(`${site.app.baseUrl}/login`);
    await page.getByRole('link', { name: 'SIGN UP' }).click();
    await page.waitForURL(`${site.app.baseUrl}/signUp`);
    // the address changes before the sign-up screen's code has loaded: until then the login screen,
    // whose field has the same label, is still the one showing
    await page.getByRole('heading', { name: 'SIGN UP' }).waitFor();
    const phone = uniquePhone();
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await alertWith(page, 'OTP sent').waitFor();
    await page.getByLabel('OTP').fill(await smsCode(site.app, phone));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('E-mail id').fill(`journey${phone}@example.in`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('First name').fill('Ira');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Last name').fill('Sen');
    await page.getByRole('button', { name: 'Save' }).click();

    // the bag is kept, and what changed is told once
    await page.waitForURL(`${site.app.baseUrl}/checkout`);
    const notice = page.getByRole('region', { name: '1 item in your bag changed:' });
    await notice.waitFor();
    expect(await notice.getByRole('listitem').allTextContents()).toEqual([
      `${stoleName} (size M): reduced to stock; 1 in your bag instead of 2.`,
    ]);
    await expect.poll(() => quantityOf(page, stoleName)).toBe(1);
    expect(await quantityOf(page, kurtaName)).toBe(1);
    await bagInHeader(page, 'CART, 2 items').waitFor();
    await expectAccessible(page, 'the bag after sign-up, with what changed');
    await page.reload();
    await bagLine(page, kurtaName).waitFor();
    expect(await notice.count()).toBe(0);

    // buys: the address, then the simulated gateway
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'SHIPPING ADDRESS' }).waitFor();
    for (const [label, value] of [
      ['House no.', '12B'],
      ['Road name', 'Park Street'],
      ['Area name', 'Esplanade'],
      ['Post office', 'Park Street'],
      ['City', 'Kolkata'],
      ['Pincode', '700001'],
      ['Alternative contact number (optional)', '9123456780'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'PAYMENT METHOD' }).waitFor();
    await payInTheWindow(site, page);
    await bagInHeader(page, 'CART').waitFor();
    // on a phone the bar's own bag says the same
    await page.setViewportSize({ width: 390, height: 844 });
    await bagInHeader(page, 'Bag').waitFor();

    // the invoice: a PDF, for this shopper's session
    const item = orderedItem(page, kurtaName);
    const invoice = item.getByRole('link', { name: 'Invoice' });
    const href = (await invoice.getAttribute('href')) ?? '';
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // the wishlist came along
    await page.goto('/wishlist');
    await page.getByText(kurtaName).first().waitFor();

    // the back office ships and delivers; the timeline follows
    const purchaseId = href.split('/').at(-2) ?? '';
    await moveLineAsStaff(site.app, purchaseId, 'ship', { trackingId: 'JRN12345' });
    await moveLineAsStaff(site.app, purchaseId, 'deliver');
    await page.goto('/orders');
    const toggle = orderedItem(page, kurtaName).getByRole('button', { name: 'Order timeline' });
    await toggle.click();
    const steps = page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('listitem');
    await steps.first().waitFor();
    const texts = await steps.allTextContents();
    expect(texts.map((text) => text.split(/\s\d/)[0])).toEqual(['Ordered', 'Shipped', 'Delivered']);
    expect(texts[1]).toContain('Tracking id JRN12345');
    await expectAccessible(page, 'orders with the timeline, after a guest’s purchase');

    // the back office's order page shows the same steps
    const { order_id: orderId } = await site.app.db
      .selectFrom('order_lines')
      .select('order_id')
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    const staffPage = await site.openPage();
    await signIn(
      site,
      staffPage,
      await addStaff(site.app, 'Journey Staff', 'staff'),
      `/admin/orders/${orderId}`,
    );
    const history = staffPage.getByRole('region', { name: `${kurtaName} (${purchaseId})` });
    const staffSteps = await history.getByRole('listitem').allTextContents();
    expect(staffSteps.map((text) => text.split(': ')[1])).toEqual(['Ordered', 'Shipped', 'Delivered']);
    expect(staffSteps[1]).toContain('tracking id JRN12345');
    await expectAccessible(staffPage, 'the back office’s order page with the timeline');
  });
});
