import type { ProductResponse } from '../../../contract/catalogue.ts';
import { formatRupees } from '../../../contract/money.ts';
import { paths } from '../../../contract/paths.ts';
import type { ShopDetails } from '../../../contract/shop.ts';
import { homeDescription, homeTitle } from '../../../contract/shop-constants.ts';
import { clip, escapeHtml, jsonLd, metaName, metaProperty } from './html.ts';

/**
 * What every head says of the shop itself (GET /api/shop): its name, its logo for share previews, the
 * owner's words for the home page's head and the footer.
 */
export type Site = Pick<
  ShopDetails,
  | 'name'
  | 'legalName'
  | 'logoUrl'
  | 'supportEmail'
  | 'pageTitle'
  | 'metaDescription'
  | 'about'
  | 'footerText'
  | 'legalFormText'
>;

/** The photo width share previews use: WhatsApp and others show large cards from it. */
const SHARE_WIDTH = 960;
const SHARE_HEIGHT = 1280;

/** What one page says about itself in its <head>; paths are made absolute with the shop's origin. */
export interface PageHead {
  title: string;
  description: string;
  /** the page's one address (a filtered listing's is the unfiltered listing) */
  path: string;
  /** og:type: website, or product */
  type: 'website' | 'product';
  /** a photo file name (/images/{file}) */
  photo?: string;
  photoAlt?: string;
  /** further Open Graph properties, e.g. product:price:amount */
  properties?: [string, string][];
  structured?: object;
  /** keep the page out of search results (a product or listing that is not there) */
  noindex?: boolean;
}

/** The share image: the page's photo (3:4), else the shop's logo, else none. */
function shareImage(
  head: PageHead,
  site: Site,
  origin: string,
): { url: string; alt: string; size?: [string, string] } | undefined {
  if (head.photo) {
    return {
      url: origin + paths.image(head.photo, SHARE_WIDTH),
      alt: head.photoAlt ?? head.title,
      size: [String(SHARE_WIDTH), String(SHARE_HEIGHT)],
    };
  }
  return site.logoUrl ? { url: origin + site.logoUrl, alt: site.name } : undefined;
}

/** The <head> tags of a page: title, description, canonical, Open Graph, Twitter card and JSON-LD. */
export function headTags(head: PageHead, site: Site, origin: string): string {
  const url = origin + head.path;
  const image = shareImage(head, site, origin);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    metaName('description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex ? [metaName('robots', 'noindex')] : []),
    metaProperty('og:site_name', site.name),
    metaProperty('og:locale', 'en_IN'),
    metaProperty('og:type', head.type),
    metaProperty('og:title', head.title),
    metaProperty('og:description', head.description),
    metaProperty('og:url', url),
    ...(image
      ? [
          metaProperty('og:image', image.url),
          metaProperty('og:image:type', 'image/webp'),
          ...(image.size
            ? [metaProperty('og:image:width', image.size[0]), metaProperty('og:image:height', image.size[1])]
            : []),
          metaProperty('og:image:alt', image.alt),
        ]
      : []),
    ...(head.properties ?? []).map(([property, content]) => metaProperty(property, content)),
    metaName('twitter:card', head.photo ? 'summary_large_image' : 'summary'),
    metaName('twitter:title', head.title),
    metaName('twitter:description', head.description),
    ...(image ? [metaName('twitter:image', image.url), metaName('twitter:image:alt', image.alt)] : []),
    ...(head.structured ? [jsonLd(head.structured)] : []),
  ];
  return tags.join('\n    ');
}

/** The home page, with the shop as schema.org's Organization (its name, legal name, logo and e-mail). */
export const homeHead = (site: Site, origin: string): PageHead => ({
  title: homeTitle(site),
  description: homeDescription(site),
  path: paths.home(),
  type: 'website',
  structured: {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    legalName: site.legalName ?? undefined,
    url: origin + paths.home(),
    logo: site.logoUrl ? origin + site.logoUrl : undefined,
    email: site.supportEmail ?? undefined,
  },
});

/** A page of the app's own with a title of its own, such as a policy page. */
export const namedPageHead = (site: Site, title: string, description: string, path: string): PageHead => ({
  title: `${title} | ${site.name}`,
  description: clip(description) || homeDescription(site),
  path,
  type: 'website',
});

/** Any other address: the shop's own title and description, as index.html has them, with its name. */
export const plainHead = (site: Site): string =>
  [`<title>${escapeHtml(homeTitle(site))}</title>`, metaName('description', homeDescription(site))].join(
    '\n    ',
  );

/** A listing of `count` products on sale; `photo` is the first card's. */
export function listingHead(
  site: Site,
  name: string,
  path: string,
  count: number,
  photo: string | undefined,
): PageHead {
  return {
    title: `${name} | ${site.name}`,
    description:
      count > 0
        ? `Shop ${count.toLocaleString('en-IN')} ${name} ${count === 1 ? 'product' : 'products'} online at ${site.name}: prices in rupees, including tax.`
        : `${name} at ${site.name}.`,
    path,
    type: 'website',
    photo,
    photoAlt: name,
    noindex: count === 0,
  };
}

export function photosOf(info: ProductResponse['productInfo']): string[] {
  return [info.photo1, info.photo2, info.photo3, info.photo4, info.photo5].filter(
    (photo): photo is string => typeof photo === 'string' && photo !== '',
  );
}

/** Buyable now: on sale and with units in some size. */
export const isInStock = (info: ProductResponse['productInfo']) =>
  info.active === 'In stock' && info.stock > 0;

/** The mean of the star counts to one decimal, and how many ratings; undefined when unrated. */
export function averageRating(
  rating: ProductResponse['rating'],
): { value: number; count: number } | undefined {
  const count = rating.reduce((sum, r) => sum + r.ratingCount, 0);
  if (count === 0) return undefined;
  const stars = rating.reduce((sum, r) => sum + r.rating * r.ratingCount, 0);
  return { value: Math.round((10 * stars) / count) / 10, count };
}

function productDescription(info: ProductResponse['productInfo'], site: Site): string {
  const price =
    info.discount > 0
      ? `${formatRupees(info.currentPrice)} (${info.discount}% off ${formatRupees(info.oldPrice)})`
      : formatRupees(info.currentPrice);
  return clip(`${info.name} for ${price} at ${site.name}. ${info.description}`);
}

/** schema.org's Product with its Offer (a sale's price until the sale's end), and its AggregateRating when rated. */
function productStructuredData(data: ProductResponse, origin: string, url: string): object {
  const info = data.productInfo;
  const rated = averageRating(data.rating);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: info.name,
    description: info.description || info.name,
    image: photosOf(info).map((photo) => origin + paths.image(photo, SHARE_WIDTH)),
    sku: String(info.id),
    productID: String(info.id),
    category: info.prod === 'accessories' ? 'Crafts' : `${info.userSegment} > ${info.genre}`,
    color: info.color || undefined,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: info.currentPrice,
      // a sale's price holds to its last day (India's date)
      ...(info.sale && { priceValidUntil: info.sale.endsAt.slice(0, 10) }),
      availability: `https://schema.org/${isInStock(info) ? 'InStock' : 'OutOfStock'}`,
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(rated && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: rated.value,
        ratingCount: rated.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}

export function productHead(data: ProductResponse, site: Site, origin: string): PageHead {
  const info = data.productInfo;
  const path = paths.product(info.prod, info.id);
  return {
    title: `${info.name} | ${site.name}`,
    description: productDescription(info, site),
    path,
    type: 'product',
    photo: info.photo1 || undefined,
    photoAlt: info.name,
    properties: [
      ['product:price:amount', String(info.currentPrice)],
      ['product:price:currency', 'INR'],
      ['product:availability', isInStock(info) ? 'in stock' : 'out of stock'],
    ],
    structured: productStructuredData(data, origin, origin + path),
  };
}
