import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DASHBOARD_LOW_STOCK, DashboardResponse } from '../../../contract/admin.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import type { Services } from '../../services.ts';

/**
 * The back office's own page: the dashboard, a glance across the modules (takings, low stock, stuck
 * shipments, the SMS budgets and a failing SMS provider). Each module registers its own back-office routes.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  app.addHook('onRequest', ctx.adminAuth.guard);

  app.get('/admin/api/dashboard', { schema: { response: { 200: DashboardResponse } } }, async () => {
    const [takings, lowStock, stuckShipments, smsBudgetsPastHalf] = await Promise.all([
      ctx.backOffice.dashboard(),
      ctx.products.liveLowStock(DASHBOARD_LOW_STOCK),
      ctx.tracking.stuck(),
      ctx.accounts.budgetsPastHalf(),
    ]);
    const smsProviderFailing = ctx.accounts.failingSmsProvider();
    return { ...takings, lowStock, stuckShipments, smsBudgetsPastHalf, smsProviderFailing };
  });
};
