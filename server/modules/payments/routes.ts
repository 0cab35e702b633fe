import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DevPayBody,
  DevPaymentParams,
  DevPaymentResponse,
  DevPayResponse,
} from '../../../contract/payments.ts';
import type { AppContext } from '../../app.ts';
import type { PaymentGateway } from './gateway.ts';
import { SimulatedGateway } from './simulated.ts';

/** The simulated gateway's checkout window and dashboard, for development and tests only. */
export const devPaymentRoutes: FastifyPluginAsyncTypebox<AppContext & { gateway: PaymentGateway }> = async (
  app,
  ctx,
) => {
  const { gateway } = ctx;
  if (ctx.config.nodeEnv === 'production' || !(gateway instanceof SimulatedGateway)) return;

  app.post(
    '/api/dev/pay',
    { schema: { body: DevPayBody, response: { 200: DevPayResponse } } },
    // the signed payment.captured webhook (body.webhook) is delivered once the webhook endpoint exists
    async (request) => gateway.pay(request.body.orderId, request.body.outcome),
  );

  app.get(
    '/api/dev/payments/:paymentId',
    { schema: { params: DevPaymentParams, response: { 200: DevPaymentResponse } } },
    async (request) => gateway.paymentDetails(request.params.paymentId),
  );
};
