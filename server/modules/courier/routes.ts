import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DeliveryEstimate, DeliveryEstimateQuery } from '../../../contract/courier.ts';
import { ErrorResponse } from '../../../contract/errors.ts';
import { answerLoopbackOnly } from '../../platform/dev-routes.ts';
import type { Services } from '../../services.ts';

export const courierRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  // a date for shoppers and visitors alike; it changes with the day, so no cache keeps it
  app.get(
    '/api/delivery-estimate',
    {
      schema: { querystring: DeliveryEstimateQuery, response: { 200: DeliveryEstimate, 404: ErrorResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.deliveryEstimates.estimate(request.query.productId, request.query.pincode);
    },
  );
};

/**
 * The local fake of Shiprocket's API at /api/dev/shiprocket/v1/external/... (development and tests, this
 * machine only), for a client elsewhere on the machine: SHIPROCKET_BASE_URL=http://127.0.0.1:3000/api/dev/shiprocket.
 */
export const devCourierRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { fake } = ctx.courier;
  if (ctx.config.nodeEnv === 'production' || !fake) return;
  answerLoopbackOnly(app);
  const PREFIX = '/api/dev/shiprocket';
  // Shiprocket's own JSON, whatever its shape, for each status the fake answers
  const answer = Type.Unknown();
  app.route({
    method: ['GET', 'POST'],
    url: `${PREFIX}/*`,
    schema: { hide: true, response: { 200: answer, 400: answer, 401: answer, 404: answer, 422: answer } },
    config: { csrf: false },
    // written inline so the type provider infers it: a handler typed apart costs the checker dearly
    handler: async (request, reply) => {
      const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      const { status, body } = await fake.handle(
        {
          method: request.method === 'POST' ? 'POST' : 'GET',
          path: request.url.slice(PREFIX.length),
          token: bearer || undefined,
          body: request.body,
        },
        `${request.protocol}://${request.host}`,
      );
      return reply.code(status).send(body);
    },
  });
};
