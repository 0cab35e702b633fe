import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RTO_MESSAGE, TIMELINE_TITLES } from '../contract/after-sale-constants.ts';
import { startTestApp } from '../server/test/app.ts';
import { bookShipment, courierMoves, givePickupAddress } from '../server/test/courier.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { addStaff, pdfIn, shipWithCourier, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { logIn, orderedItem } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

// the shop's own fake Shiprocket; polling out of the way: every step here comes by webhook
const site = browserSite(() =>
  startTestApp('pglite', {
    COURIER_PROVIDER: 'shiprocket',
    COURIER_POLL_AFTER_MS: '86400000',
    COURIER_POLL_INTERVAL_MS: '86400000',
  }),
);

// one shopper each: a phone may ask for a code once in 30 s
const phones = { delivered: '', broughtBack: '' };
const stamp = Date.now() % 1_000_000;
const delivered = { name: `Ikat cotton saree ${stamp}`, awb: '', orderId: 0 };
const broughtBack = { name: `Bandhani dupatta ${stamp}`, awb: '' };

beforeAll(async () => {
  const { db, baseUrl } = site.app;
  const fixtures = new Fixtures(db);
  const saree = await fixtures.product({ name: delivered.name, sizes: [['M', 5]] });
  const dupatta = await fixtures.product({ name: broughtBack.name, sizes: [['M', 5]] });
  await givePickupAddress(db, saree.id);
  await givePickupAddress(db, dupatta.id);
  /** a shopper who ordered the product: the shopper's phone and the order */
  const orderedBy = async (fname: string, product: typeof saree) => {
    const customerId = await fixtures.customer({ fname, lname: 'Ghosh' });
    const { phone } = await db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    return { phone, ...(await fixtures.order(customerId, [{ product }])) };
  };
  const sareeOrder = await orderedBy('Nandini', saree);
  phones.delivered = sareeOrder.phone;
  delivered.orderId = sareeOrder.orderId;
  // the dupatta's line is booked as Ship books it; the saree's the owner books in the test
  const dupattaOrder = await orderedBy('Tara', dupatta);
  phones.broughtBack = dupattaOrder.phone;
  broughtBack.awb = (await bookShipment(db, baseUrl, dupattaOrder.purchaseIds[0] ?? '')).awb;
});

/** The courier moves the parcel; the shopper reloads Orders and reads the item's timeline. */
async function courierThenOrders(page: Page, item: { name: string; awb: string }, status: string) {
  const moved = await courierMoves(site.app.baseUrl, item.awb, status);
  expect(moved.body).toEqual({ awb: item.awb, status, webhook: 200 });
  await page.goto('/orders');
  const row = orderedItem(page, item.name);
  const toggle = row.getByRole('button', { name: 'Order timeline' });
  await toggle.click();
  const steps = page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('listitem');
  await steps.first().waitFor();
  const titles = (await steps.allTextContents()).map((text) => text.split(/\s\d/)[0]);
  return { row, titles };
}

describe('the courier moves the parcel, and Orders follows', () => {
  it('the owner books and prints the label; Orders shows each step to delivered', async () => {
    const owner = await addStaff(site.app, 'Asha Owner', 'owner');
    const office = await site.openPage();
    await signIn(site, office, owner, `/admin/orders/${delivered.orderId}`);
    const { awb, labelHref } = await shipWithCourier(office, delivered.name);
    delivered.awb = awb;
    expect(await pdfIn(office, labelHref)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    const page = await site.openPage();
    await logIn(site, page, phones.delivered);

    const picked = await courierThenOrders(page, delivered, 'PICKED UP');
    expect(picked.titles).toEqual(['Ordered', 'Shipped']);
    expect(await picked.row.getByRole('button', { name: 'Cancel' }).count()).toBe(1);

    const out = await courierThenOrders(page, delivered, 'OUT FOR DELIVERY');
    expect(out.titles).toContain(TIMELINE_TITLES.out_for_delivery);

    const done = await courierThenOrders(page, delivered, 'DELIVERED');
    expect(done.titles).toEqual(expect.arrayContaining([TIMELINE_TITLES.out_for_delivery, 'Delivered']));
    expect(done.titles.at(-1)).toBe('Delivered');
    // delivered: no Cancel any more, Return instead
    expect(await done.row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await done.row.getByRole('button', { name: 'Return' }).count()).toBe(1);
    await expectAccessible(page, 'orders with a delivered parcel');
  });

  it('shows an undelivered parcel going back, and the refund sentence once it is back', async () => {
    const page = await site.openPage();
    await logIn(site, page, phones.broughtBack);

    const missed = await courierThenOrders(page, broughtBack, 'UNDELIVERED');
    expect(missed.titles).toContain(TIMELINE_TITLES.undelivered);
    const going = await courierThenOrders(page, broughtBack, 'RTO INITIATED');
    expect(going.titles).toContain(TIMELINE_TITLES.rto_initiated);
    expect(await going.row.getByText(RTO_MESSAGE).count()).toBe(0);

    const back = await courierThenOrders(page, broughtBack, 'RTO DELIVERED');
    expect(back.titles).toEqual(
      expect.arrayContaining([TIMELINE_TITLES.rto_delivered, 'Cancelled', TIMELINE_TITLES.refunded]),
    );
    await back.row.getByText(RTO_MESSAGE).waitFor();
    await expectAccessible(page, 'orders with a parcel brought back');
  });
});
