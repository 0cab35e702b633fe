import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, FormRefused } from '../../../contract/errors.ts';
import { Gstr1Answer, Gstr1Query, Gstr8Query, Gstr8Response } from '../../../contract/gstr.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import type { Services } from '../../services.ts';

const REFUSALS = { 400: FormRefused, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** The owner's GST returns: each seller's GSTR-1 (JSON or a section's CSV) and the operator's GSTR-8. */
export const booksRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { books } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);

  app.get(
    '/admin/api/books/gstr1',
    {
      preHandler: ownerOnly,
      schema: { querystring: Gstr1Query, response: { 200: Gstr1Answer, ...REFUSALS } },
    },
    async (request, reply) => {
      const answer = await books.gstr1(request.query);
      if (answer.format === 'json') return answer.body;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${answer.filename}"`)
        .send(answer.text);
    },
  );

  app.get(
    '/admin/api/books/gstr8',
    {
      preHandler: ownerOnly,
      schema: { querystring: Gstr8Query, response: { 200: Gstr8Response, ...REFUSALS } },
    },
    async (request) => books.gstr8(request.query),
  );
};
