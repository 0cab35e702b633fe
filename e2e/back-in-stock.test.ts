import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DevSmsResponse } from '../contract/accounts.ts';
import type { AdminProduct } from '../contract/products.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { BackOfficeClient } from '../server/test/contract-client.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { logIn } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

/** the outbox works every OUTBOX_INTERVAL_MS: short here, so the SMS goes out while the test waits */
const site = browserSite(() => startTestApp('pglite', { OUTBOX_INTERVAL_MS: '200' }));

let phone = '';
/** a second shopper: a phone's codes are spaced out, so each test logs in its own */
let wisherPhone = '';
let kurta: FixtureProduct;
let owner: BackOfficeClient;
const name = `Bandhani kurta ${Date.now() % 1_000_000}`;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  kurta = await fixtures.product({
    name,
    pricePaise: 180_000,
    features: { size: ['S', 'M'] },
    sizes: [
      ['S', 0],
      ['M', 20],
    ],
  });
  const phoneOf = async (customerId: number) =>
    (
      await site.app.db
        .selectFrom('customers')
        .select('phone')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).phone;
  phone = await phoneOf(await fixtures.customer({ fname: 'Meera', lname: 'Iyer' }));
  wisherPhone = await phoneOf(await fixtures.customer({ fname: 'ਹਰਪ੍ਰੀਤ', lname: 'ਕੌਰ' }));
  owner = new BackOfficeClient(site.app.baseUrl, TEST_ADMIN_TOKEN);
});

const setStock = async (quantity: number) => {
  const res = await owner.put('/admin/api/stock', { productId: kurta.id, size: 'S', quantity });
  expect(res.status).toBe(200);
};

/** Waits until the outbox worker has sent everything written so far; answers the phone's messages. */
async function sentMessages() {
  await expect
    .poll(
      async () => {
        const pending = await site.app.db
          .selectFrom('notifications')
          .select('id')
          .where('status', '=', 'pending')
          .execute();
        return pending.length;
      },
      { timeout: 10_000, message: 'the outbox sends what is pending' },
    )
    .toBe(0);
  const res = await fetch(`${site.app.baseUrl}/api/dev/sms/${phone}`);
  return res.status === 404 ? [] : ((await res.json()) as DevSmsResponse).messages;
}

const openProduct = async (page: Page) => {
  await page.goto(`/product/apparel/${kurta.id}`);
  await page.getByRole('heading', { name: name.toUpperCase() }).waitFor();
};

describe('"Notify me" and "Price dropped"', () => {
  it('asks a visitor to log in, and sends a customer one SMS when the sold-out size is back', async () => {
    const visitor = await site.openPage({ width: 390, height: 844 });
    await openProduct(visitor);
    await visitor.getByText('Sold out in your size?').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await visitor.getByRole('button', { name: /NOTIFY ME/ }).count()).toBe(0);

    const page = await site.openPage({ width: 390, height: 844 });
    await logIn(site, page, phone);
    await openProduct(page);
    const notify = page.getByRole('button', { name: 'NOTIFY ME: S' });
    await notify.click();
    await alertWith(page, 'We will send you an SMS when size S is back in stock.').waitFor();
    const waiting = page.getByRole('button', { name: "WE'LL SMS YOU: S" });
    expect(await waiting.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expectAccessible(page, 'product page with a size waited for');
    // it stays so on a reload: the server keeps the request
    await openProduct(page);
    await waiting.waitFor();

    // the owner restocks the size, it sells out and comes back again: one SMS all the same
    await setStock(2);
    await setStock(0);
    await setStock(5);
    const messages = await sentMessages();
    expect(messages.map((m) => [m.template, m.text])).toEqual([
      [
        'back_in_stock',
        `Good news from haat: ${name} in size S is back in stock. Buy it on haat before it sells out again.`,
      ],
    ]);
    await openProduct(page);
    await page.getByRole('button', { name: 'S', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: "WE'LL SMS YOU: S" }).count()).toBe(0);
  });

  it('shows "Price dropped" and the price it was wished at once the owner lowers the price', async () => {
    const page = await site.openPage({ width: 390, height: 844 });
    await logIn(site, page, wisherPhone);
    await openProduct(page);
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('button', { name: 'WISHLIST' }).click();
    await page.getByRole('button', { name: 'WISHLISTED' }).waitFor();
    await page.goto('/wishlist');
    const wish = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await wish.waitFor();
    expect(await wish.getByText('Price dropped').count()).toBe(0);

    const read = await owner.get<AdminProduct>(`/admin/api/products/${kurta.id}`);
    const lowered = await owner.put(`/admin/api/products/${kurta.id}`, { ...read.body, price: 1500 });
    expect(lowered.status).toBe(200);
    await page.reload();
    await wish.getByText('Price dropped').waitFor();
    expect(await wish.locator('del').textContent()).toBe('₹1,800');
    expect(await wish.getByText('₹1,500').count()).toBe(1);
    await expectAccessible(page, 'wishlist with a price dropped');
  });
});
