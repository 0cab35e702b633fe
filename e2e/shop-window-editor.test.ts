import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { addStaff, messageBeside, type Person, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { pngOfAPhoto } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

// the owner makes the home page theirs in the back office: a slide with a photo, which shoppers then see

const site = browserSite(() => startTestApp('pglite', {}, { empty: true }));
let owner: Person;

beforeAll(async () => {
  owner = await addStaff(site.app, 'Meera Owner', 'owner');
  const fixtures = new Fixtures(site.app.db);
  await fixtures.product({ userSegment: 'Women', genre: 'Dupatta', name: 'Ajrakh dupatta' });
});

describe("the owner's home page", () => {
  it('adds a slide with a photo in the back office, previews it, and shoppers see it on the home page', async () => {
    const page = await site.openPage({ width: 1280, height: 900 });
    await signIn(site, page, owner);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Home page' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Home page' }).waitFor();

    await page.getByRole('button', { name: 'Add a slide' }).click();
    const slide = page.getByRole('group', { name: /^Slide 1/ });
    // refused without a title or photo: the server's words beside each field, nothing saved
    await page.getByRole('button', { name: 'Save the home page' }).click();
    expect(await messageBeside(page, slide.getByLabel(/^Title/))).toBe('1 to 60 characters');
    expect(await messageBeside(page, slide.getByLabel('Photo'))).toBe('Add a photo');

    await slide.getByLabel(/^Title/).fill('Ajrakh, block by block');
    await slide.getByLabel(/^Text/).fill('Dupattas printed in Kutch with natural dyes');
    await slide
      .getByLabel('Photo')
      .setInputFiles({ name: 'ajrakh.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
    await slide.locator('.window-photo img').waitFor();
    await expect(slide.getByLabel('Leads to').inputValue()).resolves.toBe('listing');
    await expect(slide.getByLabel('Genre').locator('option:checked').textContent()).resolves.toBe(
      'Women Dupatta',
    );
    await page.getByRole('button', { name: 'Save the home page' }).click();
    await alertWith(page, 'Saved: the home page').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await slide.getByText('Shown', { exact: true }).waitFor();

    // the preview at a phone's and a desktop's width shows it
    for (const caption of ['Phone, 390 px', 'Desktop, 1440 px']) {
      const preview = page.getByRole('figure', { name: caption });
      await preview.getByText('Ajrakh, block by block').waitFor();
    }
    await expectAccessible(page, 'the home page editor');

    for (const width of [390, 1440]) {
      const shop = await site.openPage({ width, height: 900 });
      await shop.goto('/');
      const carousel = shop.getByRole('region', { name: 'Featured' });
      const link = carousel.getByRole('link', { name: /Ajrakh, block by block/ });
      await link.waitFor();
      await expect(link.getAttribute('href')).resolves.toBe('/item/Women/Dupatta/%7B%7D');
      await carousel.getByText('Dupattas printed in Kutch with natural dyes').waitFor();
      const photo = carousel.locator('img').first();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), {
          message: 'the photo loads',
        })
        .toBeGreaterThan(0);
      await link.click();
      await shop.getByRole('list', { name: 'Products' }).getByText('Ajrakh dupatta').waitFor();
    }
  });
});
