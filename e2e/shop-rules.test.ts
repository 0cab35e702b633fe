import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '../contract/fit-returns-constants.ts';
import { RETURN_SUBMITTED_MESSAGE } from '../contract/orders.ts';
import type { ShopDetails } from '../contract/shop.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { CheckoutDriver } from '../server/test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { TestClient } from '../server/test/http.ts';
import { addStaff, signIn } from './support/back-office.ts';
import { expectAlert, logIn, orderedItem } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const KURTA = `Sanganeri kurta ${Date.now() % 1_000_000}`;
let kurta: FixtureProduct;

beforeAll(async () => {
  kurta = await new Fixtures(site.app.db).product({ name: KURTA, sizes: [['M', 5]] });
});

describe("the owner's rules, in the browser", () => {
  it('sets 7-day returns: a line delivered 3 days ago can still be returned, and the product page says 7 days', async () => {
    const page = await site.openPage();
    await signIn(site, page, await addStaff(site.app, 'Meera Owner', 'owner'), '/admin/settings');
    const rules = page.getByRole('region', { name: 'Returns, exchanges and cancellation' });
    await rules.getByLabel(/^Return window/).fill('70');
    await rules.getByRole('button', { name: 'Save the rules' }).click();
    // out of range: refused beside the field, nothing saved
    await rules.getByText('Enter a whole number of days from 0 to 60').waitFor();
    await rules.getByLabel(/^Return window/).fill('7');
    await rules.getByRole('button', { name: 'Save the rules' }).click();
    await alertWith(page, 'Return and cancellation rules saved').waitFor();
    const shop = (await (await fetch(`${site.app.baseUrl}/api/shop`)).json()) as ShopDetails;
    expect(shop.returnWindowDays).toBe(7);

    // an order placed now (checkout over HTTP), delivered, and then aged 3 days
    const driver = new CheckoutDriver(() => site.app);
    const { client, customerId } = await driver.shopper(1, kurta);
    await driver.checkOut(client, await driver.paid(client));
    const { purchase_id } = await site.app.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select('order_lines.purchase_id')
      .where('orders.customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    const staff = new TestClient(site.app.baseUrl);
    await staff.post(`/admin/api/orders/${purchase_id}/ship`, { trackingId: `TRK${purchase_id}` }, BEARER);
    expect((await staff.post(`/admin/api/orders/${purchase_id}/deliver`, undefined, BEARER)).status).toBe(
      200,
    );
    expect((await client.post(`/api/dev/orders/${purchase_id}/age`, { hours: 72 })).status).toBe(200);

    const { phone } = await site.app.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const shopper = await site.openPage({ width: 360, height: 740 });
    await logIn(site, shopper, phone);
    await shopper.goto(`/product/apparel/${kurta.id}`);
    await shopper.getByText('Returns within 7 days of delivery').waitFor();
    await shopper.getByText('Free cancellation within 24 hours of ordering').waitFor();

    await shopper.goto('/orders');
    const row = orderedItem(shopper, KURTA);
    await row.getByRole('button', { name: 'Return' }).click();
    const asking = shopper.getByRole('dialog', { name: 'Return' });
    await asking.getByRole('radio', { name: RETURN_REASONS.too_small }).check();
    await expectAlert(shopper, RETURN_SUBMITTED_MESSAGE, () =>
      asking.getByRole('button', { name: 'Submit' }).click(),
    );
    await row.getByText('Requested Return').waitFor();
  });
});
