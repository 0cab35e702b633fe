import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_CHANGED_MESSAGE } from '../contract/payments.ts';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { demoShoppers, logIn, type ShopperAt } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

interface Item {
  name: string;
  productId: number;
  skuId: number;
  currentPaise: number;
}
let item: Item;
/** a shopper per test: the one-time code throttle allows one login per phone every 30 s */
let shopperAt: ShopperAt;
const METRO_PINCODE = '700001';
const ASHA = { fname: 'Asha', lname: 'Sen' };

beforeAll(async () => {
  const row = await site.app.db
    .selectFrom('products as p')
    .innerJoin('skus as s', 's.product_id', 'p.id')
    .select(['p.id', 'p.name', 'p.current_price_paise', 's.id as sku_id'])
    .where('p.prod', '=', 'apparel')
    .where('p.active', '=', true)
    .where('s.stock', '>=', 10)
    .orderBy('p.id')
    .orderBy('s.position')
    .executeTakeFirstOrThrow();
  item = { name: row.name, productId: row.id, skuId: row.sku_id, currentPaise: row.current_price_paise };
  shopperAt = await demoShoppers(site.app, 3);
});

/** One unit of the item in the bag and an address on the profile (no alternative number when `partial`). */
async function prepare(customerId: number, partial: boolean): Promise<void> {
  const fixtures = new Fixtures(site.app.db);
  await fixtures.onlyInBag(customerId, item.skuId);
  await fixtures.kolkataAddress(customerId, { altPhone: partial ? null : undefined, name: ASHA });
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** Waits for the step and checks that focus moved to its heading. */
async function onStep(page: Page, name: string): Promise<void> {
  await stepHeading(page, name).waitFor();
  await page.waitForFunction((title) => document.activeElement?.textContent === title, name);
}

async function toPaymentStep(page: Page): Promise<void> {
  await page.goto('/checkout');
  await stepHeading(page, 'PRODUCT REVIEW').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await onStep(page, 'SHIPPING ADDRESS');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await onStep(page, 'PAYMENT METHOD');
}

/** the spec's delivery charge for one unit: ₹50, free above ₹500, as the window and the breakdown show it */
function amountToPay(pricePaise: number): string {
  const delivery = pricePaise > 50_000 ? 0 : 5_000;
  return `₹${((pricePaise + delivery) / 100).toLocaleString('en-IN')}`;
}

const paymentWindow = (page: Page) => page.getByRole('dialog', { name: 'haat · Secure payment' });

async function heldUnits(customerId: number): Promise<number> {
  const rows = await site.app.db
    .selectFrom('stock_holds as h')
    .innerJoin('payment_orders as o', 'o.id', 'h.payment_order_id')
    .select('h.quantity')
    .where('o.customer_id', '=', customerId)
    .where('h.released_at', 'is', null)
    .execute();
  return rows.reduce((sum, row) => sum + row.quantity, 0);
}

async function paymentsOf(customerId: number): Promise<string[]> {
  const rows = await site.app.db
    .selectFrom('sim_gateway_payments as p')
    .innerJoin('payment_orders as o', 'o.gateway_order_id', 'p.order_id')
    .select('p.status')
    .where('o.customer_id', '=', customerId)
    .execute();
  return rows.map((row) => row.status);
}

describe('checkout in the browser', () => {
  it('takes an address, pays in the simulated window and lands on the orders', async () => {
    const shopper = shopperAt(0);
    await prepare(shopper.id, true);
    const page = await site.openPage();
    await logIn(site, page, shopper.phone);

    await page.goto('/checkout');
    await stepHeading(page, 'PRODUCT REVIEW').waitFor();
    expect(await page.getByText('Address and payment are coming soon').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await onStep(page, 'SHIPPING ADDRESS');
    expect(await page.getByLabel('First name').inputValue()).toBe('Asha');
    expect(await page.getByLabel('Contact number', { exact: true }).inputValue()).toBe(shopper.phone);
    expect(await page.getByLabel('Alternative contact number').inputValue()).toBe('');

    // bad numbers: both messages, tied to their fields, and no way on
    await page.getByLabel('Contact number', { exact: true }).fill('98765');
    await page.getByLabel('Alternative contact number').fill('12ab3');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please enter a valid 10-digit mobile number', { exact: true }).waitFor();
    await page
      .getByText('Please enter a valid 10-digit alternative mobile number', { exact: true })
      .waitFor();
    const contact = page.getByLabel('Contact number', { exact: true });
    const describedBy = (await contact.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'Please enter a valid 10-digit mobile number',
    );
    expect(await contact.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await stepHeading(page, 'SHIPPING ADDRESS').count()).toBe(1);
    await expectAccessible(page, 'checkout, address with errors');

    // a valid, deliverable address is saved to the profile
    await contact.fill(shopper.phone);
    await page.getByLabel('Alternative contact number').fill('9123456780');
    await page.getByLabel('Pincode').fill(METRO_PINCODE);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await onStep(page, 'PAYMENT METHOD');
    const saved = await site.app.db
      .selectFrom('customers')
      .select('alt_phone')
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(saved.alt_phone).toBe('9123456780');
    expect(await page.getByRole('radio', { name: 'ONLINE' }).isChecked()).toBe(true);
    await expectAccessible(page, 'checkout, payment method');

    // Close: back on step 3, the units go back and nothing is charged
    await page.getByRole('button', { name: 'Check out' }).click();
    await paymentWindow(page).waitFor();
    await paymentWindow(page)
      .getByRole('button', { name: `Pay ${amountToPay(item.currentPaise)}` })
      .waitFor();
    await expectAccessible(page, 'simulated payment window');
    await paymentWindow(page).getByRole('button', { name: 'Close', exact: true }).click();
    await paymentWindow(page).waitFor({ state: 'hidden' });
    await stepHeading(page, 'PAYMENT METHOD').waitFor();
    await expect.poll(() => heldUnits(shopper.id)).toBe(0);
    expect(await paymentsOf(shopper.id)).toEqual([]);

    // Pay: verified, placed, and on to the orders
    await page.getByRole('button', { name: 'Check out' }).click();
    await paymentWindow(page).getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${site.app.baseUrl}/orders`);
    expect(await paymentsOf(shopper.id)).toEqual(['captured']);
  });

  it('stays on step 3 after a failed payment and shows the cart afresh when its price changed', async () => {
    const shopper = shopperAt(1);
    await prepare(shopper.id, false);
    const page = await site.openPage();
    await logIn(site, page, shopper.phone);
    await toPaymentStep(page);

    await page.getByRole('button', { name: 'Check out' }).click();
    await paymentWindow(page).getByRole('button', { name: 'Fail', exact: true }).click();
    await paymentWindow(page).waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Payment failed. Please try again.' }).waitFor();
    await stepHeading(page, 'PAYMENT METHOD').waitFor();
    await expect.poll(() => heldUnits(shopper.id)).toBe(0);
    expect(await paymentsOf(shopper.id)).toEqual(['failed']);

    // the price moved since the bag was shown: 409, the alert, and step 1 with the new price
    const newPaise = item.currentPaise + 10_000;
    await site.app.db
      .updateTable('products')
      .set({ current_price_paise: newPaise })
      .where('id', '=', item.productId)
      .execute();
    try {
      await page.getByRole('button', { name: 'Check out' }).click();
      await alertWith(page, AMOUNT_CHANGED_MESSAGE).waitFor();
      await onStep(page, 'PRODUCT REVIEW');
      const panel = page.getByRole('complementary', { name: 'PRICE DETAILS' });
      await panel
        .locator('.breakdown-total')
        .filter({ hasText: amountToPay(newPaise) })
        .waitFor();
      expect(await heldUnits(shopper.id)).toBe(0);
    } finally {
      await site.app.db
        .updateTable('products')
        .set({ current_price_paise: item.currentPaise })
        .where('id', '=', item.productId)
        .execute();
    }
  });

  it("opens Razorpay's window when the server names Razorpay", async () => {
    const shopper = shopperAt(2);
    await prepare(shopper.id, false);
    const page = await site.openPage();
    // Razorpay's script, faked: it records the options, and open() either dismisses or pays the order
    // through the simulated gateway, handing the handler what Razorpay would
    await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_RAZORPAY }),
    );
    await page.route('**/create-order', async (route) => {
      const answer = await route.fetch();
      const order = { ...(await answer.json()), key: 'rzp_test_key', provider: 'razorpay' };
      await route.fulfill({ response: answer, json: order });
    });
    await logIn(site, page, shopper.phone);
    await toPaymentStep(page);

    await page.evaluate(() => {
      (window as unknown as { rzpOutcome: string }).rzpOutcome = 'dismiss';
    });
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { rzpOpened: number }).rzpOpened))
      .toBe(1);
    const options = await page.evaluate(() => (window as unknown as { rzpOptions: unknown }).rzpOptions);
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      order_id: expect.stringMatching(/^order_/),
      currency: 'INR',
      name: 'haat',
      prefill: { name: 'Asha Sen', contact: shopper.phone },
    });
    await expect.poll(() => heldUnits(shopper.id)).toBe(0);
    await stepHeading(page, 'PAYMENT METHOD').waitFor();

    await page.evaluate(() => {
      (window as unknown as { rzpOutcome: string }).rzpOutcome = 'pay';
    });
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(`${site.app.baseUrl}/orders`);
    expect(await paymentsOf(shopper.id)).toEqual(['captured']);
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="razorpay"]').length)).toBe(1);
  });
});

const FAKE_RAZORPAY = `
window.rzpOpened = 0;
window.Razorpay = function (options) {
  window.rzpOptions = JSON.parse(JSON.stringify(options));
  this.open = async function () {
    window.rzpOpened += 1;
    if (window.rzpOutcome !== 'pay') return options.modal.ondismiss();
    const { csrfToken } = await (await fetch('/api/check', { credentials: 'include' })).json();
    const res = await fetch('/api/dev/pay', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: JSON.stringify({ orderId: options.order_id, outcome: 'success' }),
    });
    options.handler(await res.json());
  };
};
`;
