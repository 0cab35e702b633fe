import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '../contract/fit-returns-constants.ts';
import {
  CANCEL_CONFIRM,
  CANCELLED_MESSAGE,
  RATE_FIRST_MESSAGE,
  RATED_MESSAGE,
  RETURN_PROMPT,
  RETURN_SUBMITTED_MESSAGE,
} from '../contract/orders.ts';
import { REVIEW_SAVED_MESSAGE, REVIEW_SUBMITTED_MESSAGE, UPLOADED_MESSAGE } from '../contract/reviews.ts';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { chooseStars, expectAlert, logIn, orderedItem, pngOfAPhoto } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

interface Bought {
  id: number;
  name: string;
}
interface Shopper {
  id: number;
  phone: string;
}
let shopper: Shopper;
/** the same two items bought, for the narrow screen (each phone may ask for a code once in 30 s) */
let narrowShopper: Shopper;
/** has ordered nothing */
let newcomer: Shopper;
/** delivered an hour ago, so a return may still be asked for */
let received: Bought;
/** placed, not shipped yet */
let awaited: Bought;
let trackingId: string;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  const stamp = Date.now() % 1_000_000;
  const kurta = await fixtures.product({ name: `Indigo block-print kurta ${stamp}`, sizes: [['M', 10]] });
  const stole = await fixtures.product({ name: `Kantha stitch stole ${stamp}`, sizes: [['M', 10]] });
  const newShopper = async (fname: string, lname: string): Promise<Shopper> => {
    const id = await fixtures.customer({ fname, lname });
    const { phone } = await site.app.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, phone };
  };
  const lines = () => [
    { product: kurta, status: 'delivered' as const, deliveredAt: new Date(Date.now() - 3_600_000) },
    { product: stole },
  ];
  shopper = await newShopper('Ananya', 'Sen');
  narrowShopper = await newShopper('Ravi', 'Iyer');
  newcomer = await newShopper('Meera', 'Das');
  const { purchaseIds } = await fixtures.order(shopper.id, lines());
  await fixtures.order(narrowShopper.id, lines());
  received = { id: kurta.id, name: `Indigo block-print kurta ${stamp}` };
  awaited = { id: stole.id, name: `Kantha stitch stole ${stamp}` };
  const line = await site.app.db
    .selectFrom('order_lines')
    .select('tracking_id')
    .where('purchase_id', '=', purchaseIds[0] ?? '')
    .executeTakeFirstOrThrow();
  trackingId = line.tracking_id ?? '';
});

const row = (page: Page, item: Bought) => orderedItem(page, item.name);

describe('after the sale in the browser', () => {
  it('shows the orders, cancels, returns, rates and reviews with a photo', async () => {
    const page = await site.openPage();
    await logIn(site, page, shopper.phone);

    // both lines, each with its indicator and its own buttons
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'MY ORDERS' }).waitFor();
    const done = row(page, received);
    const pending = row(page, awaited);
    expect(await done.locator('.order-state.delivered').textContent()).toContain(
      `Tracking id: ${trackingId}`,
    );
    expect(await done.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await done.getByRole('button', { name: 'Return' }).count()).toBe(1);
    expect(await pending.locator('.order-state.on-the-way').textContent()).toContain('Not shipped yet');
    expect(await pending.getByRole('button', { name: 'Return' }).count()).toBe(0);
    expect(await pending.getByRole('button', { name: 'SUBMIT RATING' }).count()).toBe(0);
    expect(await done.getByRole('link', { name: received.name }).getAttribute('href')).toBe(
      `/product/apparel/${received.id}`,
    );
    await expectAccessible(page, 'orders');

    // cancel the undelivered line: the question, "keep it" first, then yes
    await pending.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: CANCEL_CONFIRM });
    await confirm.waitFor();
    await expectAccessible(page, 'cancel dialog');
    await confirm.getByRole('button', { name: 'No, keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await pending.getByRole('button', { name: 'Cancel' }).click();
    await expectAlert(page, CANCELLED_MESSAGE, () =>
      confirm.getByRole('button', { name: 'Yes, cancel it' }).click(),
    );
    await pending.locator('.order-state.cancelled').getByText('Cancelled').waitFor();
    const actions = pending.getByRole('button').filter({ hasNotText: 'Order timeline' });
    expect(await actions.count(), 'a cancelled line has no actions, only its timeline').toBe(0);

    // rate the delivered line: a rating is needed first
    await expectAlert(page, RATE_FIRST_MESSAGE, () =>
      done.getByRole('button', { name: 'SUBMIT RATING' }).click(),
    );
    await chooseStars(done, 4);
    await expectAlert(page, RATED_MESSAGE, () => done.getByRole('button', { name: 'SUBMIT RATING' }).click());
    const rated = await site.app.db
      .selectFrom('reviews')
      .select('rating')
      .where('customer_id', '=', shopper.id)
      .where('product_id', '=', received.id)
      .executeTakeFirstOrThrow();
    expect(rated.rating).toBe(4);

    // ask to return it: the reason's dialog, then the request's label
    await done.getByRole('button', { name: 'Return' }).click();
    const asking = page.getByRole('dialog', { name: 'Return' });
    await asking.getByRole('radio', { name: RETURN_REASONS.not_as_pictured }).check();
    await asking.getByLabel(RETURN_PROMPT).fill('The colour is not as shown in the photos');
    await expectAccessible(page, 'return dialog');
    await expectAlert(page, RETURN_SUBMITTED_MESSAGE, () =>
      asking.getByRole('button', { name: 'Submit' }).click(),
    );
    await done.getByText('Requested Return').waitFor();
    expect(await done.getByRole('button', { name: 'Return' }).count()).toBe(0);

    // POST REVIEW: the review page, prefilled with the rating
    await done.getByRole('link', { name: 'POST REVIEW' }).click();
    await page.waitForURL(`${site.app.baseUrl}/review/${received.id}`);
    await page.getByRole('heading', { level: 1, name: received.name }).waitFor();
    expect(await page.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await expectAccessible(page, 'review page');
    await expectAlert(page, 'Please choose an image to upload', () =>
      page.getByRole('button', { name: 'UPLOAD' }).click(),
    );
    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'stole.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
    await expectAlert(page, UPLOADED_MESSAGE, () => page.getByRole('button', { name: 'UPLOAD' }).click());
    await page.getByRole('img', { name: `Uploaded with your review of ${received.name}` }).waitFor();
    const text = 'Soft cotton, true to size and the indigo has not run in the wash.';
    await page.getByLabel('Your review').fill(text);
    await expectAlert(page, REVIEW_SAVED_MESSAGE, () =>
      page.getByRole('button', { name: 'POST REVIEW' }).click(),
    );
    await page.waitForURL(`${site.app.baseUrl}/orders`);

    // the product page shows the review and its photo
    await page.goto(`/product/apparel/${received.id}`);
    const reviews = page.getByRole('region', { name: 'REVIEWS' });
    await reviews.getByText(text).waitFor();
    const photo = reviews.getByRole('button', { name: /Enlarge the photo from Ananya Sen's review/ });
    await expect
      .poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), {
        message: 'the photo loads',
      })
      .toBeGreaterThan(0);

    // the product page's modal: a rating first, then the new review replaces the old, keeping the photo
    await page.getByRole('button', { name: 'Write a review' }).click();
    const modal = page.getByRole('dialog', { name: 'Review' });
    await modal.getByRole('button', { name: 'Submit' }).click();
    await modal.getByRole('alert').getByText(RATE_FIRST_MESSAGE).waitFor();
    await chooseStars(modal, 5);
    const newer = 'Washed it five times now and it still looks new.';
    await modal.getByLabel('Your review').fill(newer);
    await expectAlert(page, REVIEW_SUBMITTED_MESSAGE, () =>
      modal.getByRole('button', { name: 'Submit' }).click(),
    );
    await reviews.getByText(newer).waitFor();
    expect(await reviews.getByText(text).count()).toBe(0);
    expect(await photo.count()).toBe(1);
  });

  it('fits a 350 px screen', async () => {
    const page = await site.openPage({ width: 350, height: 740 });
    await logIn(site, page, narrowShopper.phone);
    await page.goto('/orders');
    await row(page, received).waitFor();
    await row(page, awaited).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
    await page.goto(`/review/${received.id}`);
    await page.getByRole('button', { name: 'POST REVIEW' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  it('shows a shopper who has ordered nothing the way to the shop, and a visitor the login', async () => {
    const page = await site.openPage();
    await logIn(site, page, newcomer.phone);
    await page.goto('/orders');
    await page.getByRole('heading', { name: "Oops! IT SEEMS YOU HAVEN'T ORDERED ANYTHING YET" }).waitFor();
    await page.getByRole('link', { name: 'START SHOPPING' }).click();
    await page.waitForURL(`${site.app.baseUrl}/`);

    const visitor = await site.openPage();
    await visitor.goto('/orders');
    await visitor.getByRole('heading', { name: /PLEASE LOGIN\/ SIGNUP TO SEE YOUR ORDERS/ }).waitFor();
    await expectAccessible(visitor, 'orders, not logged in');
    await visitor.goto(`/review/${received.id}`);
    await visitor.getByRole('heading', { name: /PLEASE LOGIN\/ SIGNUP TO REVIEW THIS PRODUCT/ }).waitFor();
  });
});
