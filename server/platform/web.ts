import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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

/**
 * Serves the built web apps: hashed assets cached for a year, and for every other GET the index.html of
 * the app the address belongs to, the back office's under /admin/ and the shop's elsewhere, so that the
 * client router can show the screen (or its own error page).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexHtml = readPage(join(distDir, 'index.html'));
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

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    const page = isAdminPage(request.url) ? adminHtml : indexHtml;
    if (isPage && page) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
