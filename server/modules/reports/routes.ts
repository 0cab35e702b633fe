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

/** A report's answers besides the platform's: its figures, a bad range or limit, and staff turned away. */
const answers = <T>(figures: T) => ({ 200: figures, 400: FieldErrors, 403: ErrorResponse });

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
  const range = { preHandler: ownerOnly, schema: { querystring: ReportRangeQuery } };
  const top = { preHandler: ownerOnly, schema: { querystring: TopQuery } };

  app.get(
    '/admin/api/reports/sales',
    { ...range, schema: { ...range.schema, response: answers(SalesReport) } },
    (request) => reports.sales(request.query),
  );
  app.get(
    '/admin/api/reports/top-products',
    { ...top, schema: { ...top.schema, response: answers(TopProductsReport) } },
    (request) => reports.topProducts(request.query),
  );
  app.get(
    '/admin/api/reports/top-genres',
    { ...top, schema: { ...top.schema, response: answers(TopGenresReport) } },
    (request) => reports.topGenres(request.query),
  );
  app.get(
    '/admin/api/reports/returns',
    { ...range, schema: { ...range.schema, response: answers(ReturnsReport) } },
    (request) => reports.returns(request.query),
  );
  app.get(
    '/admin/api/reports/offers',
    { ...range, schema: { ...range.schema, response: answers(OffersReport) } },
    (request) => reports.offers(request.query),
  );
  app.get(
    '/admin/api/reports/orders.csv',
    { ...range, schema: { ...range.schema, response: answers(OrdersCsvAnswer) } },
    async (request, reply) => {
      const { from, to, rows } = reports.ordersCsv(request.query);
      return sendStream(reply, `orders-${from}-to-${to}.csv`, rows);
    },
  );
};
