import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_RETURNABLE_TEXT, RETURN_REASONS } from '../contract/fit-returns-constants.ts';
import { RETURN_PROMPT, RETURN_SUBMITTED_MESSAGE } from '../contract/orders.ts';
import { startTestApp } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { addStaff, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { expectAlert, logIn, orderedItem, pngOfAPhoto } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const stamp = Date.now() % 1_000_000;
const KURTA = `Chanderi kurta ${stamp}`;
const VEST = `Cotton vest ${stamp}`;
const INNERWEAR = { userSegment: 'Returnwear', genre: `Innerwear ${stamp}` };
let kurta: FixtureProduct;
let vest: FixtureProduct;
let phone: string;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  kurta = await fixtures.product({ name: KURTA, userSegment: 'Returnwear', genre: `Kurtas ${stamp}` });
  vest = await fixtures.product({ name: VEST, ...INNERWEAR });
  const customerId = await fixtures.customer({ fname: 'Kavya', lname: 'Nair' });
  await fixtures.order(customerId, [
    { product: kurta, status: 'delivered', deliveredAt: new Date(Date.now() - 3_600_000) },
    { product: vest, status: 'delivered', deliveredAt: new Date(Date.now() - 3_600_000) },
  ]);
  const row = await site.app.db
    .selectFrom('customers')
    .select('phone')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  phone = row.phone;
});

describe('returns with a reason, in the browser', () => {
  it('marks a genre not returnable, returns a defective item with a photo, and shows it in the queue', async () => {
    // staff untick the innerwear genre below the returns queue
    const office = await site.openPage();
    await signIn(site, office, await addStaff(site.app, 'Asha Rao', 'staff'), '/admin/returns');
    const genreBox = office.getByRole('checkbox', { name: `${INNERWEAR.userSegment}, ${INNERWEAR.genre}` });
    expect(await genreBox.isChecked()).toBe(true);
    // the box shows what the server saved: it changes once the answer comes, so a click, not uncheck()
    await genreBox.click();
    await alertWith(office, NOT_RETURNABLE_TEXT.toLowerCase()).waitFor();
    await office.getByRole('button', { name: 'OK', exact: true }).click();
    expect(await genreBox.isChecked()).toBe(false);

    // its product page says so; the kurta's does not
    const shop = await site.openPage();
    await shop.goto(`/product/apparel/${vest.id}`);
    await shop.getByText(NOT_RETURNABLE_TEXT).waitFor();
    await shop.goto(`/product/apparel/${kurta.id}`);
    await shop.getByRole('heading', { name: KURTA }).waitFor();
    expect(await shop.getByText(NOT_RETURNABLE_TEXT).count()).toBe(0);

    // on Orders the vest offers no Return; the kurta's Return asks a reason and, for a defect, a photo
    await logIn(site, shop, phone);
    await shop.goto('/orders');
    const vestRow = orderedItem(shop, VEST);
    await vestRow.getByText(NOT_RETURNABLE_TEXT).waitFor();
    expect(await vestRow.getByRole('button', { name: 'Return' }).count()).toBe(0);
    const kurtaRow = orderedItem(shop, KURTA);
    await kurtaRow.getByRole('button', { name: 'Return' }).click();
    const asking = shop.getByRole('dialog', { name: 'Return' });
    expect(await asking.getByLabel(/Photo of the item/).count()).toBe(0);
    await asking.getByRole('radio', { name: RETURN_REASONS.defective }).check();
    await asking.getByLabel(RETURN_PROMPT).fill('बाँह की सिलाई उधड़ी हुई है');
    await asking.getByLabel(/Photo of the item/).setInputFiles({
      name: 'seam.png',
      mimeType: 'image/png',
      buffer: await pngOfAPhoto(),
    });
    await expectAccessible(shop, 'return dialog with a reason');
    await expectAlert(shop, RETURN_SUBMITTED_MESSAGE, () =>
      asking.getByRole('button', { name: 'Submit' }).click(),
    );
    await kurtaRow.getByText('Requested Return').waitFor();

    // the queue shows the reason, the comment and the photo, and filters by reason
    await office.reload();
    const card = office.getByRole('listitem').filter({ has: office.getByRole('heading', { name: KURTA }) });
    await card.getByText(RETURN_REASONS.defective).waitFor();
    await card.getByText('बाँह की सिलाई उधड़ी हुई है').waitFor();
    const photo = card.getByRole('img', { name: /sent it with the return/ });
    await photo.waitFor();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(office, 'returns with reasons');
    await office.getByLabel('Reason').selectOption({ label: RETURN_REASONS.too_small });
    await office.getByRole('button', { name: 'Show this reason' }).click();
    await office.getByText('No returns here.').waitFor();
    await office.getByLabel('Reason').selectOption({ label: RETURN_REASONS.defective });
    await office.getByRole('button', { name: 'Show this reason' }).click();
    await card.waitFor();
  });
});
