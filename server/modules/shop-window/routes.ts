import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FormRefused } from '../../../contract/errors.ts';
import { AdminShopWindow, ShopWindowBody, ShopWindowResponse } from '../../../contract/shop-window.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';

/** The home page's window: what shoppers are shown (public), and the back office's edit of it. */
export const shopWindowRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  await app.register(publicRoutes, ctx);
  await app.register(backOfficeRoutes, ctx);
};

const publicRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { shopWindow }) => {
  app.get(
    '/api/shop-window',
    { schema: { response: { 200: ShopWindowResponse } } },
    async (_request, reply) => {
      // it follows what is on sale at once: a browser asks again rather than keep an old window
      reply.header('cache-control', 'no-cache');
      return shopWindow.current();
    },
  );
};

const backOfficeRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { shopWindow } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);
  answerFormsByField(app);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };

  app.get(
    '/admin/api/shop-window',
    { schema: { response: { 200: AdminShopWindow } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return shopWindow.saved();
    },
  );

  app.put(
    '/admin/api/shop-window',
    {
      config: change,
      schema: { body: ShopWindowBody, response: { 200: AdminShopWindow, 400: FormRefused } },
    },
    async (request) => shopWindow.save(request.body, request.staff.actor),
  );
};
