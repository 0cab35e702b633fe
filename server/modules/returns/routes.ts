import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminOrderLine,
  AdminReturnsResponse,
  GenreReturnable,
  GenreReturnableBody,
  GenresReturnableResponse,
  PurchaseParams,
  ReturnDecisionBody,
  ReturnsQuery,
} from '../../../contract/admin.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import type { Services } from '../../services.ts';

/**
 * The back office's returns: the queue of asked returns, accepting or refusing one, receiving it back, and
 * the genres that may not be returned. A return moves an order line, so the orders' back office decides it.
 */
export const returnRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const orders = ctx.backOffice;
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };
  const answersLine = { 200: AdminOrderLine };

  app.get(
    '/admin/api/returns',
    { schema: { querystring: ReturnsQuery, response: { 200: AdminReturnsResponse } } },
    async (request) => orders.returns(request.query),
  );

  app.post(
    '/admin/api/returns/:purchaseId',
    {
      config: change,
      schema: { params: PurchaseParams, body: ReturnDecisionBody, response: answersLine },
    },
    async (request) =>
      orders.decideReturn(request.params.purchaseId, request.body.accept, request.staff.actor),
  );

  app.post(
    '/admin/api/returns/:purchaseId/receive',
    { config: change, schema: { params: PurchaseParams, response: answersLine } },
    async (request) => orders.receiveReturn(request.params.purchaseId, request.staff.actor),
  );

  app.get(
    '/admin/api/genres/returnable',
    { schema: { response: { 200: GenresReturnableResponse } } },
    async () => ctx.returnableGenres.list(),
  );

  app.put(
    '/admin/api/genres/returnable',
    { config: change, schema: { body: GenreReturnableBody, response: { 200: GenreReturnable } } },
    async (request) => ctx.returnableGenres.set(request.body, request.staff.actor),
  );
};
