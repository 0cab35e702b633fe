import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SetStockBody, SetStockResponse } from '../../../contract/admin.ts';
import type { AppContext } from '../../app.ts';
import { adminGuard } from '../../platform/admin-auth.ts';
import { setStock } from './service.ts';

/** The back office: bearer-token calls from staff tools, so no cookie session and no CSRF token. */
export const adminRoutes: FastifyPluginAsyncTypebox<AppContext> = async (app, ctx) => {
  // onRequest: an unauthorised caller is turned away before its body is read
  app.addHook('onRequest', adminGuard(ctx.config.adminToken));

  app.put(
    '/admin/api/stock',
    { config: { csrf: false }, schema: { body: SetStockBody, response: { 200: SetStockResponse } } },
    async (request) => setStock(ctx.db, ctx.catalog, request.body),
  );
};
