import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminOrderLine,
  AdminOrdersQuery,
  AdminOrdersResponse,
  PurchaseParams,
  ReturnDecisionBody,
  SetStockBody,
  SetStockResponse,
  ShipBody,
} from '../../../contract/admin.ts';
import { adminGuard } from '../../platform/admin-auth.ts';
import type { Services } from '../../services.ts';
import { setStock } from './service.ts';

/** The back office: bearer-token calls from staff tools, so no cookie session and no CSRF token. */
export const adminRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const orders = ctx.backOffice;
  // onRequest: an unauthorised caller is turned away before its body is read
  app.addHook('onRequest', adminGuard(ctx.config.adminToken));

  app.put(
    '/admin/api/stock',
    { config: { csrf: false }, schema: { body: SetStockBody, response: { 200: SetStockResponse } } },
    async (request) => setStock(ctx.inventory, request.body),
  );

  app.get(
    '/admin/api/orders',
    { schema: { querystring: AdminOrdersQuery, response: { 200: AdminOrdersResponse } } },
    async (request) => orders.lines(request.query),
  );

  const lineChange = { csrf: false };
  const answersLine = { 200: AdminOrderLine };

  app.post(
    '/admin/api/orders/:purchaseId/ship',
    { config: lineChange, schema: { params: PurchaseParams, body: ShipBody, response: answersLine } },
    async (request) => orders.ship(request.params.purchaseId, request.body.trackingId),
  );

  app.post(
    '/admin/api/orders/:purchaseId/deliver',
    { config: lineChange, schema: { params: PurchaseParams, response: answersLine } },
    async (request) => orders.deliver(request.params.purchaseId),
  );

  app.post(
    '/admin/api/returns/:purchaseId',
    {
      config: lineChange,
      schema: { params: PurchaseParams, body: ReturnDecisionBody, response: answersLine },
    },
    async (request) => orders.decideReturn(request.params.purchaseId, request.body.accept),
  );

  app.post(
    '/admin/api/returns/:purchaseId/receive',
    { config: lineChange, schema: { params: PurchaseParams, response: answersLine } },
    async (request) => orders.receiveReturn(request.params.purchaseId),
  );
};
