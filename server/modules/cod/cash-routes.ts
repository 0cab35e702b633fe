import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  OutstandingResponse,
  REMITTANCE_LIMIT_BYTES,
  RemittanceQuery,
  RemittanceRefused,
  RemittanceReport,
} from '../../../contract/cod.ts';
import { ErrorResponse } from '../../../contract/errors.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { formFiles } from '../../platform/form-files.ts';
import type { Services } from '../../services.ts';

/**
 * The cash couriers owe the shop for cash-on-delivery parcels (decision 069): what is outstanding (staff
 * and owners), and the courier's remittance file, a dry run then apply (the owner only).
 */
export const codCashRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { codCash } = ctx;
  keepBodiesSmall(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };

  app.get('/admin/api/cod/outstanding', { schema: { response: { 200: OutstandingResponse } } }, async () =>
    codCash.outstanding(),
  );

  // multipart bodies only here, as the partners' pincode lists
  const uploads: FastifyPluginAsyncTypebox = async (forms) => {
    await forms.register(fastifyMultipart, {
      limits: { fileSize: REMITTANCE_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    forms.post(
      '/admin/api/cod/remittances',
      {
        config: change,
        bodyLimit: REMITTANCE_LIMIT_BYTES,
        preHandler: ownerOnly,
        schema: {
          querystring: RemittanceQuery,
          response: {
            200: RemittanceReport,
            400: Type.Union([RemittanceRefused, ErrorResponse]),
            403: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const files = await formFiles(request, { file: REMITTANCE_LIMIT_BYTES }, 'file');
        const apply = request.query.mode === 'apply';
        const report = await codCash.remittances(files.get('file') as Buffer, apply, request.staff.actor);
        return apply && !report.applied
          ? reply.code(400).send({ error: 'The file has errors: nothing was changed', ...report })
          : report;
      },
    );
  };
  await app.register(uploads);
};
