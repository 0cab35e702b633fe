import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CodOrderParams,
  ConfirmCodBody,
  ConfirmCodResponse,
  Eligibility,
  EligibilityQuery,
  PlaceCodBody,
  PlacedCodOrder,
  ResendCodResponse,
} from '../../../contract/cod.ts';
import { COD_RESEND_SECONDS } from '../../../contract/cod-constants.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';

/** The shopper's cash on delivery: whether it is offered, placing, and confirming with the SMS code. */
export const codRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { cod, sessions } = ctx;
  app.addHook('preValidation', customersOnly(sessions));

  app.get(
    '/api/cod/eligibility',
    { schema: { querystring: EligibilityQuery, response: { 200: Eligibility } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cod.eligibility(await sessions.requireCustomer(request), request.query.pincode);
    },
  );

  app.post(
    '/api/cod/orders',
    { schema: { body: PlaceCodBody, response: { 201: PlacedCodOrder } } },
    async (request, reply) => {
      const customerId = await sessions.requireCustomer(request);
      return reply.code(201).send(await cod.place(customerId, request.body.amount));
    },
  );

  app.post(
    '/api/cod/orders/:orderId/confirm',
    { schema: { params: CodOrderParams, body: ConfirmCodBody, response: { 200: ConfirmCodResponse } } },
    async (request) => {
      const customerId = await sessions.requireCustomer(request);
      await cod.confirm(customerId, Number(request.params.orderId), request.body.code);
      return { confirmed: true as const };
    },
  );

  app.post(
    '/api/cod/orders/:orderId/code',
    { schema: { params: CodOrderParams, response: { 200: ResendCodResponse } } },
    async (request) => {
      const customerId = await sessions.requireCustomer(request);
      await cod.resend(customerId, Number(request.params.orderId));
      return { sent: true as const, resendAfter: COD_RESEND_SECONDS };
    },
  );
};
