import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ErrorResponse, FieldErrors } from '../../../contract/errors.ts';
import {
  OffersReport,
  OrdersCsvAnswer,
  ReportRangeQuery,
  ReturnsReport,
  SalesReport,
  TopGenresReport,
  TopProductsReport,
  TopQuery,
} from '../../../contract/reports.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import type { Services } from '../../services.ts';

/** A CSV streamed as its rows are read; the reply untyped, as the schema describes the body as text. */
function sendStream(reply: FastifyReply, name: string, rows: AsyncGenerator<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(Readable.from(rows));
}

/**
 * The owner's reports (contract/reports.ts, decision 070) under /admin/api/reports/: sales by day, top
 * products and genres, returns by reason, what each offer brought, and the orders CSV. Staff get 403.
 */
export const reportRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { reports } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);
  /** an owner's report of a range: what it answers, its query, and its figures */
  const report = <Q, R>(description: string, querystring: Q, figures: R) => ({
    preHandler: ownerOnly,
    schema: { description, querystring, response: { 200: figures, 400: FieldErrors, 403: ErrorResponse } },
  });

  app.get(
    '/admin/api/reports/sales',
    report(
      'Sales by India day: orders, units, gross, discounts, refunds, net',
      ReportRangeQuery,
      SalesReport,
    ),
    (request) => reports.sales(request.query),
  );
  app.get(
    '/admin/api/reports/top-products',
    report('The products of the lines placed in the range, best net first', TopQuery, TopProductsReport),
    (request) => reports.topProducts(request.query),
  );
  app.get(
    '/admin/api/reports/top-genres',
    report(
      'Segments and genres (and the crafts) of the lines placed, best net first',
      TopQuery,
      TopGenresReport,
    ),
    (request) => reports.topGenres(request.query),
  );
  app.get(
    '/admin/api/reports/returns',
    report('Returns asked in the range by reason, and what became of them', ReportRangeQuery, ReturnsReport),
    (request) => reports.returns(request.query),
  );
  app.get(
    '/admin/api/reports/offers',
    report(
      'What each sale and coupon brought over the lines placed in the range',
      ReportRangeQuery,
      OffersReport,
    ),
    (request) => reports.offers(request.query),
  );
  app.get(
    '/admin/api/reports/orders.csv',
    report(
      'The orders CSV: one row per line placed in the range, streamed',
      ReportRangeQuery,
      OrdersCsvAnswer,
    ),
    async (request, reply) => {
      const { from, to, rows } = reports.ordersCsv(request.query);
      return sendStream(reply, `orders-${from}-to-${to}.csv`, rows);
    },
  );
};
