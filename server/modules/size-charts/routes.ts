import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, FieldErrors } from '../../../contract/errors.ts';
import { ImportQuery } from '../../../contract/products.ts';
import {
  AdminSizeChart,
  SizeChartBody,
  SizeChartCsvAnswer,
  SizeChartImportRefused,
  SizeChartImportResponse,
  SizeChartKeys,
  SizeChartList,
} from '../../../contract/size-charts.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import { formFiles } from '../../platform/form-files.ts';
import type { Services } from '../../services.ts';

// a chart is some hundreds of bytes; a shop's every chart in one file stays well under this
const CSV_LIMIT_BYTES = 2 * 1024 * 1024;

/** The back office's size charts (/admin/api/size-charts): staff and owners read and change them. */
export const sizeChartRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { sizeCharts } = ctx;
  keepBodiesSmall(app);
  answerFormsByField(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };

  app.get(
    '/admin/api/size-charts',
    { schema: { response: { 200: SizeChartList } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return sizeCharts.list();
    },
  );

  app.put(
    '/admin/api/size-charts',
    { config: change, schema: { body: SizeChartBody, response: { 200: AdminSizeChart, 400: FieldErrors } } },
    async (request) => sizeCharts.save(request.body, request.staff.actor),
  );

  app.delete(
    '/admin/api/size-charts',
    {
      config: change,
      schema: { querystring: SizeChartKeys, response: { 204: Type.Null(), 404: ErrorResponse } },
    },
    async (request, reply) => {
      await sizeCharts.remove(request.query, request.staff.actor);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/api/size-charts/export',
    { schema: { response: { 200: SizeChartCsvAnswer } } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="size-charts.csv"')
        .send(await sizeCharts.export()),
  );

  // multipart bodies only here: every other route keeps to JSON
  const uploads: FastifyPluginAsyncTypebox = async (forms) => {
    await forms.register(fastifyMultipart, {
      limits: { fileSize: CSV_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    forms.post(
      '/admin/api/size-charts/import',
      {
        config: change,
        bodyLimit: CSV_LIMIT_BYTES,
        schema: {
          querystring: ImportQuery,
          response: { 200: SizeChartImportResponse, 400: SizeChartImportRefused },
        },
      },
      async (request, reply) => {
        const files = await formFiles(request, { file: CSV_LIMIT_BYTES }, 'file');
        const apply = request.query.mode === 'apply';
        const report = await sizeCharts.import(files.get('file') as Buffer, apply, request.staff.actor);
        return apply && !report.applied
          ? reply.code(400).send({ error: 'The file has errors: nothing was imported', ...report })
          : report;
      },
    );
  };
  await app.register(uploads);
};
