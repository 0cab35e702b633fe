import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, FormRefused } from '../../../contract/errors.ts';
import {
  AdminShop,
  PolicyParams,
  PolicyResponse,
  PublicShop,
  SettingsUpdate,
  ShopSettings,
  ShopUpdate,
} from '../../../contract/shop.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { JSON_BODY_LIMIT, keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';

/** The shop's details and policy pages (public), and the owner's edit of them and of the settings. */
export const shopRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  await app.register(publicRoutes, ctx);
  await app.register(ownerRoutes, ctx);
};

const publicRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { shop, config }) => {
  app.get('/api/shop', { schema: { response: { 200: PublicShop } } }, async () => ({
    ...(await shop.details()),
    testMode: config.testMode,
  }));

  app.get(
    '/api/policies/:page',
    { schema: { params: PolicyParams, response: { 200: PolicyResponse, 404: ErrorResponse } } },
    async (request) => shop.policy(request.params.page),
  );
};

const ownerRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { shop } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);
  // a form's wrong type or length answers as its own checks do: 400 `{error, fields}`
  answerFormsByField(app);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none. Staff are turned away
  // before their body is read.
  const owners = { onRequest: ownerOnly };
  const edit = { ...owners, config: { csrf: false } };

  app.get(
    '/admin/api/shop',
    { ...owners, schema: { response: { 200: AdminShop } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return shop.forOwner();
    },
  );

  app.put(
    '/admin/api/shop',
    // six policies of Markdown in any script
    {
      ...edit,
      bodyLimit: JSON_BODY_LIMIT,
      schema: { body: ShopUpdate, response: { 200: AdminShop, 400: FormRefused } },
    },
    async (request) => shop.update(request.body, request.staff.actor),
  );

  app.get('/admin/api/settings', { ...owners, schema: { response: { 200: ShopSettings } } }, async () =>
    shop.settings(),
  );

  app.put(
    '/admin/api/settings',
    { ...edit, schema: { body: SettingsUpdate, response: { 200: ShopSettings, 400: FormRefused } } },
    async (request) => shop.setSettings(request.body, request.staff.actor),
  );
};
