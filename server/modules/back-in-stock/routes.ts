import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BackInStockBody, BackInStockParams, BackInStockResponse } from '../../../contract/back-in-stock.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';

/** GET, POST and DELETE /api/products/{id}/notify: "Notify me" on a sold-out size, for customers. */
export const backInStockRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { backInStock, sessions } = ctx;
  app.addHook('preValidation', customersOnly(sessions));
  const url = '/api/products/:id/notify';

  app.get(
    url,
    { schema: { params: BackInStockParams, response: { 200: BackInStockResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return backInStock.waiting(await sessions.requireCustomer(request), request.params.id);
    },
  );

  app.post(
    url,
    {
      schema: {
        params: BackInStockParams,
        body: BackInStockBody,
        response: { 200: BackInStockResponse, 201: BackInStockResponse },
      },
    },
    async (request, reply) => {
      const customerId = await sessions.requireCustomer(request);
      const { created, sizes } = await backInStock.request(customerId, request.params.id, request.body.size);
      reply.code(created ? 201 : 200);
      return { sizes };
    },
  );

  app.delete(
    url,
    { schema: { params: BackInStockParams, body: BackInStockBody, response: { 200: BackInStockResponse } } },
    async (request) =>
      backInStock.cancel(await sessions.requireCustomer(request), request.params.id, request.body.size),
  );
};
