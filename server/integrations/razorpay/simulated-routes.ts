import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DevPayBody,
  DevPaymentParams,
  DevPaymentResponse,
  DevPayResponse,
} from '../../../contract/payments.ts';
import { gatewayId } from '../../modules/payments/gateway.ts';
import { paymentCapturedEvent, webhookSignature } from '../../modules/payments/webhook-event.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerLoopbackOnly } from '../../platform/dev-routes.ts';
import type { Services } from '../../services.ts';
import { SimulatedGateway } from './simulated.ts';

/** The simulated gateway's checkout window and dashboard, for development and tests only. */
export const devPaymentRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { gateway } = ctx;
  if (ctx.config.nodeEnv === 'production' || !(gateway instanceof SimulatedGateway)) return;
  answerLoopbackOnly(app);

  // deliveries still on their way when the app closes are awaited, as Razorpay's would be retried
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(deliveries);
  });
  /** Sends the signed payment.captured webhook as Razorpay does: after the checkout window has its answer. */
  const deliverWebhook = (paymentId: string) => {
    const delivery = (async () => {
      const payment = await gateway.fetchPayment(paymentId);
      if (!payment) return;
      const body = JSON.stringify(paymentCapturedEvent(payment));
      const reply = await app.inject({
        method: 'POST',
        url: '/api/webhooks/razorpay',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(ctx.config.razorpay.webhookSecret, body),
          'x-razorpay-event-id': gatewayId('evt'),
        },
        payload: body,
      });
      if (reply.statusCode !== 200)
        app.log.error({ status: reply.statusCode, body: reply.body }, 'webhook refused');
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'webhook delivery failed'))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  };

  app.post(
    '/api/dev/pay',
    { schema: { body: DevPayBody, response: { 200: DevPayResponse } } },
    async (request) => {
      const { orderId, outcome, webhook } = request.body;
      const result = await gateway.pay(orderId, outcome);
      if (outcome === 'success' && webhook !== false)
        setImmediate(() => deliverWebhook(result.razorpay_payment_id));
      return result;
    },
  );

  app.get(
    '/api/dev/payments/:paymentId',
    { schema: { params: DevPaymentParams, response: { 200: DevPaymentResponse } } },
    async (request) => gateway.paymentDetails(request.params.paymentId),
  );
};
