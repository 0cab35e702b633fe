import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddCartBody,
  AddCartResponse,
  DeleteItemBody,
  DeleteItemParams,
  DeleteItemResponse,
  ProductActionParams,
  PurchasePageResponse,
} from '../../../contract/shopping.ts';
import type { AppContext } from '../../app.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { Cart } from './service.ts';

export const cartRoutes: FastifyPluginAsyncTypebox<AppContext> = async (app, ctx) => {
  keepBodiesSmall(app);
  const cart = new Cart(ctx.db);
  // logged out is a 403 whatever the body says
  app.addHook('preValidation', async (request) => {
    await ctx.sessions.requireCustomer(request);
  });

  app.post(
    '/product/:prod/:productID',
    {
      constraints: { key: 'addCart' },
      schema: { params: ProductActionParams, body: AddCartBody, response: { 200: AddCartResponse } },
    },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      const { addCart, ...choice } = request.body;
      return cart.change(customerId, { ...request.params, ...choice }, addCart);
    },
  );

  app.get(
    '/api/purchasePage',
    { schema: { response: { 200: PurchasePageResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cart.purchasePage(await ctx.sessions.requireCustomer(request));
    },
  );

  app.post(
    '/api/:prod/purchasePage',
    {
      constraints: { key: 'deleteItem' },
      schema: { params: DeleteItemParams, body: DeleteItemBody, response: { 200: DeleteItemResponse } },
    },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      const quantity = await cart.takeOne(customerId, request.params.prod, Number(request.body.cartId));
      return { quantity };
    },
  );
};
