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
import { bagToChange, bagToRead } from '../../platform/bag-owner.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import type { Services } from '../../services.ts';

export const bagRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  // a visitor's bag is kept with their session, under the same rules as a customer's (decision 022)
  const { bag, sessions } = ctx;

  app.post(
    '/product/:prod/:productID',
    {
      constraints: { key: 'addCart' },
      schema: { params: ProductActionParams, body: AddCartBody, response: { 200: AddCartResponse } },
    },
    async (request, reply) => {
      const { addCart, ...choice } = request.body;
      return bag.change(
        await bagToChange(sessions, request, reply),
        { ...request.params, ...choice },
        addCart,
      );
    },
  );

  app.get(
    '/api/purchasePage',
    { schema: { response: { 200: PurchasePageResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return bag.purchasePage(await bagToRead(sessions, request));
    },
  );

  app.post(
    '/api/:prod/purchasePage',
    {
      constraints: { key: 'deleteItem' },
      schema: { params: DeleteItemParams, body: DeleteItemBody, response: { 200: DeleteItemResponse } },
    },
    async (request, reply) => {
      const owner = await bagToChange(sessions, request, reply);
      const quantity = await bag.takeOne(owner, request.params.prod, Number(request.body.cartId));
      return { quantity };
    },
  );
};
