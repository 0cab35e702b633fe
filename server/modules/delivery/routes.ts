import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PincheckBody, PincheckResponse } from '../../../contract/shopping.ts';
import type { AppContext } from '../../app.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { isServiceable } from './service.ts';

export const deliveryRoutes: FastifyPluginAsyncTypebox<AppContext> = async (app, ctx) => {
  keepBodiesSmall(app);
  // logged out is a 403 whatever the body says
  app.addHook('preValidation', async (request) => {
    await ctx.sessions.requireCustomer(request);
  });

  app.post(
    '/api/pincheck',
    { schema: { body: PincheckBody, response: { 200: PincheckResponse } } },
    async (request) => isServiceable(ctx.db, request.body.partner, request.body.pincode),
  );
};
