import { paths } from '../../../contract/paths.ts';
import type { Db } from '../../db/connect.ts';
import { escapeHtml as escapeXml } from './html.ts';
import { countLiveProducts, liveListings, liveProducts } from './store.ts';

/** The sitemaps protocol's limit of addresses per file; beyond it /sitemap.xml becomes an index. */
export const SITEMAP_LIMIT = 50_000;

export const sitemapPath = (part?: number) => (part === undefined ? '/sitemap.xml' : `/sitemap-${part}.xml`);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlset(origin: string, pagePaths: string[]): string {
  const urls = pagePaths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`);
  return `${XML_HEAD}<urlset ${XMLNS}>\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(origin: string, parts: number): string {
  const maps = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(origin + sitemapPath(i + 1))}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex ${XMLNS}>\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/**
 * Every page a search engine should know: the home, the contact page, each listing on sale (unfiltered) and each product
 * on sale, in that order. Up to `perFile` addresses /sitemap.xml lists them; beyond, it is an index of
 * /sitemap-1.xml, /sitemap-2.xml … of `perFile` each. Products are read a file's worth at a time.
 */
export class Sitemaps {
  constructor(
    private readonly db: Db,
    private readonly perFile = SITEMAP_LIMIT,
  ) {}

  /** /sitemap.xml: the addresses themselves, or the index of the files holding them. */
  async main(origin: string): Promise<string> {
    const [pages, products] = await Promise.all([this.pages(), countLiveProducts(this.db)]);
    const total = pages.length + products;
    if (total <= this.perFile) return urlset(origin, [...pages, ...(await this.products(0, products))]);
    return sitemapIndex(origin, Math.ceil(total / this.perFile));
  }

  /** /sitemap-{part}.xml, counted from 1; undefined when there is no such file. */
  async part(origin: string, part: number): Promise<string | undefined> {
    const [pages, products] = await Promise.all([this.pages(), countLiveProducts(this.db)]);
    const total = pages.length + products;
    const start = (part - 1) * this.perFile;
    if (total <= this.perFile || part < 1 || start >= total) return undefined;
    const end = Math.min(start + this.perFile, total);
    const fromPages = pages.slice(start, end);
    const productStart = Math.max(0, start - pages.length);
    const fromProducts = await this.products(productStart, end - start - fromPages.length);
    return urlset(origin, [...fromPages, ...fromProducts]);
  }

  private async pages(): Promise<string[]> {
    const { apparel, accessories } = await liveListings(this.db);
    return [
      paths.home(),
      paths.contact(),
      ...apparel.map(({ userSegment, genre }) => paths.listing(userSegment, genre)),
      ...(accessories ? [paths.accessories()] : []),
    ];
  }

  private async products(offset: number, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    const rows = await liveProducts(this.db, offset, limit);
    return rows.map(({ id, prod }) => paths.product(prod, id));
  }
}
