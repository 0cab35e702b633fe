import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, FieldErrors } from '../../../contract/errors.ts';
import { OfferParams, Sale, SaleBody, SalesResponse } from '../../../contract/offers.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';

/** The back office's sales (/admin/api/sales): staff and owners schedule, edit and stop them. */
export const salesRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { sales } = ctx;
  keepBodiesSmall(app);
  answerFormsByField(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { config: { csrf: false } };
  const answersChange = { 200: Sale, 400: FieldErrors, 404: ErrorResponse, 409: ErrorResponse };

  app.get('/admin/api/sales', { schema: { response: { 200: SalesResponse } } }, async () => sales.list());

  app.post(
    '/admin/api/sales',
    { ...change, schema: { body: SaleBody, response: { 201: Sale, 400: FieldErrors } } },
    async (request, reply) => reply.code(201).send(await sales.create(request.body, request.staff.actor)),
  );

  app.put(
    '/admin/api/sales/:id',
    { ...change, schema: { params: OfferParams, body: SaleBody, response: answersChange } },
    async (request) => sales.update(Number(request.params.id), request.body, request.staff.actor),
  );

  app.post(
    '/admin/api/sales/:id/stop',
    { ...change, schema: { params: OfferParams, response: answersChange } },
    async (request) => sales.switchOff(Number(request.params.id), request.staff.actor),
  );
};
