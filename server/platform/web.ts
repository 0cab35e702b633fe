import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const gzipped = promisify(gzip);
// below this a page is sent as it is: compressing would save less than it costs
const COMPRESS_FROM = 1024;

/**
 * A page, gzipped for a browser that takes it: a listing's or a product's markup is some 15 kB. Behind
 * nginx (deploy/) the proxy would compress it too; `npm start` serves browsers directly.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, page: string) {
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  reply.header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (page.length < COMPRESS_FROM || !/\bgzip\b/.test(accepted)) return reply.send(page);
  return reply.header('content-encoding', 'gzip').send(await gzipped(page));
}

// paths that belong to the API or to built files: an unknown one answers a JSON 404, never a web app
const API_PREFIXES = [
  '/api/',
  '/admin/api/',
  '/admin/assets/',
  '/images/',
  '/reviewimages/',
  '/product/ind/',
  '/upload/',
];
const API_PATHS = new Set([
  '/api',
  '/home',
  '/loginCheck',
  '/editProfile',
  '/create-order',
  '/verify-payment',
  '/cancel',
  '/return',
  '/orders/rate',
]);

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The back office's pages (decision 014): /admin and everything under it that is not its API or files. */
const isAdminPage = (url: string) => /^\/admin(\/|$|\?)/.test(url);

const readPage = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

/** What one address adds to the shop's index.html: tags for its <head>, markup for #root, its status. */
export interface PageParts {
  status: number;
  head: string;
  body: string;
}
/** The parts of the page at the request's address, or undefined to send index.html as it is. */
export type PageRenderer = (request: FastifyRequest) => Promise<PageParts | undefined>;

// index.html's default title and description sit between these; the app's markup goes in #root
const PAGE_HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const ROOT = '<div id="root"></div>';

/** index.html cut once around its head tags and #root, so a page is a few joined strings. */
function pageFiller(template: string): ((parts: PageParts) => string) | undefined {
  const [beforeHead, rest] = template.split(PAGE_HEAD);
  const [beforeRoot, afterRoot] = rest?.split(ROOT) ?? [];
  if (beforeHead === undefined || beforeRoot === undefined || afterRoot === undefined) return undefined;
  return ({ head, body }) => `${beforeHead}${head}${beforeRoot}<div id="root">${body}</div>${afterRoot}`;
}

/**
 * Serves the built web apps: hashed assets cached for a year, and for every other GET the index.html of
 * the app the address belongs to, the back office's under /admin/ and the shop's elsewhere, so that the
 * client router can show the screen (or its own error page).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  renderPage?: PageRenderer,
): Promise<void> {
  const indexHtml = readPage(join(distDir, 'index.html'));
  const fillPage = indexHtml === undefined ? undefined : pageFiller(indexHtml);
  const adminHtml = readPage(join(distDir, 'admin', 'index.html'));
  if (indexHtml) {
    const hashedAssets = [join(distDir, 'assets'), join(distDir, 'admin', 'assets')];
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath: string) => {
        const immutable = hashedAssets.some((dir) => filePath.includes(dir));
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  /** The shop's page for this address: its own head and markup when it has them (decision 021). */
  const shopPage = async (request: FastifyRequest): Promise<[number, string | undefined]> => {
    if (!fillPage || !renderPage) return [200, indexHtml];
    try {
      const parts = await renderPage(request);
      return parts ? [parts.status, fillPage(parts)] : [200, indexHtml];
    } catch (error) {
      // the app still shows the page (or its own error) from the API; only the page's tags are lost
      request.log.error({ err: error }, 'could not render the page head');
      return [200, indexHtml];
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    const [status, page] = !isPage
      ? [404, undefined]
      : isAdminPage(request.url)
        ? [200, adminHtml]
        : await shopPage(request);
    if (page) return sendPage(request, reply, status, page);
    return reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
