import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminOrder,
  AdminOrderLine,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminRefund,
  AdminRefundsResponse,
  OrderParams,
  PurchaseParams,
  RefundParams,
  RefundsQuery,
  ShipBody,
} from '../../../contract/admin.ts';
import { RefundPaidBody } from '../../../contract/cod.ts';
import { ErrorResponse, FormRefused } from '../../../contract/errors.ts';
import {
  CancelBody,
  CancelResponse,
  DevAgeBody,
  DevAgeResponse,
  DevReturnWindowEnded,
  ExchangeBody,
  ExchangeParams,
  ExchangeResponse,
  OrdersResponse,
  PlacedOrder,
  PlacedParams,
  ReturnBody,
  ReturnResponse,
} from '../../../contract/orders.ts';
import { ShipmentBooked } from '../../../contract/shipping.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { cursorParam, idParam } from '../../platform/api-values.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerLoopbackOnly } from '../../platform/dev-routes.ts';
import { badRequest } from '../../platform/errors.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';

/** The shopper's orders and the back office's: each behind its own guard. */
export const orderRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  await app.register(shopperRoutes, ctx);
  await app.register(backOfficeRoutes, ctx);
};

/** The shopper's orders: listing, cancelling, and asking to return or exchange their own lines. */
const shopperRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { orders } = ctx;
  app.addHook('preValidation', customersOnly(ctx.sessions));

  app.get('/api/orders', { schema: { response: { 200: OrdersResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return orders.list(await ctx.sessions.requireCustomer(request));
  });

  app.get(
    '/api/orders/placed/:paymentId',
    { schema: { params: PlacedParams, response: { 200: PlacedOrder, 404: ErrorResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return orders.placed(await ctx.sessions.requireCustomer(request), request.params.paymentId);
    },
  );

  app.post('/cancel', { schema: { body: CancelBody, response: { 200: CancelResponse } } }, async (request) =>
    orders.cancel(await ctx.sessions.requireCustomer(request), request.body.orderID),
  );

  app.post(
    '/api/orders/:purchaseId/exchange',
    {
      schema: {
        params: ExchangeParams,
        body: ExchangeBody,
        response: { 200: ExchangeResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) =>
      orders.exchange(await ctx.sessions.requireCustomer(request), request.params.purchaseId, request.body),
  );

  app.post(
    '/return',
    // a COD line's refundTo: each wrong part named in the 400's fields
    { schema: { body: ReturnBody, response: { 200: ReturnResponse, 400: FormRefused } } },
    async (request) => {
      await orders.requestReturn(await ctx.sessions.requireCustomer(request), request.body);
      return {};
    },
  );
};

/**
 * POST /api/dev/orders/{purchaseId}/age (development and tests, this machine only, with the CSRF token as
 * every POST): the order as if it had happened `hours` earlier, so its windows can be tried.
 */
export const devOrderRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  if (ctx.config.nodeEnv === 'production') return;
  answerLoopbackOnly(app);
  app.post(
    '/api/dev/orders/:purchaseId/age',
    {
      schema: {
        hide: true,
        params: ExchangeParams,
        body: DevAgeBody,
        response: { 200: DevAgeResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      await ctx.orders.age(request.params.purchaseId, request.body.hours);
      return {};
    },
  );
  app.post(
    '/api/dev/orders/:purchaseId/end-return-window',
    {
      // part of the owners' books contract (its tests end windows through it): described, unlike /age
      schema: {
        params: ExchangeParams,
        response: { 200: DevReturnWindowEnded, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const endedAt = await ctx.orders.endReturnWindow(request.params.purchaseId);
      return { endedAt: endedAt.toISOString() };
    },
  );
};

/**
 * The back office's orders: the lines to work, shipping (by hand or booked with the courier partner),
 * delivering and cancelling them, and the refunds they owe. Staff signed in, or ADMIN_TOKEN's bearer;
 * request.staff says who, for the audit log.
 */
const backOfficeRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const orders = ctx.backOffice;
  // onRequest: an unauthorised caller is turned away before its body is read
  app.addHook('onRequest', ctx.adminAuth.guard);

  app.get(
    '/admin/api/orders',
    { schema: { querystring: AdminOrdersQuery, response: { 200: AdminOrdersResponse } } },
    async (request) => orders.lines(request.query),
  );

  app.get(
    '/admin/api/orders/:orderId',
    { schema: { params: OrderParams, response: { 200: AdminOrder } } },
    async (request) => orders.order(idParam(request.params.orderId, 'orderId')),
  );

  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };
  const answersLine = { 200: AdminOrderLine };

  app.post(
    '/admin/api/orders/:purchaseId/ship',
    {
      config: change,
      schema: {
        params: PurchaseParams,
        body: ShipBody,
        response: { 200: Type.Union([ShipmentBooked, AdminOrderLine]) },
      },
    },
    async (request) => {
      const { purchaseId } = request.params;
      const { trackingId, courierId } = request.body;
      // no tracking id: booked through the courier partner, which answers the AWB
      if (trackingId === undefined) return ctx.shipping.book(purchaseId, courierId, request.staff.actor);
      if (courierId !== undefined) throw badRequest('Give trackingId or courierId, not both');
      return orders.ship(purchaseId, trackingId, request.staff.actor);
    },
  );

  app.post(
    '/admin/api/orders/:purchaseId/deliver',
    { config: change, schema: { params: PurchaseParams, response: answersLine } },
    async (request) => orders.deliver(request.params.purchaseId, request.staff.actor),
  );

  app.post(
    '/admin/api/orders/:purchaseId/cancel',
    { config: change, schema: { params: PurchaseParams, response: answersLine } },
    async (request) => orders.cancel(request.params.purchaseId, request.staff.actor),
  );

  app.get(
    '/admin/api/refunds',
    { schema: { querystring: RefundsQuery, response: { 200: AdminRefundsResponse } } },
    async (request) => ctx.refunds.list({ ...request.query, before: cursorParam(request.query.before) }),
  );

  app.post(
    '/admin/api/refunds/:id/retry',
    {
      config: change,
      preHandler: ownerOnly,
      schema: { params: RefundParams, response: { 200: AdminRefund } },
    },
    async (request) => ctx.refunds.retry(idParam(request.params.id, 'id'), request.staff.actor),
  );

  // a COD line's refund, paid by hand to the shopper's UPI ID or bank account (staff and owners)
  app.post(
    '/admin/api/refunds/:id/paid',
    {
      config: change,
      schema: {
        params: RefundParams,
        body: RefundPaidBody,
        response: { 200: AdminRefund, 400: FormRefused, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) =>
      ctx.refunds.markPaid(idParam(request.params.id, 'id'), request.body.reference, request.staff.actor),
  );
};
