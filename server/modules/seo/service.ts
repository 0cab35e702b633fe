import type { ProductResponse } from '../../../contract/catalogue.ts';
import { isPagePath, paths, policyPaths } from '../../../contract/paths.ts';
import { POLICY_PAGES, type PolicyPage } from '../../../contract/shop-constants.ts';
import { AppError } from '../../platform/errors.ts';
import type { PageParts } from '../../platform/web.ts';
import type { Catalogue, ListingScope } from '../catalogue/service.ts';
import type { Shop } from '../shop/service.ts';
import type { ShopWindow } from '../shop-window/service.ts';
import { withFooter } from './footer.ts';
import {
  headTags,
  homeHead,
  listingHead,
  namedPageHead,
  type PageHead,
  plainHead,
  productHead,
  type Site,
} from './head.ts';
import { type HomeMenu, homeMarkup, listingMarkup, productMarkup } from './markup.ts';

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

const POLICY_AT: Record<string, PolicyPage> = {
  ...Object.fromEntries(POLICY_PAGES.map((page) => [policyPaths[page], page])),
  [paths.specContact()]: 'contact',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The text of a page's first paragraph: its summary, as a description. */
const firstParagraph = (html: string) =>
  (/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');

/**
 * The pages others read: the home, listings and products, each with its own title, description,
 * canonical address and share tags, and a listing's first page and the product's facts in the first
 * HTML (decision 021); the policy pages with their titles. Every head names the shop as its owner set
 * it (GET /api/shop); other addresses get the shop's own title. Data comes from the catalogue's cached
 * answers, as a logged-out shopper sees them, so every reader gets the same page.
 */
export class SeoPages {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly shop: Shop,
    private readonly shopWindow: Pick<ShopWindow, 'current' | 'craftsOnSale'>,
  ) {}

  /** The page at `pathname` (case as routes match it). */
  async render(pathname: string, origin: string): Promise<PageParts> {
    const site = await this.shop.details();
    if (pathname === paths.home()) return this.home(site, origin);
    const product = PRODUCT.exec(pathname);
    if (product) return this.product(site, decode(product[1]), decode(product[2]), origin);
    const listing = LISTING.exec(pathname);
    const [userSegment, genre] = [decode(listing?.[1]), decode(listing?.[2])];
    if (listing && userSegment !== undefined && genre !== undefined) {
      const scope: ListingScope = { prod: 'apparel', userSegment, genre };
      const path = paths.listing(userSegment, genre);
      return this.listing(site, `${userSegment} ${genre}`, path, scope, origin);
    }
    if (CRAFTS.test(pathname))
      return this.listing(site, 'Crafts', paths.accessories(), { prod: 'accessories' }, origin);
    const policy = POLICY_AT[pathname];
    if (policy) {
      const { title, html } = await this.shop.policy(policy);
      return this.page(namedPageHead(site, title, firstParagraph(html), pathname), site, origin);
    }
    if (!isPagePath(pathname)) return this.notFound(site, origin, 'Page', pathname);
    return { status: 200, head: plainHead(site), body: '' };
  }

  /** The web app, which shows its own "not found", with a 404 and kept out of search results. */
  private notFound(site: Site, origin: string, what: 'Page' | 'Product', path: string): PageParts {
    const { structured: _organization, ...home } = homeHead(site, origin);
    const head = { ...home, title: `${what} not found | ${site.name}`, noindex: true, path };
    return this.page(head, site, origin, '', 404);
  }

  /** A page with markup ends it with the shop's footer, inside its one element (which the app moves aside). */
  private page(head: PageHead, site: Site, origin: string, body = '', status = 200): PageParts {
    return { status, head: headTags(head, site, origin), body: body && withFooter(body, site) };
  }

  /** The home: its head, and its menu and window as plain markup, read as every shopper's are, at once. */
  private async home(site: Site, origin: string): Promise<PageParts> {
    const [home, crafts, window] = await Promise.all([
      this.catalogue.home(),
      this.shopWindow.craftsOnSale(),
      this.shopWindow.current(),
    ]);
    const menu: HomeMenu = { segments: [], crafts };
    for (const { userSegment, genre } of home) {
      let segment = menu.segments.find((s) => s.name === userSegment);
      if (!segment) {
        segment = { name: userSegment, genres: [] };
        menu.segments.push(segment);
      }
      segment.genres.push({ name: genre, href: paths.listing(userSegment, genre) });
    }
    return this.page(homeHead(site, origin), site, origin, homeMarkup(site.name, menu, window));
  }

  private async product(site: Site, prod: string | undefined, id: string | undefined, origin: string) {
    let data: ProductResponse;
    try {
      data = await this.catalogue.product(prod ?? '', id ?? '');
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return this.notFound(site, origin, 'Product', paths.product(prod ?? '', id ?? ''));
    }
    return this.page(productHead(data, site, origin), site, origin, productMarkup(data, site.name));
  }

  private async listing(site: Site, name: string, path: string, scope: ListingScope, origin: string) {
    const answer = await this.catalogue.listing({ scope, filters: {}, sort: 0, page: 1 });
    const head = listingHead(site, name, path, answer.noOfEntries, answer.prods[0]?.photo1);
    const body = answer.noOfEntries > 0 ? listingMarkup(name, answer, site.name) : '';
    return this.page(head, site, origin, body);
  }
}
