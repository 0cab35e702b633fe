import type { ProductResponse } from '../../../contract/catalog.ts';
import { paths } from '../../../contract/paths.ts';
import { AppError } from '../../platform/errors.ts';
import type { PageParts } from '../../platform/web.ts';
import type { Catalog, ListingScope } from '../catalog/service.ts';
import { headTags, homeHead, listingHead, type PageHead, productHead, SITE_NAME } from './head.ts';
import { listingMarkup, productMarkup } from './markup.ts';

const LISTING = /^\/item\/([^/]+)\/([^/]+)(?:\/[^/]*)?\/?$/;
const CRAFTS = /^\/accessories(?:\/[^/]*)?\/?$/;
const PRODUCT = /^\/product\/([^/]+)\/([^/]+)\/?$/;

const decode = (part: string | undefined) => {
  try {
    return decodeURIComponent(part ?? '');
  } catch {
    return undefined;
  }
};

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

/**
 * The pages others read: the home, listings and products, each with its own title, description,
 * canonical address and share tags, and a listing's first page and the product's facts in the first
 * HTML (decision 021). Other addresses keep the app's own head. Data comes from the catalogue's cached
 * answers, as a logged-out shopper sees them, so every reader gets the same page.
 */
export class SeoPages {
  constructor(private readonly catalog: Catalog) {}

  /** The page at `pathname` (case as routes match it), or undefined for an address with no page of its own. */
  async render(pathname: string, origin: string): Promise<PageParts | undefined> {
    if (pathname === paths.home()) return this.page(homeHead(), origin);
    const product = PRODUCT.exec(pathname);
    if (product) return this.product(decode(product[1]), decode(product[2]), origin);
    const listing = LISTING.exec(pathname);
    if (listing) {
      const [userSegment, genre] = [decode(listing[1]), decode(listing[2])];
      if (userSegment === undefined || genre === undefined) return undefined;
      const scope: ListingScope = { prod: 'apparel', userSegment, genre };
      return this.listing(`${userSegment} ${genre}`, paths.listing(userSegment, genre), scope, origin);
    }
    if (CRAFTS.test(pathname))
      return this.listing('Crafts', paths.accessories(), { prod: 'accessories' }, origin);
    return undefined;
  }

  private page(head: PageHead, origin: string, body = '', status = 200): PageParts {
    return { status, head: headTags(head, origin), body };
  }

  private async product(prod: string | undefined, id: string | undefined, origin: string) {
    let data: ProductResponse;
    try {
      data = await this.catalog.product(prod ?? '', id ?? '');
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const missing = { ...homeHead(), title: `Product not found | ${SITE_NAME}`, noindex: true };
      return this.page({ ...missing, path: paths.product(prod ?? '', id ?? '') }, origin, '', 404);
    }
    return this.page(productHead(data, origin), origin, productMarkup(data));
  }

  private async listing(name: string, path: string, scope: ListingScope, origin: string) {
    const answer = await this.catalog.listing({ scope, filters: {}, sort: 0, page: 1 });
    const head = listingHead(name, path, answer.noOfEntries, answer.prods[0]?.photo1);
    return this.page(head, origin, answer.noOfEntries > 0 ? listingMarkup(name, answer) : '');
  }
}
