import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SetStockBody, SetStockResponse } from '../../../contract/admin.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import type { Services } from '../../services.ts';
import { setStock } from './stock.ts';

/** The back office's stock: staff set a size's count; the audit log says who changed it from what. */
export const inventoryRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  app.addHook('onRequest', ctx.adminAuth.guard);

  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  app.put(
    '/admin/api/stock',
    { config: { csrf: false }, schema: { body: SetStockBody, response: { 200: SetStockResponse } } },
    async (request) => setStock(ctx.inventory, request.body, request.staff.actor),
  );
};
