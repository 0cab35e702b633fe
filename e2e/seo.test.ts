import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ListingResponse, ProductResponse } from '../contract/catalogue.ts';
import { FIRST_CARDS } from '../contract/catalogue-constants.ts';
import { apiPaths, paths } from '../contract/paths.ts';
import { Sitemaps } from '../server/modules/seo/sitemap.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

// the pages others read: each page's head, the product's JSON-LD, the sitemap and robots.txt

const page = async (t: TestApp, path: string) => {
  const res = await fetch(`${t.baseUrl}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
};

const unescapeHtml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|quot|#39);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" })[e] ?? e,
  );

/** The content of the <meta> with this name or property, unescaped; undefined when there is none. */
function meta(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
  return tag?.[1] === undefined ? undefined : unescapeHtml(tag[1]);
}

/** #root with no markup of a page, only the test mode's banner (the test app's payments are simulated) */
const EMPTY_ROOT = /<div id="root">(<p class="test-mode-banner" role="note">TEST MODE: [^<]*<\/p>)?<\/div>/;
const title = (html: string) => unescapeHtml(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
const canonical = (html: string) =>
  unescapeHtml(html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? '');

function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json ?? '') as Record<string, unknown>,
  );
}

const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => unescapeHtml(loc ?? ''));

async function product(t: TestApp, prod: string, id: number): Promise<ProductResponse> {
  const res = await fetch(`${t.baseUrl}${apiPaths.product(prod, id)}`);
  return (await res.json()) as ProductResponse;
}

async function listing(t: TestApp, userSegment: string, genre: string): Promise<ListingResponse> {
  const client = await t.client();
  return (await client.post<ListingResponse>(apiPaths.listing(userSegment, genre, {}), { page: 1, sort: 0 }))
    .body;
}

/** What the sitemap must list: the home, the contact page, every listing and every product on sale, as the database has them. */
async function livePages(t: TestApp): Promise<string[]> {
  const rows = await t.db
    .selectFrom('products')
    .select(['id', 'prod', 'user_segment', 'genre'])
    .where('active', '=', true)
    .execute();
  const listings = new Set(
    rows.map((r) =>
      r.prod === 'accessories' ? paths.accessories() : paths.listing(r.user_segment, r.genre),
    ),
  );
  return [paths.home(), paths.contact(), ...listings, ...rows.map((r) => paths.product(r.prod, r.id))].map(
    (p) => t.baseUrl + p,
  );
}

describeEachDatabase('pages others can read', (t) => {
  it("a product's head: title, description, canonical, Open Graph and Twitter tags, JSON-LD with its API values", async () => {
    const fixtures = new Fixtures(t().db);
    const made = await fixtures.product({
      name: 'Indigo "Block" Print Kurta & Dupatta',
      description: 'Hand block printed cotton <kurta> with a matching dupatta.',
      pricePaise: 149_900,
      oldPricePaise: 199_900,
      photos: ['seo-kurta-1.webp', 'seo-kurta-2.webp'],
      sizes: [
        ['M', 4],
        ['L', 0],
      ],
    });
    for (const rating of [4, 5])
      await fixtures.review(await fixtures.customer(), made.id, { rating, body: 'Good' });
    const api = await product(t(), 'apparel', made.id);
    const info = api.productInfo;
    const url = `${t().baseUrl}${paths.product('apparel', made.id)}`;
    const photo = (file: string) => `${t().baseUrl}${paths.image(file, 960)}`;

    const { status, type, html } = await page(t(), paths.product('apparel', made.id));
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(title(html)).toBe(`${info.name} | haat`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, 'description')).toMatch(
      /^Indigo "Block" Print Kurta & Dupatta for ₹1,499 \(25% off ₹1,999\)/,
    );
    expect(canonical(html)).toBe(url);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe(`${info.name} | haat`);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toBe(photo(info.photo1));
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(meta(html, 'product:price:amount')).toBe(String(info.currentPrice));
    expect(meta(html, 'product:price:currency')).toBe('INR');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(photo(info.photo1));
    expect(meta(html, 'robots')).toBeUndefined();
    // the photo a link preview fetches is there
    expect((await fetch(photo(info.photo1))).status).not.toBe(500);

    const [ld] = structuredData(html);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: info.name,
      description: info.description,
      image: [photo('seo-kurta-1.webp'), photo('seo-kurta-2.webp')],
      sku: String(info.id),
      productID: String(info.id),
      category: `${info.userSegment} > ${info.genre}`,
      color: info.color,
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'INR',
        price: info.currentPrice,
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        ratingCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
    // the facts in the first HTML, escaped
    expect(html).toContain('<h1>INDIGO &quot;BLOCK&quot; PRINT KURTA &amp; DUPATTA</h1>');
    expect(html).toContain('Hand block printed cotton &lt;kurta&gt; with a matching dupatta.');
    expect(html).toContain('<li>L (sold out)</li>');
  });

  it('a product with no units is OutOfStock and, unrated, has no AggregateRating; an unknown one is a 404 kept out of search', async () => {
    const fixtures = new Fixtures(t().db);
    const soldOut = await fixtures.product({ prod: 'accessories', sizes: [['', 0]] });
    const { html } = await page(t(), paths.product('accessories', soldOut.id));
    const [ld] = structuredData(html);
    expect(ld?.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(meta(html, 'product:availability')).toBe('out of stock');

    const missing = await page(t(), paths.product('apparel', 999_999_999));
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/^text\/html/);
    expect(meta(missing.html, 'robots')).toBe('noindex');
    expect(structuredData(missing.html)).toEqual([]);
    // still the web app, which shows its own "not found" (under the test mode's banner: payments are simulated)
    expect(missing.html).toMatch(EMPTY_ROOT);
  });

  it('an unknown page or product answers 404 with the web app kept out of search; known pages and API paths keep their answers', async () => {
    for (const path of ['/no-such-page', '/product/apparel/999999999', '/review/1/extra']) {
      const missing = await page(t(), path);
      expect(missing.status, path).toBe(404);
      expect(missing.type, path).toMatch(/^text\/html/);
      expect(meta(missing.html, 'robots'), path).toBe('noindex');
      expect(missing.html, path).toMatch(EMPTY_ROOT);
    }
    for (const path of [
      paths.home(),
      paths.listing('Women', 'Kurti'),
      paths.accessories(),
      paths.search('kurta'),
      paths.terms(),
      paths.contact(),
      paths.checkout(),
      '/Login',
      paths.review(1),
    ]) {
      const known = await page(t(), path);
      expect(known.status, path).toBe(200);
      expect(meta(known.html, 'robots'), path).toBeUndefined();
    }
    const api = await fetch(`${t().baseUrl}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await api.json()).toEqual({ error: 'Not found: GET /api/no-such-thing' });
  });

  it("a listing's head names it and its count; a filtered listing's canonical is the unfiltered one; the home has its own", async () => {
    const api = await listing(t(), 'Women', 'Kurti');
    const url = `${t().baseUrl}${paths.listing('Women', 'Kurti')}`;
    for (const path of [
      paths.listing('Women', 'Kurti'),
      paths.listing('Women', 'Kurti', { color: ['Red'] }),
    ]) {
      const { status, html } = await page(t(), path);
      expect(status).toBe(200);
      expect(title(html)).toBe('Women Kurti | haat');
      expect(meta(html, 'description')).toContain(
        `Shop ${api.noOfEntries.toLocaleString('en-IN')} Women Kurti products`,
      );
      expect(canonical(html)).toBe(url);
      expect(meta(html, 'og:url')).toBe(url);
      expect(meta(html, 'og:type')).toBe('website');
      expect(meta(html, 'og:image')).toBe(`${t().baseUrl}${paths.image(api.prods[0]?.photo1 ?? '', 960)}`);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    }
    const crafts = await page(t(), paths.accessories());
    expect(title(crafts.html)).toBe('Crafts | haat');
    expect(canonical(crafts.html)).toBe(`${t().baseUrl}${paths.accessories()}`);

    // an empty shop's listings are pages too: a listing with nothing is 200, kept out of search
    const nothing = await page(t(), paths.listing('Nobody', 'Nothing'));
    expect(nothing.status).toBe(200);
    expect(meta(nothing.html, 'robots')).toBe('noindex');

    const home = await page(t(), paths.home());
    expect(title(home.html)).toBe('haat');
    expect(canonical(home.html)).toBe(`${t().baseUrl}/`);
    expect(meta(home.html, 'og:site_name')).toBe('haat');
  });

  it('sends a page gzipped to a client that takes gzip, and as it is to one that does not', async () => {
    const url = `${t().baseUrl}${paths.listing('Women', 'Kurti')}`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const zipped = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const html = await plain.text();
    expect(html).toContain('class="ssr-cards"');
    // fetch unzips: the same page either way
    await expect(zipped.text()).resolves.toBe(html);
    expect(Number(zipped.headers.get('content-length'))).toBeLessThan(html.length / 2);
  });

  it('/sitemap.xml lists every live product and listing and no withdrawn product', async () => {
    const fixtures = new Fixtures(t().db);
    const withdrawn = await fixtures.product({ active: false });
    const res = await fetch(`${t().baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const listed = locations(xml);
    expect(listed.sort()).toEqual((await livePages(t())).sort());
    expect(listed).toContain(`${t().baseUrl}${paths.listing('Women', 'Kurti')}`);
    expect(listed).not.toContain(`${t().baseUrl}${paths.product('apparel', withdrawn.id)}`);
    // one file: no parts
    expect((await fetch(`${t().baseUrl}/sitemap-1.xml`)).status).toBe(404);
  });

  it('beyond its limit per file the sitemap is an index of files that together list every page once', async () => {
    const perFile = 250;
    const sitemaps = new Sitemaps(t().db, perFile);
    const origin = 'https://haat.example';
    const index = await sitemaps.main(origin);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locations(index);
    const expected = (await livePages(t())).map((url) => url.replace(t().baseUrl, origin));
    expect(files).toEqual(
      Array.from(
        { length: Math.ceil(expected.length / perFile) },
        (_, i) => `${origin}/sitemap-${i + 1}.xml`,
      ),
    );
    const listed: string[] = [];
    for (let part = 1; part <= files.length; part++) {
      const urls = locations((await sitemaps.part(origin, part)) ?? '');
      expect(urls.length).toBeLessThanOrEqual(perFile);
      listed.push(...urls);
    }
    expect(listed).toHaveLength(expected.length);
    expect(listed.sort()).toEqual(expected.sort());
    await expect(sitemaps.part(origin, files.length + 1)).resolves.toBeUndefined();
  });

  it("/robots.txt points to the sitemap and keeps the API, the back office and the shopper's own pages out", async () => {
    const res = await fetch(`${t().baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${t().baseUrl}/sitemap.xml`);
    for (const path of [
      '/api/',
      '/admin',
      '/checkout',
      '/orders',
      '/profile',
      '/wishlist',
      '/login',
      '/signUp',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.some((line) => /^Disallow: \/(item|product\/?$|accessories)/.test(line))).toBe(false);
  });
});

describe('the shop on PUBLIC_URL', () => {
  it('names its pages and sitemap at that origin, whatever Host or X-Forwarded-Host the request names', async () => {
    const app = await startTestApp('pglite', {
      PUBLIC_URL: 'https://haat.example/',
      TRUST_PROXY: 'loopback',
    });
    // a proxy in TRUST_PROXY may forward any host: a forged one must never become a link
    const hostile = { host: 'evil.example', 'x-forwarded-host': 'forged.example' };
    const get = async (url: string) => (await app.app.inject({ url, headers: hostile })).body;
    try {
      const kurti = paths.listing('Women', 'Kurti');
      for (const [path, url] of [
        [paths.home(), 'https://haat.example/'],
        [kurti, `https://haat.example${kurti}`],
      ] as const) {
        const html = await get(path);
        expect(canonical(html)).toBe(url);
        expect(meta(html, 'og:url')).toBe(url);
      }
      const [item] = (await listing(app, 'Women', 'Kurti')).prods;
      const product = paths.product(item?.prod ?? 'apparel', item?.id ?? 0);
      const html = await get(product);
      expect(canonical(html)).toBe(`https://haat.example${product}`);
      expect(meta(html, 'og:url')).toBe(`https://haat.example${product}`);
      expect(meta(html, 'og:image')).toMatch(/^https:\/\/haat\.example\//);
      expect(await get('/robots.txt')).toContain('Sitemap: https://haat.example/sitemap.xml');
      const locs = locations(await get('/sitemap.xml'));
      expect(locs[0]).toBe('https://haat.example/');
      expect(locs.filter((loc) => !loc.startsWith('https://haat.example/'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

/** The width of the page's first photo once it has arrived and decoded (0 if it never came). */
const firstPhotoWidth = (browserPage: Page) =>
  browserPage
    .locator('main img')
    .first()
    .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));

/** The product photos the page asks for from now on (file names, each once). */
function photosFetched(browserPage: Page): () => string[] {
  const files = new Set<string>();
  browserPage.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'image' && path.startsWith('/images/'))
      files.add(decodeURIComponent(path.slice('/images/'.length)));
  });
  return () => [...files];
}

describe('pages without JavaScript', () => {
  const site = browserSite(() => startTestApp('pglite'));

  it('shows the name, price, photos, sizes and description in real Chromium with scripts off; with scripts on the app takes over', async () => {
    const [first] = (await listing(site.app, 'Women', 'Kurti')).prods;
    if (!first) throw new Error('the demo catalogue has no Women Kurti');
    const info = (await product(site.app, first.prod, first.id)).productInfo;
    const browserPage = await site.openPage({ width: 412, height: 900 }, { javaScriptEnabled: false });
    await browserPage.goto(paths.product(first.prod, first.id));

    await expect(browserPage.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      info.name.toUpperCase(),
    );
    await expect(
      browserPage
        .getByText(`₹${info.currentPrice.toLocaleString('en-IN')}`)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    const photos = [info.photo1, info.photo2, info.photo3, info.photo4, info.photo5].filter(Boolean);
    await expect(browserPage.locator('main img').count()).resolves.toBe(photos.length);
    // the first photo really arrives
    await expect(firstPhotoWidth(browserPage)).resolves.toBeGreaterThan(0);
    const sizes = Object.keys(info.additionsize).filter((size) => size !== '');
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes)
      await expect(
        browserPage
          .getByRole('listitem')
          .filter({ hasText: new RegExp(`^${size}( \\(sold out\\))?$`) })
          .count(),
      ).resolves.toBe(1);
    await expect(browserPage.getByText(info.description).isVisible()).resolves.toBe(true);
    await expect(browserPage.title()).resolves.toBe(`${info.name} | haat`);
    // with scripts on, the app takes the page over: one heading, the app's, and the server markup gone
    const live = await site.openPage({ width: 412, height: 900 });
    await live.goto(paths.product(first.prod, first.id));
    await live.getByRole('button', { name: 'ADD TO CART' }).waitFor();
    await expect(live.locator('h1').count()).resolves.toBe(1);
    await expect(live.locator('.ssr-page').count()).resolves.toBe(0);
    await expect(live.locator('#root').isVisible()).resolves.toBe(true);

    // axe runs as a page script, which scripts off never runs: it judges the same markup with the app's script kept away
    const judged = await site.openPage({ width: 412, height: 900 });
    await judged.route('**/assets/*.js', (route) => route.abort());
    const fetched = photosFetched(judged);
    await judged.goto(paths.product(first.prod, first.id));
    await expectAccessible(judged, 'product page without JavaScript');
    // with scripts on, the markup fetches the first photo only: the app's gallery fetches the others
    expect(fetched()).toEqual([info.photo1]);
  });

  it("an unknown address shows the app's not-found screen in Chromium", async () => {
    const browserPage = await site.openPage({ width: 412, height: 900 });
    const answer = await browserPage.goto('/no-such-page');
    expect(answer?.status()).toBe(404);
    await browserPage.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await expect(browserPage.getByText('404 Not Found').isVisible()).resolves.toBe(true);
    await expect(browserPage.getByRole('link', { name: 'Continue shopping' }).isVisible()).resolves.toBe(
      true,
    );
  });

  it("shows a listing's name, count and first page of cards with scripts off; with scripts on the app takes over", async () => {
    const api = await listing(site.app, 'Women', 'Kurti');
    const [first] = api.prods;
    if (!first) throw new Error('the demo catalogue has no Women Kurti');
    const browserPage = await site.openPage({ width: 412, height: 900 }, { javaScriptEnabled: false });
    await browserPage.goto(paths.listing('Women', 'Kurti'));

    await expect(browserPage.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Women Kurti');
    await expect(
      browserPage.getByText(`${api.noOfEntries.toLocaleString('en-IN')} products`).isVisible(),
    ).resolves.toBe(true);
    // every card of the API's first page, in its order, each a link to its product
    const cards = await browserPage
      .locator('main li a')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(cards).toEqual(api.prods.map((p) => [paths.product(p.prod, p.id), p.name]));
    await expect(browserPage.locator('main li img').count()).resolves.toBe(api.prods.length);
    await expect(
      browserPage
        .getByRole('listitem')
        .first()
        .getByText(`₹${first.currentPrice.toLocaleString('en-IN')}`)
        .isVisible(),
    ).resolves.toBe(true);
    await expect(firstPhotoWidth(browserPage)).resolves.toBeGreaterThan(0);

    const live = await site.openPage({ width: 412, height: 900 });
    await live.goto(paths.listing('Women', 'Kurti'));
    await live.locator('.ssr-page').waitFor({ state: 'detached' });
    await live.getByRole('link', { name: first.name }).first().waitFor();
    await expect(live.locator('h1').count()).resolves.toBe(1);

    const judged = await site.openPage({ width: 412, height: 900 });
    await judged.route('**/assets/*.js', (route) => route.abort());
    const photos = photosFetched(judged);
    await judged.goto(paths.listing('Women', 'Kurti'));
    await expectAccessible(judged, 'listing without JavaScript');
    // with scripts on, the markup fetches the first cards' photos only: the app fetches the rest itself
    expect(photos().sort()).toEqual(
      api.prods
        .slice(0, FIRST_CARDS)
        .map((p) => p.photo1)
        .sort(),
    );
  });
});
