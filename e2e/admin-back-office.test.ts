import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { addStaff, confirmIn, lineRow, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

let fixtures: Fixtures;
let shopper: { id: number; phone: string; name: string };
let kurta: FixtureProduct;
let stole: FixtureProduct;
const stamp = Date.now() % 1_000_000;
const KURTA = `Ajrakh kurta ${stamp}`;
const STOLE = `Pashmina stole ${stamp}`;

beforeAll(async () => {
  fixtures = new Fixtures(site.app.db);
  kurta = await fixtures.product({ name: KURTA, sizes: [['M', 10]] });
  stole = await fixtures.product({ name: STOLE, sizes: [['M', 10]] });
  const id = await fixtures.customer({ fname: 'Nandini', lname: 'Bose' });
  const { phone } = await site.app.db
    .selectFrom('customers')
    .select('phone')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  shopper = { id, phone, name: 'Nandini Bose' };
});

const bearer = (path: string) =>
  fetch(`${site.app.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });

describe('the back office in the browser', () => {
  it('finds a shopper’s order, ships, delivers and cancels its lines, and prints a packing slip', async () => {
    const { orderId, purchaseIds } = await fixtures.order(shopper.id, [
      { product: kurta },
      { product: stole },
      { product: stole },
    ]);
    const [kurtaLine = '', stoleLine = '', lastLine = ''] = purchaseIds;
    const owner = await addStaff(site.app, 'Meera Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/orders');

    // searched by the shopper's phone and kept to lines awaiting shipment, newest first
    await page.getByLabel('Search').fill(shopper.phone);
    await page.getByLabel('Status').selectOption({ label: 'Awaiting shipment' });
    await page.getByRole('button', { name: 'Show orders' }).click();
    await page.getByRole('link', { name: kurtaLine }).waitFor();
    const shown = await page.getByRole('table').getByRole('link').allTextContents();
    expect(shown).toEqual([lastLine, stoleLine, kurtaLine]);
    await expectAccessible(page, 'orders');

    // the order page: address and contact, payment, lines
    await page.getByRole('link', { name: kurtaLine }).click();
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    await page.getByText('Park Street').first().waitFor();
    await page.getByText(shopper.phone).first().waitFor();
    await expectAccessible(page, 'order');

    // ship: asks for the tracking id first
    await lineRow(page, KURTA).getByRole('button', { name: 'Ship' }).click();
    const ship = page.getByRole('dialog', { name: new RegExp(`Ship: ${KURTA}`) });
    await ship.getByLabel('Tracking ID').fill('DTDC-7741');
    await expectAccessible(page, 'ship dialog');
    await confirmIn(page, /Ship:/, 'Ship', `Shipped: ${kurtaLine}`);
    await lineRow(page, KURTA).getByText('DTDC-7741').waitFor();

    await lineRow(page, KURTA).getByRole('button', { name: 'Mark delivered' }).click();
    await confirmIn(page, /Mark delivered:/, 'Mark delivered', `Marked delivered: ${kurtaLine}`);
    await lineRow(page, KURTA).getByText('Delivered').waitFor();

    await lineRow(page, STOLE).first().getByRole('button', { name: 'Cancel line' }).click();
    await confirmIn(page, /Cancel line:/, 'Cancel line', `Cancelled: ${stoleLine}`);

    // a line moved elsewhere meanwhile: the server's refusal is shown in its words
    expect((await bearer(`/admin/api/orders/${lastLine}/cancel`)).status).toBe(200);
    await lineRow(page, STOLE).nth(1).getByRole('button', { name: 'Ship' }).click();
    await page.getByRole('dialog').getByLabel('Tracking ID').fill('DTDC-7742');
    await confirmIn(page, /Ship:/, 'Ship', 'This item is cancelled and cannot be shipped');

    // the history names who did what
    await page
      .getByRole('listitem')
      .filter({ hasText: `Shipped (${kurtaLine}) by Meera Owner` })
      .waitFor();

    // printed, the packing slip alone shows
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('region', { name: 'Packing slip' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Back office' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it('accepts and receives a return, shows its refund, and hides the shopper’s review', async () => {
    const { purchaseIds } = await fixtures.order(shopper.id, [
      { product: kurta, status: 'delivered', deliveredAt: new Date(Date.now() - 3_600_000) },
    ]);
    const [returned = ''] = purchaseIds;
    const client = await site.app.client();
    await fixtures.logIn(client, shopper.id);
    expect(
      (await client.post('/return', { orderID: returned, reason: 'Too tight at the shoulders' })).status,
    ).toBe(200);
    await fixtures.review(shopper.id, kurta.id, {
      rating: 4,
      body: `Lovely colours ${stamp}`,
      verified: true,
    });
    const owner = await addStaff(site.app, 'Kabir Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/returns');

    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: returned }) });
    await card.getByText('Too tight at the shoulders').waitFor();
    await expectAccessible(page, 'returns');
    await card.getByRole('button', { name: 'Accept' }).click();
    await expectAccessible(page, 'accept dialog');
    await confirmIn(page, /Accept:/, 'Accept', `Return accepted: ${returned}`);

    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Accepted, on their way back' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await card.getByRole('button', { name: 'Mark received' }).click();
    await confirmIn(page, /Mark received:/, 'Mark received', `Received back: ${returned}`);

    // the refund of the line received back
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Refunds' })
      .click();
    const refund = page.getByRole('row').filter({ has: page.getByRole('link', { name: returned }) });
    await refund.waitFor();
    await expectAccessible(page, 'refunds');

    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Reviews' })
      .click();
    const review = page.getByRole('listitem', { name: `${shopper.name} on ${KURTA}` });
    await review.getByText(`Lovely colours ${stamp}`).waitFor();
    await expectAccessible(page, 'reviews');
    await review.getByRole('button', { name: 'Hide' }).click();
    await review.getByRole('button', { name: 'Show' }).waitFor();
    const stored = await site.app.db
      .selectFrom('reviews')
      .select('hidden')
      .where('customer_id', '=', shopper.id)
      .where('product_id', '=', kurta.id)
      .executeTakeFirstOrThrow();
    expect(stored.hidden).toBe(true);
  });

  it('shows the dashboard, lets the owner add and remove staff, and lists the activity', async () => {
    const owner = await addStaff(site.app, 'Tara Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'To ship' }).waitFor();
    await expectAccessible(page, 'dashboard');

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('cell', { name: 'Tara Owner' }).waitFor();
    await expectAccessible(page, 'staff');
    const phone = `7${String(stamp).padStart(6, '0')}123`;
    await page.getByLabel('Name').fill('Dev Packer');
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await alertWith(page, 'Added: Dev Packer').waitFor();
    // the same number again: the server's refusal beside the form
    await page.getByLabel('Name').fill('Dev Again');
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('This phone number is staff already').waitFor();

    await page.getByRole('button', { name: 'Remove Dev Packer' }).click();
    await confirmIn(page, /Remove Dev Packer/, 'Remove', 'Removed: Dev Packer');
    await page.getByRole('cell', { name: 'Dev Packer' }).waitFor({ state: 'detached' });

    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Activity' })
      .click();
    const added = page.getByRole('row').filter({ hasText: 'Staff added' }).filter({ hasText: 'Tara Owner' });
    await added.first().waitFor();
    // when, as `25 Nov 2026, 14:05`
    expect(await added.first().getByRole('cell').first().textContent()).toMatch(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    await expectAccessible(page, 'activity');
  });
});
