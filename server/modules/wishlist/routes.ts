import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ListingWishParams,
  ProductActionParams,
  RemoveWishBody,
  RemoveWishParams,
  RemoveWishResponse,
  WishlistResponse,
  WishUpdateBody,
  WishUpdateResponse,
} from '../../../contract/shopping.ts';
import { bagToChange, bagToRead } from '../../platform/bag-owner.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import type { Services } from '../../services.ts';

export const wishlistRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  // a visitor's wishlist is kept with their session, as their bag is (decision 022)
  const { wishlist, sessions } = ctx;

  // the product page's heart names the prod in its path, the listing's heart does not: the same update
  const wishUpdate = { body: WishUpdateBody, response: { 200: WishUpdateResponse } };
  for (const [url, params] of [
    ['/product/:prod/:productID', ProductActionParams],
    ['/product/:productID', ListingWishParams],
  ] as const) {
    app.post(
      url,
      { constraints: { key: 'wishUpdate' }, schema: { params, ...wishUpdate } },
      async (request, reply) => {
        const { wished, ...choice } = request.body;
        return wishlist.update(
          await bagToChange(sessions, request, reply),
          { ...request.params, ...choice },
          wished,
        );
      },
    );
  }

  app.get(
    '/api/wishlistPage',
    { schema: { response: { 200: WishlistResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return wishlist.list(await bagToRead(sessions, request));
    },
  );

  app.post(
    '/api/wishlistPage/:prod/:productId',
    {
      constraints: { key: 'removeWish' },
      schema: { params: RemoveWishParams, body: RemoveWishBody, response: { 200: RemoveWishResponse } },
    },
    async (request, reply) => {
      const owner = await bagToChange(sessions, request, reply);
      await wishlist.remove(owner, request.params.prod, request.params.productId);
      return false as const;
    },
  );
};
