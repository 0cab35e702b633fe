import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SetupAnswer } from '../../../contract/setup.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import type { Services } from '../../services.ts';

/** The owner's setup checklist and "Go live" (GET /admin/api/setup). */
export const setupRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { setup } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);

  app.get(
    '/admin/api/setup',
    { preHandler: ownerOnly, schema: { response: { 200: SetupAnswer } } },
    // read afresh each time: the checklist follows the owner's changes at once
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await setup.checklist()),
  );
};
