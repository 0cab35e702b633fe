import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { COD_FEE_LABEL, COD_WRONG_CODE_MESSAGE, codCapMessage } from '../contract/cod-constants.ts';
import { formatRupees } from '../contract/money.ts';
import { AMOUNT_CHANGED_MESSAGE } from '../contract/payments.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { messageBeside } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { demoShoppers, expectAlert, logIn, orderedItem, type ShopperAt } from './support/shopper.ts';
import { alertWith, browserSite, smsCode } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

/** a phone's width, and the narrowest the shop is built for */
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const METRO_PINCODE = '700001';
const COD_FEE = 49;

interface Item {
  name: string;
  productId: number;
  skuId: number;
  size: string;
  currentPaise: number;
}
let item: Item;
/** a shopper per test: the one-time code throttle allows one login per phone every 30 s */
let shopperAt: ShopperAt;

beforeAll(async () => {
  const row = await site.app.db
    .selectFrom('products as p')
    .innerJoin('skus as s', 's.product_id', 'p.id')
    .select(['p.id', 'p.name', 'p.current_price_paise', 's.id as sku_id', 's.size'])
    .where('p.prod', '=', 'apparel')
    .where('p.active', '=', true)
    .where('s.stock', '>=', 10)
    .where('s.size', '!=', '')
    .orderBy('p.id')
    .orderBy('s.position')
    .executeTakeFirstOrThrow();
  item = {
    name: row.name,
    productId: row.id,
    skuId: row.sku_id,
    size: row.size,
    currentPaise: row.current_price_paise,
  };
  shopperAt = await demoShoppers(site.app, 4);
});

/** The owner's COD settings, as the back office's Settings screen saves them. */
async function codSettings(settings: { codEnabled: boolean; codFee: number; codMaxOrderValue: number }) {
  const res = await fetch(`${site.app.baseUrl}/admin/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(200);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** From the bag to the payment step, with the address already on the profile. */
async function toPaymentStep(page: Page): Promise<void> {
  await page.goto('/checkout');
  await stepHeading(page, 'PRODUCT REVIEW').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await stepHeading(page, 'SHIPPING ADDRESS').waitFor();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await stepHeading(page, 'PAYMENT METHOD').waitFor();
}

/**
 * COD on with the cap given (rupees), and the `index`th shopper signed in at the payment step on a screen of
 * `viewport`, with the item alone in the bag and an address in Kolkata.
 */
async function atPaymentStep(index: number, cap = 1_00_000, viewport = PHONE) {
  await codSettings({ codEnabled: true, codFee: COD_FEE, codMaxOrderValue: cap });
  const shopper = shopperAt(index);
  const fixtures = new Fixtures(site.app.db);
  await fixtures.onlyInBag(shopper.id, item.skuId);
  await fixtures.kolkataAddress(shopper.id);
  const page = await site.openPage(viewport);
  await logIn(site, page, shopper.phone);
  await toPaymentStep(page);
  return page;
}

/** Fails when the page is wider than the window (something sticks out sideways). */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], screen).toBeLessThanOrEqual(widths[1] ?? 0);
}

const breakdownRow = (page: Page, label: string) =>
  page.getByRole('complementary', { name: 'PRICE DETAILS' }).locator('div').filter({ hasText: label });

/** The spec's delivery charge for one unit: ₹50, free above ₹500. */
const deliveryOf = (pricePaise: number) => (pricePaise > 50_000 ? 0 : 50);

describe('cash on delivery in the browser', () => {
  it('chooses cash on delivery with its fee, places, confirms with the code sent by SMS and sees the order', async () => {
    await codSettings({ codEnabled: true, codFee: COD_FEE, codMaxOrderValue: 1_00_000 });
    const shopper = shopperAt(0);
    const fixtures = new Fixtures(site.app.db);
    await site.app.db.deleteFrom('cart_lines').where('customer_id', '=', shopper.id).execute();
    await fixtures.kolkataAddress(shopper.id, { name: { fname: 'ஆஷா', lname: 'सेन' } });
    const page = await site.openPage(PHONE);
    await logIn(site, page, shopper.phone);
    const loginCode = await smsCode(site.app, shopper.phone);

    // the product page: a pincode, a size, into the bag
    await page.goto(`/product/apparel/${item.productId}`);
    await page.getByPlaceholder('Search to unlock cart').fill(METRO_PINCODE);
    await page.getByRole('button', { name: 'CHECK', exact: true }).click();
    await page.getByRole('button', { name: item.size, exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('button', { name: 'REMOVE FROM CART' }).waitFor();

    // the payment step offers cash on delivery with its fee; chosen, the fee is a line of its own
    await toPaymentStep(page);
    const cod = page.getByRole('radio', { name: /^Cash on delivery/ });
    await expect.poll(() => cod.isEnabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'ONLINE' }).isChecked()).toBe(true);
    expect(await breakdownRow(page, COD_FEE_LABEL).count()).toBe(0);
    await cod.check();
    const amount = item.currentPaise / 100 + deliveryOf(item.currentPaise) + COD_FEE;
    await breakdownRow(page, COD_FEE_LABEL)
      .filter({ hasText: formatRupees(COD_FEE) })
      .waitFor();
    await page
      .locator('.breakdown-total')
      .filter({ hasText: formatRupees(amount) })
      .waitFor();
    await expectAccessible(page, 'checkout, cash on delivery chosen');

    // placed at once: the code screen with the amount and the time left
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/\d+\/confirm$/);
    await page.getByRole('heading', { level: 1, name: 'Confirm your order' }).waitFor();
    await page.getByText(`You pay ${formatRupees(amount)} in cash on delivery.`).waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await page.getByRole('button', { name: /^Resend code in \d+ s$/ }).isDisabled()).toBe(true);
    await expectAccessible(page, 'cash on delivery, the code');

    // the code sent by SMS; a wrong one is told beside the box, and a reload keeps the box
    await expect.poll(() => smsCode(site.app, shopper.phone)).not.toBe(loginCode);
    const code = await smsCode(site.app, shopper.phone);
    const box = page.getByLabel('Confirmation code');
    await box.fill(code.startsWith('1') ? `2${code.slice(1)}` : `1${code.slice(1)}`);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    expect(await messageBeside(page, box)).toBe(COD_WRONG_CODE_MESSAGE);
    await page.reload();
    await box.waitFor();
    await page.setViewportSize(NARROW);
    await expectNoSidewaysScroll(page, 'the code at 320 px');
    await page.setViewportSize(PHONE);

    // the orders screen: awaiting confirmation, with the way back to the code
    await page.getByRole('link', { name: 'My orders' }).click();
    const line = orderedItem(page, item.name);
    await line.getByText('Cash on delivery: Awaiting confirmation').waitFor();
    await line.getByRole('link', { name: 'Confirm order' }).click();
    await box.fill(code);
    await page.getByRole('button', { name: 'Confirm order' }).click();

    // confirmed: the order's confirmation, then the order on the orders screen
    await page.getByRole('heading', { name: 'Order placed' }).waitFor();
    await page.getByText(`You pay ${formatRupees(amount)} in cash on delivery.`).waitFor();
    await page.getByText('ஆஷா सेन').waitFor();
    await expectAccessible(page, 'cash on delivery, confirmed');
    await page.getByRole('link', { name: 'MY ORDERS' }).click();
    await line.getByText(`Cash on delivery: Pay ${formatRupees(amount)} in cash on delivery`).waitFor();
    expect(await line.getByRole('link', { name: 'Confirm order' }).count()).toBe(0);
    await page.setViewportSize(NARROW);
    await expectNoSidewaysScroll(page, 'orders at 320 px');
  });

  it('tells why cash on delivery is not offered for a bag above the cap, at 320 px', async () => {
    const cap = Math.max(1, Math.floor(item.currentPaise / 100) - 1);
    const page = await atPaymentStep(1, cap, NARROW);

    await page.getByText(codCapMessage(cap), { exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: /^Cash on delivery/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'ONLINE' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Check out' }).count()).toBe(1);
    await expectNoSidewaysScroll(page, 'payment step at 320 px');
    await expectAccessible(page, 'checkout, cash on delivery not offered');
  });

  it('shows the bag afresh when its price changed before placing, and cancels an order awaiting its code', async () => {
    const page = await atPaymentStep(2);
    await page.getByRole('radio', { name: /^Cash on delivery/ }).check();

    // the price moved since the offer was shown: 409 in the server's words, and the bag afresh
    const newPaise = item.currentPaise + 10_000;
    const price = (paise: number) =>
      site.app.db
        .updateTable('products')
        .set({ current_price_paise: paise })
        .where('id', '=', item.productId)
        .execute();
    await price(newPaise);
    try {
      await expectAlert(page, AMOUNT_CHANGED_MESSAGE, () =>
        page.getByRole('button', { name: 'Place order' }).click(),
      );
      await stepHeading(page, 'PRODUCT REVIEW').waitFor();
      const amount = newPaise / 100 + deliveryOf(newPaise) + COD_FEE;
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
      await page
        .locator('.breakdown-total')
        .filter({ hasText: formatRupees(amount) })
        .waitFor();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByText(`You pay ${formatRupees(amount)} in cash on delivery.`).waitFor();
    } finally {
      await price(item.currentPaise);
    }
    const confirmPath = new URL(page.url()).pathname;

    // cancelled before its code was given: nothing is due, and its code screen says so
    await page.getByRole('link', { name: 'My orders' }).click();
    const line = orderedItem(page, item.name);
    await line.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await alertWith(page, 'Your item has been cancelled! Nothing is due for it.').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await line.getByText('Cash on delivery: Not collected: nothing to pay').waitFor();
    await page.goto(confirmPath);
    await page.getByRole('heading', { level: 1, name: 'This order is cancelled' }).waitFor();
  });

  it('tells when the time to confirm is over, and shows the order cancelled once the shop has lapsed it', async () => {
    const page = await atPaymentStep(3);
    await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/\d+\/confirm$/);
    const orderId = Number(/\/orders\/(\d+)\/confirm$/.exec(page.url())?.[1]);

    // its window ends in a moment: the screen says so when it does, and the shop then cancels the order
    await site.app.db
      .updateTable('cod_confirmations')
      .set({ confirm_by: new Date(Date.now() + 3_000) })
      .where('order_id', '=', orderId)
      .execute();
    await page.reload();
    await page.getByLabel('Confirmation code').waitFor();
    await alertWith(page, 'The time to confirm this order is over: it will be cancelled.').waitFor();
    expect(await page.getByLabel('Confirmation code').count()).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await site.app.db
              .selectFrom('order_lines')
              .select('status')
              .where('order_id', '=', orderId)
              .execute()
          ).map((line) => line.status),
        { timeout: 20_000 },
      )
      .toEqual(['cancelled']);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'This order is cancelled' }).waitFor();
  });
});
