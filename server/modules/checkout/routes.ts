import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  CheckOutBody,
  CheckOutResponse,
  CreateOrderBody,
  CreateOrderResponse,
  ReleaseBody,
  ReleaseResponse,
  VerifyPaymentBody,
  VerifyPaymentResponse,
} from '../../../contract/payments.ts';
import type { AppContext } from '../../app.ts';
import { Placement } from './placement.ts';
import { Reconciler } from './reconciler.ts';
import { Checkout } from './service.ts';
import { PaymentWebhook } from './webhook.ts';

/** Paying and placing: the shopper's calls, Razorpay's webhook, and the reconciler behind both. */
export const checkoutRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const placement = new Placement(ctx.db, ctx.gateway, ctx.refunds, ctx.catalog);
  const reconciler = new Reconciler(
    ctx.db,
    ctx.gateway,
    placement,
    ctx.refunds,
    ctx.config.reconcileIntervalMs,
    app.log,
  );
  app.addHook('onReady', async () => reconciler.start());
  app.addHook('onClose', async () => reconciler.stop());

  await app.register(webhookRoute, {
    webhook: new PaymentWebhook(ctx.db, ctx.config.razorpay.webhookSecret, placement),
  });
  await app.register(shopperRoutes, { ...ctx, placement });
};

const shopperRoutes: FastifyPluginAsyncTypebox<AppContext & { placement: Placement }> = async (app, ctx) => {
  const { razorpay } = ctx.config;
  const checkout = new Checkout(
    ctx.db,
    ctx.gateway,
    razorpay.keyId,
    razorpay.keySecret,
    ctx.catalog,
    ctx.limits,
  );
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
    '/api/purchasePage',
    {
      constraints: { key: 'checkOut' },
      schema: { body: CheckOutBody, response: { 200: CheckOutResponse } },
    },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      return ctx.placement.checkOut(customerId, request.body.razorpay_payment_id);
    },
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

/**
 * POST /api/webhooks/razorpay: Razorpay signs the raw body, so this route alone keeps it as text. No
 * session and no CSRF token: the signature is the authentication.
 */
const webhookRoute: FastifyPluginAsync<{ webhook: PaymentWebhook }> = async (app, { webhook }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  app.post('/api/webhooks/razorpay', { config: { csrf: false } }, async (request) => {
    // no body at all (no content type) is checked like any other: its signature cannot match
    const outcome = await webhook.receive(
      typeof request.body === 'string' ? request.body : '',
      request.headers['x-razorpay-signature'],
      request.headers['x-razorpay-event-id'],
    );
    return { status: outcome };
  });
};
