import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ErrorResponse, FieldErrors, FormRefused } from '../../../contract/errors.ts';
import {
  PayBody,
  PayoutRecorded,
  PeriodQuery,
  SellerIdParams,
  SettlementList,
  StatementAnswer,
  StatementQuery,
} from '../../../contract/settlements.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { statementFormat, statementJson } from './service.ts';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';

/**
 * Sellers' settlements (/admin/api/settlements, decision 070): the month's sellers, a seller's statement
 * as JSON, CSV or PDF (each streamed as its rows are read), and recording a payout. The owner's alone.
 */
export const settlementRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { settlements } = ctx;
  keepBodiesSmall(app);
  answerFormsByField(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none. Staff are turned away
  // before their body is read.
  const owners = { config: { csrf: false }, onRequest: ownerOnly };

  app.get(
    '/admin/api/settlements',
    { ...owners, schema: { querystring: PeriodQuery, response: { 200: SettlementList, 400: FormRefused } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return settlements.summary(request.query.period);
    },
  );

  app.get(
    '/admin/api/settlements/:sellerId',
    {
      ...owners,
      schema: {
        params: SellerIdParams,
        querystring: StatementQuery,
        response: { 200: StatementAnswer, 400: FormRefused, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const format = statementFormat(request.query.format);
      const source = await settlements.statement(request.params.sellerId, request.query.period);
      const name = `settlement-${source.seller.id}-${source.period}`;
      reply.header('cache-control', 'no-store');
      if (format === 'json')
        return stream(reply, 'application/json; charset=utf-8', Readable.from(statementJson(source)));
      reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
      if (format === 'csv')
        return stream(reply, 'text/csv; charset=utf-8', Readable.from(statementCsv(source)));
      return stream(reply, 'application/pdf', statementPdf(source));
    },
  );

  app.post(
    '/admin/api/settlements/:sellerId/pay',
    {
      ...owners,
      schema: {
        params: SellerIdParams,
        body: PayBody,
        response: { 201: PayoutRecorded, 400: FieldErrors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await settlements.pay(request.params.sellerId, request.body, request.staff.actor)),
  );
};

/** A long answer sent as it is written: the schema's serializer never sees a stream. */
const stream = (reply: FastifyReply, type: string, body: Readable) =>
  (reply as FastifyReply).type(type).send(body);
