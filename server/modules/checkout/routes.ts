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
  WebhookResponse,
} from '../../../contract/payments.ts';
import { keepBodiesSmall, MEDIUM_BODY_LIMIT } from '../../platform/body-limit.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';
import type { PaymentWebhook } from './webhook.ts';

/** Paying and placing: the shopper's calls, Razorpay's webhook, and the reconciler behind both. */
export const checkoutRoutes: FastifyPluginAsync<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  await app.register(webhookRoute, { webhook: ctx.webhook });
  await app.register(shopperRoutes, ctx);
};

const shopperRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { checkout } = ctx;
  app.addHook('preValidation', customersOnly(ctx.sessions));

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
  const schema = {
    description:
      "Razorpay's event, signed in X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook " +
      'secret) and named by X-Razorpay-Event-Id; payment.captured and order.paid place the order.',
    response: { 200: WebhookResponse },
  };
  app.post(
    '/api/webhooks/razorpay',
    { config: { csrf: false }, bodyLimit: MEDIUM_BODY_LIMIT, schema },
    async (request) => {
      // no body at all (no content type) is checked like any other: its signature cannot match
      const outcome = await webhook.receive(
        typeof request.body === 'string' ? request.body : '',
        request.headers['x-razorpay-signature'],
        request.headers['x-razorpay-event-id'],
      );
      return { status: outcome };
    },
  );
};
