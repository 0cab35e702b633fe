import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateOrderBody,
  CreateOrderResponse,
  ReleaseBody,
  ReleaseResponse,
  VerifyPaymentBody,
  VerifyPaymentResponse,
} from '../../../contract/payments.ts';
import type { AppContext } from '../../app.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { Checkout } from './service.ts';

export const checkoutRoutes: FastifyPluginAsyncTypebox<AppContext & { gateway: PaymentGateway }> = async (
  app,
  ctx,
) => {
  const checkout = new Checkout(ctx.db, ctx.gateway, ctx.config.razorpay.keySecret, ctx.catalog);
  // logged out is a 403 whatever the body says
  app.addHook('preValidation', async (request) => {
    await ctx.sessions.requireCustomer(request);
  });

  app.post(
    '/create-order',
    { schema: { body: CreateOrderBody, response: { 200: CreateOrderResponse } } },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      return checkout.createOrder(customerId, request.body.amount);
    },
  );

  app.post(
    '/verify-payment',
    { schema: { body: VerifyPaymentBody, response: { 200: VerifyPaymentResponse } } },
    async (request) => checkout.verify(await ctx.sessions.requireCustomer(request), request.body),
  );

  app.post(
    '/api/payments/release',
    { schema: { body: ReleaseBody, response: { 200: ReleaseResponse } } },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      return { released: await checkout.release(customerId, request.body.orderId) };
    },
  );
};
