import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services.ts';
import { notFound } from '../errors.ts';
import { DEFAULT_WIDTH, WIDTHS } from './render.ts';
import type { StoredImage } from './service.ts';

const ImageRequest = {
  params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 200 }) }),
  // the type lets the query string's text be read as a number
  querystring: Type.Object({ w: Type.Optional(Type.Enum([...WIDTHS], { type: 'integer' })) }),
  response: {
    200: {
      description: 'The photo as WebP, at the width asked',
      content: { 'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } } },
    },
    304: { description: 'Not modified (If-None-Match)', type: 'null' },
  },
};

// a variant never changes under its name, so browsers and CDNs may keep it for a year
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

function send(request: FastifyRequest, reply: FastifyReply, image: StoredImage) {
  const etag = `"${image.size.toString(36)}-${Math.floor(image.modified).toString(36)}"`;
  reply.header('cache-control', CACHE_FOREVER).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/webp').header('content-length', image.size).send(createReadStream(image.path));
}

/** GET /images/{file} (product photos), /images/logo/{file} and /reviewimages/{file}, `?w=` 320, 480, 640 or 960. */
export const imageRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { images } = ctx;

  app.get('/images/:file', { schema: ImageRequest }, async (request, reply) =>
    send(request, reply, await images.product(request.params.file, request.query.w ?? DEFAULT_WIDTH)),
  );

  app.get('/images/logo/:file', { schema: ImageRequest }, async (request, reply) =>
    send(request, reply, await images.logo(request.params.file, request.query.w ?? DEFAULT_WIDTH)),
  );

  // a review the back office hid takes its photo with it
  app.get('/reviewimages/:file', { schema: ImageRequest }, async (request, reply) => {
    const { file } = request.params;
    if (await ctx.reviews.hiddenPhoto(file)) throw notFound(`Image not found: ${file}`);
    return send(request, reply, await images.review(file, request.query.w ?? DEFAULT_WIDTH));
  });
};
