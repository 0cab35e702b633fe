import type { ProductResponse } from '../../../contract/catalog.ts';
import { IMAGE_WIDTHS } from '../../../contract/catalog-constants.ts';
import { formatRupees } from '../../../contract/money.ts';
import { paths } from '../../../contract/paths.ts';
import { photosOf, SITE_NAME } from './head.ts';
import { escapeHtml } from './html.ts';

// as the product screen's gallery shows its photos (Gallery.tsx)
const PHOTO_SIZES = '(max-width: 800px) 100vw, 50vw';

function photo(file: string, alt: string, first: boolean): string {
  const srcset = IMAGE_WIDTHS.map((w) => `${paths.image(file, w)} ${w}w`).join(', ');
  const loading = first ? 'fetchpriority="high"' : 'loading="lazy"';
  return `<img src="${escapeHtml(paths.image(file, 640))}" srcset="${escapeHtml(srcset)}" sizes="${PHOTO_SIZES}" width="960" height="1280" alt="${escapeHtml(alt)}" ${loading} />`;
}

function price(info: ProductResponse['productInfo']): string {
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
export function productMarkup(data: ProductResponse): string {
  const info = data.productInfo;
  const photos = photosOf(info);
  const section =
    info.prod === 'accessories'
      ? `<a href="${escapeHtml(paths.accessories())}">Crafts</a>`
      : `<a href="${escapeHtml(paths.listing(info.userSegment, info.genre))}">${escapeHtml(`${info.userSegment} ${info.genre}`)}</a>`;
  return [
    '<div class="ssr-page">',
    `<header class="ssr-header"><a href="${paths.home()}">${SITE_NAME}</a> › ${section}</header>`,
    '<main><article class="ssr-product">',
    `<div class="ssr-photos" role="region" tabindex="0" aria-label="Photos of ${escapeHtml(info.name)}">${photos.map((file, i) => photo(file, photos.length > 1 ? `${info.name}, photo ${i + 1} of ${photos.length}` : info.name, i === 0)).join('')}</div>`,
    '<div class="ssr-summary">',
    `<h1>${escapeHtml(info.name.toUpperCase())}</h1>`,
    `<p class="ssr-price">${price(info)}</p>`,
    info.active === 'In stock' ? '' : `<p>${escapeHtml(info.active)}</p>`,
    sizes(info.additionsize),
    info.description ? `<h2>Description</h2><p>${escapeHtml(info.description)}</p>` : '',
    '</div></article></main></div>',
  ].join('');
}
