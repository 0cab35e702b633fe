import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CheckResponse } from '../../../contract/session.ts';
import type { AppContext } from '../../app.ts';

export const accountRoutes: FastifyPluginAsyncTypebox<AppContext> = async (app, ctx) => {
  app.get('/api/check', { schema: { response: { 200: CheckResponse } } }, async (request, reply) => {
    const session = await ctx.sessions.ensure(request, reply);
    reply.header('cache-control', 'no-store');
    return { csrfToken: session.csrfToken };
  });
};
