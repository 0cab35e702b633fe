import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DemoRemoved } from '../../contract/demo.ts';
import { ownerOnly } from '../platform/admin-auth.ts';
import { keepBodiesSmall } from '../platform/body-limit.ts';
import type { Services } from '../services.ts';

/** The owner's removal of the demo catalogue (/admin/api/demo/remove). */
export const demoRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const owners = { config: { csrf: false }, preHandler: ownerOnly };

  app.post(
    '/admin/api/demo/remove',
    { ...owners, schema: { response: { 200: DemoRemoved } } },
    async (request) => ctx.demo.remove(request.staff.actor),
  );
};
