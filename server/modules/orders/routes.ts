import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../../contract/errors.ts';
import {
  CancelBody,
  CancelResponse,
  ExchangeBody,
  ExchangeParams,
  ExchangeResponse,
  OrdersResponse,
  PlacedOrder,
  PlacedParams,
  ReturnBody,
  ReturnResponse,
} from '../../../contract/orders.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';

/** The shopper's orders: listing, cancelling, and asking to return or exchange their own lines. */
export const orderRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { orders } = ctx;
  app.addHook('preValidation', customersOnly(ctx.sessions));

  app.get('/api/orders', { schema: { response: { 200: OrdersResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return orders.list(await ctx.sessions.requireCustomer(request));
  });

  app.get(
    '/api/orders/placed/:paymentId',
    { schema: { params: PlacedParams, response: { 200: PlacedOrder, 404: ErrorResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return orders.placed(await ctx.sessions.requireCustomer(request), request.params.paymentId);
    },
  );

  app.post('/cancel', { schema: { body: CancelBody, response: { 200: CancelResponse } } }, async (request) =>
    orders.cancel(await ctx.sessions.requireCustomer(request), request.body.orderID),
  );

  app.post(
    '/api/orders/:purchaseId/exchange',
    {
      schema: {
        params: ExchangeParams,
        body: ExchangeBody,
        response: { 200: ExchangeResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) =>
      orders.exchange(await ctx.sessions.requireCustomer(request), request.params.purchaseId, request.body),
  );

  app.post(
    '/return',
    { schema: { body: ReturnBody, response: { 200: ReturnResponse } } },
    async (request) => {
      await orders.requestReturn(await ctx.sessions.requireCustomer(request), request.body);
      return {};
    },
  );
};
