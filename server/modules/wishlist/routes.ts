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
import type { AppContext } from '../../app.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { Wishlist } from './service.ts';

export const wishlistRoutes: FastifyPluginAsyncTypebox<AppContext> = async (app, ctx) => {
  keepBodiesSmall(app);
  const wishlist = new Wishlist(ctx.db);
  // logged out is a 403 whatever the body says
  app.addHook('preValidation', async (request) => {
    await ctx.sessions.requireCustomer(request);
  });

  const wishUpdate = { body: WishUpdateBody, response: { 200: WishUpdateResponse } };
  app.post(
    '/product/:prod/:productID',
    { constraints: { key: 'wishUpdate' }, schema: { params: ProductActionParams, ...wishUpdate } },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      const { wished, ...choice } = request.body;
      return wishlist.update(customerId, { ...request.params, ...choice }, wished);
    },
  );
  app.post(
    '/product/:productID',
    { constraints: { key: 'wishUpdate' }, schema: { params: ListingWishParams, ...wishUpdate } },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      const { wished, ...choice } = request.body;
      return wishlist.update(customerId, { ...request.params, ...choice }, wished);
    },
  );

  app.get(
    '/api/wishlistPage',
    { schema: { response: { 200: WishlistResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return wishlist.list(await ctx.sessions.requireCustomer(request));
    },
  );

  app.post(
    '/api/wishlistPage/:prod/:productId',
    {
      constraints: { key: 'removeWish' },
      schema: { params: RemoveWishParams, body: RemoveWishBody, response: { 200: RemoveWishResponse } },
    },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      await wishlist.remove(customerId, request.params.prod, request.params.productId);
      return false as const;
    },
  );
};
