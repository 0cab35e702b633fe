import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { addStaff, messageBeside, type Person, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

// the owner gives a delivery partner its promise and a product its weight and size, in the back office
const site = browserSite(() => startTestApp('pglite'));
const stamp = Date.now() % 1_000_000;
const CODE = `PROMISE-${stamp}`;
let owner: Person;
// a second person: a number may ask for a sign-in code once in 30 s
let editor: Person;
let product: FixtureProduct;

beforeAll(async () => {
  owner = await addStaff(site.app, 'Asha Owner', 'owner');
  editor = await addStaff(site.app, 'Ravi Staff', 'staff');
  product = await new Fixtures(site.app.db).product({ name: `Parcel kurta ${stamp}` });
});

describe('delivery promises and parcels in the back office', () => {
  it("adds a partner with a 2-4 day promise, refusing a last day before the first, at a phone's width", async () => {
    const page = await site.openPage({ width: 360, height: 800 });
    await signIn(site, page, owner, '/admin/delivery');
    const form = page.getByRole('form', { name: 'Add a delivery partner' });
    await form.getByLabel('Code (letters, digits and dashes)').fill(CODE);
    await form.getByLabel('Name').fill('Promise Couriers');
    await form.getByLabel(/^Tracking page/).fill('https://promise.example/track/{trackingId}');
    await form.getByLabel('Delivered at the earliest in').fill('5');
    const latest = form.getByLabel('Delivered at the latest in');
    await latest.fill('3');
    await form.getByRole('button', { name: 'Add partner' }).click();
    expect(await messageBeside(page, latest)).toBe('At least the first day');
    await form.getByLabel('Delivered at the earliest in').fill('2');
    await latest.fill('4');
    await form.getByRole('button', { name: 'Add partner' }).click();
    await alertWith(page, 'Added: Promise Couriers').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: CODE });
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('2-4 business days');
    const stored = await site.app.db
      .selectFrom('delivery_partners')
      .select(['min_days', 'max_days'])
      .where('code', '=', CODE)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ min_days: 2, max_days: 4 });
    await expectAccessible(page, 'the Delivery screen with a promise');
  });

  it("saves a product's weight and size, and refuses a weight that is not whole grams", async () => {
    const page = await site.openPage();
    await signIn(site, page, editor, `/admin/products/${product.id}`);
    const weight = page.getByLabel('Weight (g)');
    await weight.fill('1.2 kg');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await messageBeside(page, weight)).toBe('Enter whole grams');
    await weight.fill('1200');
    await page.getByLabel('Length (cm)').fill('40');
    await page.getByLabel('Breadth (cm)').fill('30');
    await page.getByLabel('Height (cm)').fill('400');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // the server's range, beside the field
    expect(await messageBeside(page, page.getByLabel('Height (cm)'))).toBe('Whole centimetres, 1 to 300');
    await page.getByLabel('Height (cm)').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.reload();
    await weight.waitFor();
    expect(await weight.inputValue()).toBe('1200');
    expect(await page.getByLabel('Height (cm)').inputValue()).toBe('');
    const stored = await site.app.db
      .selectFrom('products')
      .select(['weight_grams', 'length_cm', 'breadth_cm', 'height_cm'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ weight_grams: 1200, length_cm: 40, breadth_cm: 30, height_cm: null });
  });
});
