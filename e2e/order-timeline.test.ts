import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { moveLineAsStaff } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { logIn } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

let phone = '';
let name = '';
const trackingId = 'DKE40021';

beforeAll(async () => {
  const { db } = site.app;
  const fixtures = new Fixtures(db);
  name = `Chanderi dupatta ${Date.now() % 1_000_000}`;
  const product = await fixtures.product({ name, sizes: [['M', 10]] });
  await db
    .updateTable('delivery_partners')
    .set({ tracking_url: 'https://courier.example/track/{trackingId}' })
    .where('id', '=', (eb) => eb.selectFrom('products').select('partner_id').where('id', '=', product.id))
    .execute();
  const customerId = await fixtures.customer({ fname: 'Kavya', lname: 'Rao' });
  ({ phone } = await db
    .selectFrom('customers')
    .select('phone')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow());
  const { purchaseIds } = await fixtures.order(customerId, [{ product }]);
  // the back office ships and delivers it, as staff would
  await moveLineAsStaff(site.app, purchaseIds[0] ?? '', 'ship', { trackingId });
  await moveLineAsStaff(site.app, purchaseIds[0] ?? '', 'deliver');
});

describe('the order timeline in the browser', () => {
  it('opens and closes each line’s timeline: ordered, shipped with its tracking link, delivered', async () => {
    const page = await site.openPage();
    await logIn(site, page, phone);
    await page.goto('/orders');
    const row = page
      .getByRole('list', { name: 'MY ORDERS' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name }) });
    const toggle = row.getByRole('button', { name: 'Order timeline' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await row.getByRole('link', { name: /Track with the courier/ }).count()).toBe(0);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const steps = page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('listitem');
    await steps.first().waitFor();
    const texts = await steps.allTextContents();
    expect(texts.map((text) => text.split(/\s\d/)[0])).toEqual(['Ordered', 'Shipped', 'Delivered']);
    expect(texts[1]).toContain(`Tracking id ${trackingId}`);
    expect(texts[0]).toMatch(/\d{1,2} \w{3} \d{4}, \d\d:\d\d/);
    const track = row.getByRole('link', { name: /Track with the courier/ });
    expect(await track.getAttribute('href')).toBe(`https://courier.example/track/${trackingId}`);
    await expectAccessible(page, 'orders with a timeline open');

    // the keyboard closes it again
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await steps.first().waitFor({ state: 'hidden' });
  });
});
