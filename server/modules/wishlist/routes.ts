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
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';

export const wishlistRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { wishlist } = ctx;
  app.addHook('preValidation', customersOnly(ctx.sessions));

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
