import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// paths that belong to the API: an unknown one answers a JSON 404, never the web app
const API_PREFIXES = ['/api/', '/admin/', '/images/', '/reviewimages/', '/product/ind/', '/upload/'];
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

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other GET
 * so that the client router can show the screen (or its own error page).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath: string) => {
        const immutable = filePath.includes(`${join(distDir, 'assets')}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (isPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
