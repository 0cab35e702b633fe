import type { ListingResponse, ProductResponse } from '../../../contract/catalogue.ts';
import {
  CARD_SIZES,
  DEFAULT_DENSITY,
  FIRST_CARDS,
  GALLERY_SIZES,
} from '../../../contract/catalogue-constants.ts';
import { formatRupees } from '../../../contract/money.ts';
import { paths, srcSetOf } from '../../../contract/paths.ts';
import type { ShopWindowResponse } from '../../../contract/shop-window.ts';
import { photosOf } from './head.ts';
import { escapeHtml } from './html.ts';

/**
 * A photo as the app shows it (the same `sizes`, so the app finds the file already fetched). Only the
 * page's first pictures are fetched at once. A later one is for readers without JavaScript only: the app,
 * which replaces this markup, fetches it as it nears the screen, and fetched here it would take bandwidth
 * from the first photo and the app's script.
 */
function photo(file: string, alt: string, sizes: string, fetched: 'first' | 'eager' | 'later'): string {
  const loading =
    fetched === 'first' ? ' fetchpriority="high"' : fetched === 'later' ? ' loading="lazy"' : '';
  const img = `<img src="${escapeHtml(paths.image(file, 640))}" srcset="${escapeHtml(paths.imageSrcSet(file))}" sizes="${sizes}"${loading} width="960" height="1280" alt="${escapeHtml(alt)}" />`;
  return fetched === 'later' ? `<noscript>${img}</noscript>` : img;
}

function price(
  info: Pick<ListingResponse['prods'][number], 'currentPrice' | 'oldPrice' | 'discount'>,
): string {
  const now = `<strong>${formatRupees(info.currentPrice)}</strong>`;
  if (info.discount <= 0) return now;
  return `${now} <s>${formatRupees(info.oldPrice)}</s> <span>${info.discount}% off</span>`;
}

function sizes(additionsize: Record<string, number>): string {
  const named = Object.entries(additionsize).filter(([size]) => size !== '');
  if (named.length === 0) return '';
  const items = named.map(
    ([size, units]) => `<li>${escapeHtml(size)}${units === 0 ? ' (sold out)' : ''}</li>`,
  );
  return `<h2>Sizes</h2><ul class="ssr-sizes">${items.join('')}</ul>`;
}

/**
 * The product page as plain HTML inside #root, for readers without JavaScript (crawlers, link previews,
 * a shopper with scripts off): what the product is (its title in upper case, as the screen shows it), what
 * it costs, its photos, sizes and description.
 * The web app replaces it with the full screen when it starts (decision 021).
 */
export function productMarkup(data: ProductResponse, shopName: string): string {
  const info = data.productInfo;
  const photos = photosOf(info);
  const section =
    info.prod === 'accessories'
      ? `<a href="${escapeHtml(paths.accessories())}">Crafts</a>`
      : `<a href="${escapeHtml(paths.listing(info.userSegment, info.genre))}">${escapeHtml(`${info.userSegment} ${info.genre}`)}</a>`;
  return [
    '<div class="ssr-page">',
    `<header class="ssr-header"><a href="${paths.home()}">${escapeHtml(shopName)}</a> › ${section}</header>`,
    '<main><article class="ssr-product">',
    `<div class="ssr-photos" role="region" tabindex="0" aria-label="Photos of ${escapeHtml(info.name)}">${photos.map((file, i) => photo(file, photos.length > 1 ? `${info.name}, photo ${i + 1} of ${photos.length}` : info.name, GALLERY_SIZES, i === 0 ? 'first' : 'later')).join('')}</div>`,
    '<div class="ssr-summary">',
    `<h1>${escapeHtml(info.name.toUpperCase())}</h1>`,
    `<p class="ssr-price">${price(info)}</p>`,
    info.active === 'In stock' ? '' : `<p>${escapeHtml(info.active)}</p>`,
    sizes(info.additionsize),
    info.description ? `<h2>Description</h2><p>${escapeHtml(info.description)}</p>` : '',
    '</div></article></main></div>',
  ].join('');
}

/**
 * A listing's first page as plain HTML inside #root, for readers without JavaScript: its name, how many
 * products it has, and each card (photo, name, price) linking to the product. The first cards' photos are
 * fetched at once, as the app's are; the others keep their box. The web app replaces it when it starts (decision 021).
 */
export function listingMarkup(name: string, listing: ListingResponse, shopName: string): string {
  const cards = listing.prods.map((card, i) => {
    const img = (fetched: 'first' | 'eager' | 'later') =>
      photo(card.photo1, card.name, CARD_SIZES[DEFAULT_DENSITY], fetched);
    return [
      `<li><a href="${escapeHtml(paths.product(card.prod, card.id))}">`,
      // a later card keeps its photo's box, so the cards below stay where the app will draw them
      i >= FIRST_CARDS ? `<span class="ssr-later">${img('later')}</span>` : img(i === 0 ? 'first' : 'eager'),
      `<span>${escapeHtml(card.name)}</span></a>`,
      `<p class="ssr-price">${price(card)}</p></li>`,
    ].join('');
  });
  const count = listing.noOfEntries;
  return [
    '<div class="ssr-page">',
    `<header class="ssr-header"><a href="${paths.home()}">${escapeHtml(shopName)}</a></header>`,
    `<main><h1>${escapeHtml(name)}</h1>`,
    `<p class="ssr-count">${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'}</p>`,
    `<ul class="ssr-cards">${cards.join('')}</ul>`,
    '</main></div>',
  ].join('');
}

/** The home page's menu: each segment's genres of GET /home, in its order; the crafts only while on sale. */
export interface HomeMenu {
  segments: { name: string; genres: { name: string; href: string }[] }[];
  crafts: boolean;
}

/** the slide's photo as the app's carousel asks for it (home/Carousel.tsx) */
const SLIDE_SIZES = '(max-width: 500px) 40vw, (max-width: 1280px) 45vw, 560px';

function windowPhoto(url: string, sizes: string, first: boolean): string {
  const loading = first ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<img src="${escapeHtml(`${url}?w=640`)}" srcset="${escapeHtml(srcSetOf(url))}" sizes="${sizes}"${loading} width="960" height="1280" alt="" />`;
}

function menuMarkup(menu: HomeMenu): string {
  const segments = menu.segments.map(
    (segment) =>
      `<li>${escapeHtml(segment.name.toUpperCase())}<ul>${segment.genres
        .map((genre) => `<li><a href="${escapeHtml(genre.href)}">${escapeHtml(genre.name)}</a></li>`)
        .join('')}</ul></li>`,
  );
  if (menu.crafts) segments.push(`<li><a href="${escapeHtml(paths.accessories())}">CRAFTS</a></li>`);
  return segments.length > 0
    ? `<nav class="ssr-menu" aria-label="Main"><ul>${segments.join('')}</ul></nav>`
    : '';
}

/**
 * The home page as plain HTML inside #root, for readers without JavaScript: the shop's name, its menu, the
 * owner's window as shoppers are shown it (each slide's photo, title, text and link; each tile's title and
 * link); the page adds the footer (the shop's own words). Every link leads to something on sale. The
 * web app replaces it when it starts (decision 021).
 */
export function homeMarkup(shopName: string, menu: HomeMenu, window: ShopWindowResponse): string {
  const slides = window.slides.map(
    (slide, i) =>
      `<li><a href="${escapeHtml(slide.href)}">${windowPhoto(slide.photoUrl, SLIDE_SIZES, i === 0)}<strong>${escapeHtml(slide.title)}</strong>${slide.text ? ` <span>${escapeHtml(slide.text)}</span>` : ''}</a></li>`,
  );
  const tiles = window.tiles.map(
    (tile) => `<li><a href="${escapeHtml(tile.href)}">${escapeHtml(tile.title)}</a></li>`,
  );
  return [
    '<div class="ssr-page">',
    `<header class="ssr-header"><a href="${paths.home()}">${escapeHtml(shopName)}</a></header>`,
    menuMarkup(menu),
    `<main><h1>${escapeHtml(shopName)}</h1>`,
    slides.length > 0 ? `<ul class="ssr-slides" aria-label="Featured">${slides.join('')}</ul>` : '',
    tiles.length > 0 ? `<ul class="ssr-tiles" aria-label="Shop by category">${tiles.join('')}</ul>` : '',
    '</main>',
    '</div>',
  ].join('');
}
