import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRefundsResponse } from '../contract/admin.ts';
import { RETURN_REASONS } from '../contract/fit-returns-constants.ts';
import { RETURN_SUBMITTED_MESSAGE } from '../contract/orders.ts';
import { REFUND_TO_MESSAGES } from '../contract/refund-to.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { CodDriver } from '../server/test/cod.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { TestClient } from '../server/test/http.ts';
import { addStaff, confirmIn, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { expectAlert, logIn, orderedItem } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));
const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

const KURTA = `Kalamkari kurta ${Date.now() % 1_000_000}`;
const STOLE = `Paid stole ${Date.now() % 1_000_000}`;
let phone: string;
let purchaseId: string;
let orderId: number;

beforeAll(async () => {
  const app = site.app;
  const fixtures = new Fixtures(app.db);
  const cod = new CodDriver(
    () => app,
    () => fixtures,
  );
  await cod.settings({ codEnabled: true });
  const kurta = await fixtures.product({ name: KURTA, pricePaise: 89_900 });
  const shopper = await cod.shopper(kurta);
  phone = shopper.phone;
  const order = await cod.placed(shopper.client);
  const code = await cod.codeSent(shopper.client, phone);
  expect((await cod.confirm(shopper.client, order.orderId, code)).status).toBe(200);
  purchaseId = order.purchaseIds[0] ?? '';
  orderId = order.orderId;
  // a line the shopper paid for online: its return asks nothing about where the money goes
  const stole = await fixtures.product({ name: STOLE });
  await fixtures.order(shopper.customerId, [{ product: stole, status: 'delivered' }]);
  const staff = new TestClient(app.baseUrl);
  const shipped = await staff.post(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'CODE2E1' }, BEARER);
  expect(shipped.status).toBe(200);
  expect((await staff.post(`/admin/api/orders/${purchaseId}/deliver`, undefined, BEARER)).status).toBe(200);
});

describe('a returned cash on delivery item, refunded by hand', () => {
  it('asks the shopper where the refund goes at 390 px, then staff mark it paid with the reference', async () => {
    const shop = await site.openPage({ width: 390, height: 844 });
    await logIn(site, shop, phone);
    await shop.goto('/orders');
    await orderedItem(shop, STOLE).getByRole('button', { name: 'Return' }).click();
    const online = shop.getByRole('dialog', { name: 'Return' });
    await online.getByText(RETURN_REASONS.too_small).waitFor();
    expect(await online.getByText('Where should we send your refund?').count()).toBe(0);
    await online.getByRole('button', { name: 'Close' }).click();
    await online.waitFor({ state: 'hidden' });

    const item = orderedItem(shop, KURTA);
    await item.getByRole('button', { name: 'Return' }).click();
    const asking = shop.getByRole('dialog', { name: 'Return' });
    await asking.getByRole('radio', { name: RETURN_REASONS.too_small }).check();
    await asking.getByText('Where should we send your refund?').waitFor();

    // a UPI ID the pattern refuses is named beside its field, and nothing is sent
    const upi = asking.getByLabel('UPI ID', { exact: true });
    await upi.fill('kavya-at-okaxis');
    await asking.getByRole('button', { name: 'Submit' }).click();
    await asking.getByText(REFUND_TO_MESSAGES.upiId).waitFor();
    expect(await upi.getAttribute('aria-invalid')).toBe('true');

    // a bank account: the IFSC typed small is taken in capitals; a short account number is named
    await asking.getByRole('radio', { name: 'To a bank account' }).check();
    await asking.getByLabel('Account number').fill('12345');
    await asking.getByLabel('IFSC').fill('sbin0004321');
    expect(await asking.getByLabel('IFSC').inputValue()).toBe('SBIN0004321');
    await asking.getByLabel('Account holder’s name').fill('काव्या नायर');
    await asking.getByRole('button', { name: 'Submit' }).click();
    await asking.getByText(REFUND_TO_MESSAGES.accountNumber).waitFor();
    expect(await asking.getByText(REFUND_TO_MESSAGES.ifsc).count()).toBe(0);
    await expectAccessible(shop, 'return dialog asking where the refund goes');
    // the dialog fits the phone's width: nothing scrolls sideways
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await asking.getByLabel('Account number').fill('00123456789012');
    await expectAlert(shop, RETURN_SUBMITTED_MESSAGE, () =>
      asking.getByRole('button', { name: 'Submit' }).click(),
    );
    await item.getByText('Requested Return').waitFor();

    // the item comes back; its refund is owed to that account
    const staffApi = new TestClient(site.app.baseUrl);
    expect((await staffApi.post(`/admin/api/returns/${purchaseId}`, { accept: true }, BEARER)).status).toBe(
      200,
    );
    expect((await staffApi.post(`/admin/api/returns/${purchaseId}/receive`, undefined, BEARER)).status).toBe(
      200,
    );

    const office = await site.openPage();
    await signIn(
      site,
      office,
      await addStaff(site.app, 'Tara Clerk', 'staff'),
      '/admin/refunds?status=pending',
    );
    const row = office.getByRole('row').filter({ has: office.getByRole('link', { name: purchaseId }) });
    await row.getByText('Bank transfer, by hand').waitFor();
    await row.getByText('Account 00123456789012, IFSC SBIN0004321, काव्या नायर').waitFor();
    await expectAccessible(office, 'pending refunds paid by hand');
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await office.getByLabel('Reference (UTR)').fill('SBIN426112345678');
    await expectAccessible(office, 'mark paid dialog');
    await confirmIn(office, /^Mark refund \d+ paid$/, 'Mark paid', 'reference SBIN426112345678');
    await row.waitFor({ state: 'detached' });

    const refunds = await staffApi.get<AdminRefundsResponse>('/admin/api/refunds?status=processed', BEARER);
    const paid = refunds.body.refunds.find((refund) => refund.purchaseId === purchaseId);
    expect(paid).toMatchObject({ method: 'bank', reference: 'SBIN426112345678', amount: 899 });

    // the order's page in the back office says how it was paid back
    await office.goto(`/admin/orders/${orderId}`);
    await office
      .getByText(/Processed \(return\), Bank transfer, by hand, reference SBIN426112345678/)
      .waitFor();
    await office.getByText('Cash on delivery', { exact: true }).waitFor();

    // the shopper's line shows the money back
    await shop.reload();
    await item.getByText(/₹899 refunded/).waitFor();
  });
});
