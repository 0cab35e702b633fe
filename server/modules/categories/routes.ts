import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryTree, CategoryTreeBody } from '../../../contract/categories.ts';
import { ErrorResponse, FieldErrors } from '../../../contract/errors.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';

/** The back office's categories (/admin/api/categories): staff and owners read and change the tree. */
export const categoryRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { categories } = ctx;
  keepBodiesSmall(app);
  answerFormsByField(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };

  app.get(
    '/admin/api/categories',
    { schema: { response: { 200: CategoryTree } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return categories.tree();
    },
  );

  app.put(
    '/admin/api/categories',
    {
      config: change,
      schema: {
        body: CategoryTreeBody,
        response: { 200: CategoryTree, 400: FieldErrors, 409: ErrorResponse },
      },
    },
    async (request) => categories.save(request.body, request.staff.actor),
  );
};
