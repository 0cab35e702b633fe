import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PAGE_SIZE } from '../contract/admin.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { addStaff, confirmIn, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

let fixtures: Fixtures;
let stole: FixtureProduct;

beforeAll(async () => {
  fixtures = new Fixtures(site.app.db);
  stole = await fixtures.product({ name: `Bandhani stole ${Date.now() % 1_000_000}`, sizes: [['M', 500]] });
});

/** A shopper of their own, and their phone, to search the orders by. */
async function shopper(): Promise<{ id: number; phone: string }> {
  const id = await fixtures.customer({ fname: 'Ira', lname: 'Paul' });
  return site.app.db
    .selectFrom('customers')
    .select(['id', 'phone'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The simulated gateway refuses (failed) or takes (captured) refunds of this payment. */
const gatewayRefunds = (gatewayPaymentId: string, status: 'failed' | 'captured') =>
  site.app.db
    .updateTable('sim_gateway_payments')
    .set({ status })
    .where('id', '=', gatewayPaymentId)
    .execute();

describe('refunds and order pages in the browser', () => {
  it('lets the owner, and only the owner, retry a refund the gateway refused', async () => {
    const buyer = await shopper();
    const { gatewayPaymentId, purchaseIds } = await fixtures.order(buyer.id, [{ product: stole }]);
    const [line = ''] = purchaseIds;
    await gatewayRefunds(gatewayPaymentId, 'failed');
    const cancelled = await fetch(`${site.app.baseUrl}/admin/api/orders/${line}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(cancelled.status).toBe(200);

    // a member of staff sees the failed refund but cannot retry it
    const clerk = await addStaff(site.app, 'Joy Clerk', 'staff');
    const clerkPage = await site.openPage();
    await signIn(site, clerkPage, clerk, '/admin/refunds?status=failed');
    const clerkRow = clerkPage.getByRole('row').filter({ has: clerkPage.getByRole('link', { name: line }) });
    await clerkRow.getByText('Failed').waitFor();
    expect(await clerkPage.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    // the owner retries it once the gateway takes refunds again
    await gatewayRefunds(gatewayPaymentId, 'captured');
    const owner = await addStaff(site.app, 'Rhea Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/refunds');
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: line }) });
    await row.getByText(/cannot be refunded/).waitFor();
    await expectAccessible(page, 'failed refunds');
    await row.getByRole('button', { name: 'Retry' }).click();
    await expectAccessible(page, 'retry dialog');
    await confirmIn(page, /^Retry refund \d+$/, 'Retry', 'Processed');
    await row.waitFor({ state: 'detached' });

    await page.getByLabel('Status').selectOption({ label: 'Processed' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await row.getByText('Processed').waitFor();
    expect(await row.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });

  it('pages the orders: the newest page, the older one, and back', async () => {
    const buyer = await shopper();
    const lines = ADMIN_ORDERS_PAGE_SIZE + 1;
    const { purchaseIds } = await fixtures.order(
      buyer.id,
      Array.from({ length: lines }, () => ({ product: stole })),
    );
    const owner = await addStaff(site.app, 'Nila Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, `/admin/orders?q=${buyer.phone}`);
    const links = page.getByRole('table').getByRole('link');
    await links.first().waitFor();
    const first = await links.allTextContents();
    expect(first).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    const pages = page.getByRole('navigation', { name: 'Pages of orders' });
    expect(await pages.getByRole('link', { name: 'Newest orders' }).count()).toBe(0);
    await expectAccessible(page, 'orders, first page');

    await pages.getByRole('link', { name: 'Older orders' }).click();
    await page.waitForURL(/before=/);
    await expect.poll(() => links.count()).toBe(1);
    // the one line the first page had no room for
    const [rest = ''] = await links.allTextContents();
    expect(first).not.toContain(rest);
    expect([...first, rest].sort()).toEqual([...purchaseIds].sort());
    expect(await pages.getByRole('link', { name: 'Older orders' }).count()).toBe(0);
    await expectAccessible(page, 'orders, older page');

    await pages.getByRole('link', { name: 'Newest orders' }).click();
    await expect.poll(() => links.count()).toBe(ADMIN_ORDERS_PAGE_SIZE);
    expect(new URL(page.url()).searchParams.get('q')).toBe(buyer.phone);
  });
});
