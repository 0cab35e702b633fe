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
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';

export const cartRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { cart } = ctx;
  app.addHook('preValidation', customersOnly(ctx.sessions));

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
