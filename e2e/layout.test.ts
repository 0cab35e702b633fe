import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../contract/paths.ts';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { logIn } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

// the shop's screens at the widths shoppers use, from a small phone to a wide desktop
const site = browserSite(() => startTestApp('pglite'));

const WIDTHS = [320, 360, 390, 768, 1024, 1280, 1366, 1440, 1920];
const WIDEST = 2560;
const HEIGHT = 900;

let phone: string;
let screens: { name: string; path: string }[];

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  const stamp = Date.now() % 1_000_000;
  const kurta = await fixtures.product({
    name: `Hand block-printed Sanganeri cotton kurta ${stamp}`,
    sizes: [
      ['S', 4],
      ['M', 10],
      ['L', 0],
    ],
  });
  const customerId = await fixtures.customer({ fname: 'Ananya', lname: 'Sen' });
  ({ phone } = await site.app.db
    .selectFrom('customers')
    .select('phone')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow());
  await fixtures.order(customerId, [{ product: kurta }]);
  await fixtures.bagLine(customerId, kurta.skus.M ?? 0, 2);
  const home = await (await site.app.client()).get<{ userSegment: string; genre: string }[]>('/home');
  const first = home.body[0];
  if (!first) throw new Error('the test shop has no catalogue');
  screens = [
    { name: 'home', path: paths.home() },
    { name: 'listing', path: paths.listing(first.userSegment, first.genre) },
    { name: 'product', path: paths.product('apparel', kurta.id) },
    { name: 'bag', path: paths.checkout() },
    { name: 'orders', path: paths.orders() },
    { name: 'profile', path: paths.profile() },
  ];
});

/**
 * What is wrong with the layout as it is on screen now, one sentence each:
 * - two interactive elements (links, buttons, fields, ARIA widgets) whose visible boxes intersect by more
 *   than a pixel each way: one would take the other's clicks. A box is cut to its scrolling or clipping
 *   ancestors first, so what a scroller hides does not count; nested ones (a button in a link's label)
 *   are one target and not compared. A control placed wholly on a larger one and drawn above it (the
 *   heart on a product card's photo) is a button on a picture, not an overlap: the point at its centre
 *   belongs to it, so its clicks are its own and the larger one's are everywhere else;
 * - text in the header that does not fit its box: an element with its own text whose content is wider
 *   than its box (scrollWidth > clientWidth) is cut or spills onto its neighbours, and an empty field
 *   whose placeholder, measured in the field's own font, is wider than the field's content box shows it
 *   cut (the browser never wraps a placeholder);
 * - a link or button in the header's bar smaller than 44 x 44 px, a size a thumb can hit;
 * - a page wider than the window (documentElement.scrollWidth > innerWidth): it scrolls sideways.
 */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const describe = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    const placeholder = el.getAttribute('placeholder') ?? '';
    return `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">${name || placeholder}`;
  };
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility === 'visible' && el.getClientRects().length > 0;
  };

  if (document.documentElement.scrollWidth > window.innerWidth) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide and scrolls sideways`);
  }

  const targets = [
    ...document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="option"], [role="combobox"]',
    ),
  ].filter(shown);
  const boxes = targets.flatMap((el) => {
    let { left, top, right, bottom } = el.getBoundingClientRect();
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.clipPath === 'none')
        continue;
      const clip = parent.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    // visually hidden controls (1 px, clipped) take no clicks that could land on another
    return right - left > 1 && bottom - top > 1 ? [{ el, left, top, right, bottom }] : [];
  });
  type Box = (typeof boxes)[number];
  const inside = (inner: Box, outer: Box) =>
    inner.left >= outer.left &&
    inner.right <= outer.right &&
    inner.top >= outer.top &&
    inner.bottom <= outer.bottom;
  /** the inner box's centre, brought into the window, is the inner element's own */
  const onTop = (inner: Box) => {
    const y = inner.top + window.scrollY;
    window.scrollTo(0, y - window.innerHeight / 2);
    const rect = inner.el.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    window.scrollTo(0, 0);
    return hit !== null && inner.el.contains(hit);
  };
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across <= 1 || down <= 1) continue;
      if ((inside(a, b) && onTop(a)) || (inside(b, a) && onTop(b))) continue;
      problems.push(`${describe(a.el)} overlaps ${describe(b.el)}`);
    }
  }

  for (const el of [...document.querySelectorAll('.header-bar a, .header-bar button')].filter(shown)) {
    const { width, height } = el.getBoundingClientRect();
    if (width < 43.5 || height < 43.5)
      problems.push(`${describe(el)} is a target of ${width} x ${height} px`);
  }

  const header = document.querySelector('.site-header');
  const texts = header ? [...header.querySelectorAll('*')] : [];
  for (const el of texts.filter(shown)) {
    if (el.closest('.visually-hidden') || getComputedStyle(el).display === 'inline') continue;
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (ownText && el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} is cut in the header`);
    if (el instanceof HTMLInputElement && el.placeholder && !el.value) {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) continue;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (context.measureText(el.placeholder).width > room + 1)
        problems.push(`${describe(el)}: its placeholder is cut`);
    }
  }
  return problems;
}

/**
 * Resizes the window and waits until the page has laid out at the new width and its transitions have
 * ended (a drawer that becomes hidden slides away first).
 */
async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    // transitions only: a spinner's animation never ends
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => null)));
  });
}

/** Opens a screen and waits until its data and fonts are in. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main h1, main h2').first().waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => null));
}

describe('layout at every width', () => {
  it('has no overlapping controls, no cut header text and no sideways scrolling on six screens', async () => {
    const page = await site.openPage({ width: WIDTHS[0] ?? 320, height: HEIGHT });
    await logIn(site, page, phone);
    const problems: string[] = [];
    for (const screen of screens) {
      await open(page, screen.path);
      for (const width of WIDTHS) {
        await resize(page, width);
        for (const problem of await page.evaluate(layoutProblems)) {
          problems.push(`${screen.name} at ${width} px: ${problem}`);
        }
      }
    }
    await resize(page, WIDEST);
    await open(page, paths.home());
    for (const problem of await page.evaluate(layoutProblems)) {
      problems.push(`home at ${WIDEST} px: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
