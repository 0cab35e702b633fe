import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ListingResponse } from '../contract/catalogue.ts';
import { startTestApp } from '../server/test/app.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const LABEL = 'Search for products, brands and more';

const searchCall = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search' && r.status() === 200);

async function resultsShown(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor({ state: 'detached' });
  await page.getByRole('list', { name: 'Products' }).waitFor();
}

describe('search', () => {
  it('suggests as the shopper types, by keyboard alone, and opens the chosen suggestion', async () => {
    const page = await site.openPage();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: LABEL });
    await box.focus();
    // one character asks for nothing
    await page.keyboard.type('k');
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    const suggested = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/suggest');
    await page.keyboard.type('urti');
    await suggested;
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor();
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
    const options = list.getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);
    await expect(options.first().textContent()).resolves.toMatch(/Kurti in Women/);
    await expectAccessible(page, 'suggestions open');

    // arrow keys move the active option (aria-activedescendant), Escape closes the list
    await page.keyboard.press('ArrowDown');
    const firstId = await options.first().getAttribute('id');
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(firstId);
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(
      await options.nth(1).getAttribute('id'),
    );
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Escape');
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');

    // back down to the genre and Enter opens its listing
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/item/Women/Kurti/'));
  });

  it('opens the field over the whole bar from the Search button on a phone, with its suggestions', async () => {
    const page = await site.openPage({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
    const box = page.getByRole('combobox', { name: LABEL });
    await toggle.click();
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    // the field takes the bar's width but the close button's, so the whole placeholder shows
    const field = await box.boundingBox();
    expect(field?.width).toBeGreaterThan(390 - 2 * 16 - 44 - 8);
    await page.keyboard.type('kurti');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option').first().waitFor();
    await expectAccessible(page, 'search open on a phone');

    // Escape closes the list, then empties the field, then closes the search back to its button
    for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
    await expect(toggle.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // a suggestion followed closes it too
    await toggle.click();
    await page.keyboard.type('kurti');
    await list.getByRole('option').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/item/Women/Kurti/'));
    await box.waitFor({ state: 'hidden' });
  });

  it('searches the typed text on Enter: results with counted filters, sorts and the URL keeping them', async () => {
    const page = await site.openPage();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: LABEL });
    await box.fill('silk saree');
    const [response] = await Promise.all([searchCall(page), box.press('Enter')]);
    await resultsShown(page);
    const results = (await response.json()) as ListingResponse;
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('silk saree');
    expect(results.noOfEntries).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('“silk saree”');
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    expect(await cards.count()).toBe(Math.min(20, results.noOfEntries));
    await expectAccessible(page, 'search results');

    // the filter panel shows counts; choosing a discount keeps the search and puts the filter in the URL
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    const discount = panel.getByRole('group', { name: 'discount' });
    const step = discount.getByRole('checkbox', { name: '10% and above', exact: true });
    await expect(step.getAttribute('aria-describedby')).resolves.toBeTruthy();
    const [filtered] = await Promise.all([searchCall(page), step.check()]);
    const narrowed = (await filtered.json()) as ListingResponse;
    expect(narrowed.noOfEntries).toBe(results.filterCounts.discount?.['10']);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}')).toEqual({ discount: ['10'] });
    await page.getByRole('button', { name: 'Close filters' }).click();

    // a new sort from the menu
    await page.getByRole('button', { name: 'SORT HERE' }).click();
    await Promise.all([
      searchCall(page),
      page.getByRole('menuitemradio', { name: 'Better discount' }).click(),
    ]);
    await page.getByRole('button', { name: 'SORTED BY: Better discount' }).waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('5');
  });

  it('says so when nothing is found, and offers genres to browse', async () => {
    const page = await site.openPage();
    await page.goto(`/search?q=${encodeURIComponent('xqzvvk plugh')}`);
    await page.getByText('No results for “xqzvvk plugh”').waitFor();
    const genres = page.getByRole('navigation', { name: 'Popular genres' });
    expect(await genres.getByRole('link').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'no search results');
  });
});
