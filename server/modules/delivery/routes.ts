import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PincheckBody, PincheckResponse } from '../../../contract/shopping.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import type { Services } from '../../services.ts';
import { isServiceable } from './service.ts';

export const deliveryRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  // visitors check pincodes too (decision 022): the answer is public, and the CSRF check still applies

  app.post(
    '/api/pincheck',
    { schema: { body: PincheckBody, response: { 200: PincheckResponse } } },
    async (request) => isServiceable(ctx.db, request.body.partner, request.body.pincode),
  );
};
