import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { paths } from '../../../contract/paths.ts';
import { TEST_MODE_BANNER } from '../../../contract/shop-constants.ts';
import { notFound } from '../../platform/errors.ts';
import type { PageRenderer } from '../../platform/web.ts';
import type { Services } from '../../services.ts';
import { escapeHtml } from './html.ts';
import { sitemapPath } from './sitemap.ts';

/** The shop's absolute origin: PUBLIC_URL, or the address this request came to. */
export const originOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;

/** The API, the back office and the shopper's own pages: nothing there for a search engine. */
const PRIVATE_PATHS = [
  '/api/',
  '/admin',
  '/product/ind/',
  '/home',
  '/loginCheck',
  paths.checkout(),
  paths.orders(),
  paths.profile(),
  paths.wishlist(),
  paths.login(),
  '/Login',
  paths.signUp(),
  '/review/',
  paths.error(),
];

const text = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: { type: 'string' } } } },
});

// crawlers read these rarely; a short shared cache spares the database a burst
const CACHE = 'public, max-age=3600';

export const seoRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const origin = (request: FastifyRequest) => originOf(request, ctx.config.publicUrl);

  app.get(
    '/robots.txt',
    { schema: { response: text('text/plain', 'Where crawlers may go, and the sitemap') } },
    async (request, reply) => {
      const rules = PRIVATE_PATHS.map((path) => `Disallow: ${path}`);
      const body = [
        'User-agent: *',
        'Allow: /',
        ...rules,
        '',
        `Sitemap: ${origin(request)}${sitemapPath()}`,
        '',
      ];
      return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(body.join('\n'));
    },
  );

  app.get(
    sitemapPath(),
    {
      schema: {
        response: text('application/xml', 'Every product and listing on sale, or the index of sitemap files'),
      },
    },
    async (request, reply) => {
      const xml = await ctx.sitemaps.main(origin(request));
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(xml);
    },
  );

  app.get(
    '/sitemap-:part.xml',
    {
      schema: {
        params: Type.Object({ part: Type.String({ pattern: '^[1-9][0-9]{0,5}$' }) }),
        response: text('application/xml', 'One file of the sitemap index'),
      },
    },
    async (request, reply) => {
      const xml = await ctx.sitemaps.part(origin(request), Number(request.params.part));
      if (xml === undefined) throw notFound(`No sitemap file ${request.params.part}`);
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(xml);
    },
  );
};

/** The test mode's banner as the web app shows it (web/shared/components/TestModeBanner.tsx). */
const TEST_MODE_HTML = `<p class="test-mode-banner" role="note">${escapeHtml(TEST_MODE_BANNER)}</p>`;

/**
 * The shop's pages with their own head and, for products, their markup (server/platform/web.ts); in
 * test mode the banner first, so that no reader takes a rehearsal for the live shop.
 */
export const seoPageRenderer =
  (ctx: Services): PageRenderer =>
  async (request) => {
    const pathname = request.url.split('?')[0] ?? request.url;
    const page = await ctx.seoPages.render(pathname, originOf(request, ctx.config.publicUrl));
    return ctx.config.testMode ? { ...page, body: TEST_MODE_HTML + page.body } : page;
  };
