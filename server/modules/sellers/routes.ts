import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ErrorResponse, FieldErrors } from '../../../contract/errors.ts';
import { Seller, SellerBody, SellerList, SellerParams } from '../../../contract/sellers.ts';
import { CommissionAnswer, CommissionBody } from '../../../contract/settlements.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';

/** The back office's sellers (/admin/api/sellers): staff and owners read them, the owner changes them. */
export const sellerRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { sellers } = ctx;
  keepBodiesSmall(app);
  answerFormsByField(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none. Staff are turned away
  // before their body is read.
  const owners = { config: { csrf: false }, onRequest: ownerOnly };
  const answersEdit = { 200: Seller, 400: FieldErrors, 404: ErrorResponse };

  app.get('/admin/api/sellers', { schema: { response: { 200: SellerList } } }, async (_request, reply) => {
    noStore(reply);
    return { sellers: await sellers.list() };
  });

  app.get(
    '/admin/api/sellers/:id',
    { schema: { params: SellerParams, response: { 200: Seller, 404: ErrorResponse } } },
    async (request, reply) => {
      noStore(reply);
      return sellers.get(request.params.id);
    },
  );

  app.post(
    '/admin/api/sellers',
    { ...owners, schema: { body: SellerBody, response: { 201: Seller, 400: FieldErrors } } },
    async (request, reply) => reply.code(201).send(await sellers.create(request.body, request.staff.actor)),
  );

  app.put(
    '/admin/api/sellers/:id',
    { ...owners, schema: { params: SellerParams, body: SellerBody, response: answersEdit } },
    async (request) => sellers.update(request.params.id, request.body, request.staff.actor),
  );

  app.put(
    '/admin/api/sellers/:id/commission',
    {
      ...owners,
      schema: {
        params: SellerParams,
        body: CommissionBody,
        response: { 200: CommissionAnswer, 400: FieldErrors, 404: ErrorResponse },
      },
    },
    async (request) =>
      sellers.setCommission(request.params.id, request.body.commissionPercent, request.staff.actor),
  );

  for (const active of [false, true]) {
    app.post(
      `/admin/api/sellers/:id/${active ? 'activate' : 'deactivate'}`,
      { ...owners, schema: { params: SellerParams, response: { 200: Seller, 404: ErrorResponse } } },
      async (request) => sellers.setActive(request.params.id, active, request.staff.actor),
    );
  }
};

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
