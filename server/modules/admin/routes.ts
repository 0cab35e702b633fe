import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminOrder,
  AdminOrderLine,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminRefund,
  AdminRefundsResponse,
  AdminReturnsResponse,
  AdminReview,
  AdminReviewsResponse,
  DASHBOARD_LOW_STOCK,
  DashboardResponse,
  GenreReturnable,
  GenreReturnableBody,
  GenresReturnableResponse,
  OrderParams,
  PurchaseParams,
  RefundParams,
  RefundsQuery,
  ReturnDecisionBody,
  ReturnsQuery,
  ReviewIdParams,
  ReviewsQuery,
  SetStockBody,
  SetStockResponse,
  ShipBody,
} from '../../../contract/admin.ts';
import { ShipmentBooked } from '../../../contract/shipping.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { parseProductId } from '../../platform/api-values.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { setStock } from '../inventory/stock.ts';

/** An id the contract's pattern let through, as a number: one past 32 bits is bad input. */
function idOf(text: string, field: string): number {
  const id = parseProductId(text);
  if (id === undefined) throw badRequest(`${field} is not an id`);
  return id;
}

const cursorOf = (before: string | undefined) => (before === undefined ? undefined : idOf(before, 'before'));

/** The back office: staff signed in, or ADMIN_TOKEN's bearer; request.staff says who, for the audit log. */
export const adminRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const orders = ctx.backOffice;
  // onRequest: an unauthorised caller is turned away before its body is read
  app.addHook('onRequest', ctx.adminAuth.guard);

  app.put(
    '/admin/api/stock',
    { config: { csrf: false }, schema: { body: SetStockBody, response: { 200: SetStockResponse } } },
    async (request) => setStock(ctx.inventory, request.body, request.staff.actor),
  );

  app.get(
    '/admin/api/orders',
    { schema: { querystring: AdminOrdersQuery, response: { 200: AdminOrdersResponse } } },
    async (request) => orders.lines(request.query),
  );

  app.get(
    '/admin/api/orders/:orderId',
    { schema: { params: OrderParams, response: { 200: AdminOrder } } },
    async (request) => orders.order(idOf(request.params.orderId, 'orderId')),
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
      // no tracking id: booked through the courier partner (issue 30), which answers the AWB
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
    '/admin/api/refunds',
    { schema: { querystring: RefundsQuery, response: { 200: AdminRefundsResponse } } },
    async (request) => ctx.refunds.list({ ...request.query, before: cursorOf(request.query.before) }),
  );

  app.post(
    '/admin/api/refunds/:id/retry',
    {
      config: change,
      preHandler: ownerOnly,
      schema: { params: RefundParams, response: { 200: AdminRefund } },
    },
    async (request) => ctx.refunds.retry(idOf(request.params.id, 'id'), request.staff.actor),
  );

  app.get(
    '/admin/api/reviews',
    { schema: { querystring: ReviewsQuery, response: { 200: AdminReviewsResponse } } },
    async (request) => ctx.reviews.latest(cursorOf(request.query.before)),
  );

  for (const hidden of [true, false]) {
    app.post(
      `/admin/api/reviews/:id/${hidden ? 'hide' : 'show'}`,
      { config: change, schema: { params: ReviewIdParams, response: { 200: AdminReview } } },
      async (request) => ctx.reviews.setHidden(idOf(request.params.id, 'id'), hidden, request.staff.actor),
    );
  }

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

  app.get('/admin/api/dashboard', { schema: { response: { 200: DashboardResponse } } }, async () => {
    const [takings, lowStock, stuckShipments, smsBudgetsPastHalf] = await Promise.all([
      orders.dashboard(),
      ctx.products.liveLowStock(DASHBOARD_LOW_STOCK),
      ctx.tracking.stuck(),
      ctx.accounts.budgetsPastHalf(),
    ]);
    return { ...takings, lowStock, stuckShipments, smsBudgetsPastHalf };
  });
};
