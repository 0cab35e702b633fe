import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SizeChartBody } from '../contract/size-charts.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { BackOfficeClient } from '../server/test/contract-client.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { addStaff, messageBeside, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const run = Date.now() % 1_000_000;
let kurti: FixtureProduct;
let saree: FixtureProduct;
let lehenga: FixtureProduct;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  const segment = `Women ${run}`;
  const sizes: [string, number][] = [
    ['S', 4],
    ['M', 4],
    ['XL', 4],
  ];
  kurti = await fixtures.product({
    name: `Chikankari kurti ${run}`,
    userSegment: segment,
    genre: 'Kurti',
    sizes,
  });
  saree = await fixtures.product({ name: `Kanjeevaram saree ${run}`, userSegment: segment, genre: 'Saree' });
  lehenga = await fixtures.product({
    name: `Banarasi lehenga ${run}`,
    userSegment: segment,
    genre: 'Lehenga',
    sizes: [
      ['S', 2],
      ['M', 2],
    ],
  });
  const chart: SizeChartBody = {
    userSegment: segment,
    genre: 'Kurti',
    measurements: ['bust', 'waist', 'hip', 'length', 'shoulder'],
    rows: [
      { size: 'S', values: [86, 71, 94, 112, 36] },
      { size: 'M', values: [91.5, 76, 99, 112, 37.5] },
      { size: 'XL', values: [101.5, 86, 109, 114, 40] },
    ],
    howToMeasure: 'Bust: round the fullest part, the tape level under the arms.',
  };
  const owner = new BackOfficeClient(site.app.baseUrl, TEST_ADMIN_TOKEN);
  expect((await owner.put('/admin/api/size-charts', chart)).status).toBe(200);
});

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const inDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);

/** Tabs to the SIZE CHART link from the top of the page; how many presses it took. */
async function tabToLink(page: Page): Promise<void> {
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press('Tab');
    if ((await focusedText(page)) === 'SIZE CHART') return;
  }
  throw new Error('SIZE CHART was not reached by Tab');
}

describe.each([360, 1280])('the size chart at %i px', (width) => {
  it('opens by keyboard, keeps focus inside, closes on Escape and gives focus back', async () => {
    const page = await site.openPage({ width, height: 800 });
    await page.goto(`/product/apparel/${kurti.id}`);
    await page.getByRole('heading', { name: `Chikankari kurti ${run}` }).waitFor();
    await tabToLink(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Size chart' });
    await dialog.waitFor();
    expect(await inDialog(page)).toBe(true);
    const table = dialog.getByRole('table');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Size',
      'Bust',
      'Waist',
      'Hip',
      'Length',
      'Shoulder',
    ]);
    expect(await table.getByRole('row', { name: /^M / }).textContent()).toContain('91.5 cm (36 in)');
    await expect.poll(() => dialog.getByText('How to measure').isVisible()).toBe(true);
    // Tab and Shift+Tab go round the dialog's own controls, never back to the page
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inDialog(page), key).toBe(true);
    }
    // the table scrolls inside the dialog; the page never scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `the size chart at ${width} px`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('SIZE CHART');

    // the close button closes it too
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('SIZE CHART');
  });

  it('shows no link for a product without a chart', async () => {
    const page = await site.openPage({ width, height: 800 });
    await page.goto(`/product/apparel/${saree.id}`);
    await page.getByRole('heading', { name: `Kanjeevaram saree ${run}` }).waitFor();
    await page.getByText('SELECT SIZE').waitFor();
    expect(await page.getByRole('button', { name: 'SIZE CHART' }).count()).toBe(0);
  });
});

describe('size charts in the back office', () => {
  it('adds a genre chart as a table, refusing a blank cell beside its row, and product pages show it', async () => {
    const staff = await addStaff(site.app, 'Ravi Staff', 'staff');
    const page = await site.openPage({ width: 360, height: 800 });
    await signIn(site, page, staff, '/admin/size-charts');
    await page.getByRole('heading', { level: 1, name: 'Size charts' }).waitFor();
    const form = page.getByRole('form', { name: 'Add a size chart' });
    await form.getByLabel('Genre').selectOption({ label: `Women ${run} Lehenga` });
    await form.getByRole('button', { name: 'Remove Hip' }).click();
    await form.getByLabel('Measurement to add').selectOption({ label: 'Length' });
    await form.getByRole('button', { name: 'Add measurement' }).click();
    const cells: Record<string, string[]> = { S: ['86', '71', '100'], M: ['91.5', '', '101'] };
    for (const [size, values] of Object.entries(cells)) {
      for (const [i, name] of ['Bust', 'Waist', 'Length'].entries()) {
        await form.getByLabel(`${size} ${name} in centimetres`).fill(values[i] ?? '');
      }
    }
    await form.getByText('36 in', { exact: true }).waitFor();
    await form.getByLabel('How to measure').fill('Measure over a well-fitting blouse.');
    await form.getByRole('button', { name: 'Add size chart' }).click();
    expect(await messageBeside(page, form.getByLabel('M Waist in centimetres'))).toMatch(
      /^Centimetres above 0/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'size chart form with an error');

    await form.getByLabel('M Waist in centimetres').fill('76');
    await form.getByRole('button', { name: 'Add size chart' }).click();
    await alertWith(page, `Saved: size chart of Women ${run} Lehenga`).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: `Women ${run} Lehenga` });
    await row.getByRole('cell', { name: 'Bust, Waist, Length' }).waitFor();
    const answer = await fetch(`${site.app.baseUrl}/product/ind/apparel/${lehenga.id}`);
    expect(((await answer.json()) as { sizeChart: unknown }).sizeChart).toEqual({
      measurements: ['bust', 'waist', 'length'],
      rows: [
        { size: 'S', values: [86, 71, 100] },
        { size: 'M', values: [91.5, 76, 101] },
      ],
      howToMeasure: 'Measure over a well-fitting blouse.',
    });
  });
});
