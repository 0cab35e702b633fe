import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AppliedCoupon,
  ApplyCouponBody,
  BagCouponsResponse,
  Coupon,
  CouponBody,
  CouponRemoved,
  CouponsResponse,
  OfferReportResponse,
} from '../../../contract/coupons.ts';
import { ErrorResponse, FieldErrors } from '../../../contract/errors.ts';
import { OfferParams, Sale, SaleBody, SalesResponse } from '../../../contract/offers.ts';
import { bagToChange, bagToRead } from '../../platform/bag-owner.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';

/** The offers: the shopper's coupons on their bag, and the back office's coupons, sales and report. */
export const offerRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  await app.register(couponRoutes, ctx);
  await app.register(backOfficeRoutes, ctx);
};

/**
 * The back office's offers (staff and owners): coupons, sales (scheduled, edited, stopped) and their report;
 * every change goes to Activity.
 */
const backOfficeRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { coupons, sales } = ctx.offers;
  keepBodiesSmall(app);
  answerFormsByField(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const writes = { config: { csrf: false } };
  const answersEdit = { 200: Coupon, 400: FieldErrors, 404: ErrorResponse };
  const answersSale = { 200: Sale, 400: FieldErrors, 404: ErrorResponse, 409: ErrorResponse };

  app.get('/admin/api/coupons', { schema: { response: { 200: CouponsResponse } } }, () => coupons.list());

  app.post(
    '/admin/api/coupons',
    { ...writes, schema: { body: CouponBody, response: { 201: Coupon, 400: FieldErrors } } },
    async (request, reply) => reply.code(201).send(await coupons.create(request.body, request.staff.actor)),
  );

  app.put(
    '/admin/api/coupons/:id',
    { ...writes, schema: { params: OfferParams, body: CouponBody, response: answersEdit } },
    (request) => coupons.update(Number(request.params.id), request.body, request.staff.actor),
  );

  app.post(
    '/admin/api/coupons/:id/disable',
    { ...writes, schema: { params: OfferParams, response: { 200: Coupon, 404: ErrorResponse } } },
    (request) => coupons.disable(Number(request.params.id), request.staff.actor),
  );

  app.get('/admin/api/sales', { schema: { response: { 200: SalesResponse } } }, async () => sales.list());

  app.post(
    '/admin/api/sales',
    { ...writes, schema: { body: SaleBody, response: { 201: Sale, 400: FieldErrors } } },
    async (request, reply) => reply.code(201).send(await sales.create(request.body, request.staff.actor)),
  );

  app.put(
    '/admin/api/sales/:id',
    { ...writes, schema: { params: OfferParams, body: SaleBody, response: answersSale } },
    async (request) => sales.update(Number(request.params.id), request.body, request.staff.actor),
  );

  app.post(
    '/admin/api/sales/:id/stop',
    { ...writes, schema: { params: OfferParams, response: answersSale } },
    async (request) => sales.switchOff(Number(request.params.id), request.staff.actor),
  );

  app.get('/admin/api/offers/report', { schema: { response: { 200: OfferReportResponse } } }, () =>
    ctx.offers.report(),
  );
};

/** The shopper's coupons on their bag (visitor or customer); writes carry the CSRF token, as every write. */
const couponRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { sessions, browser } = ctx;
  const { coupons } = ctx.offers;
  keepBodiesSmall(app);

  app.get('/api/coupons', { schema: { response: { 200: BagCouponsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return coupons.forBag(await bagToRead(sessions, request));
  });

  app.post(
    '/api/coupons/apply',
    {
      schema: {
        body: ApplyCouponBody,
        response: { 200: AppliedCoupon, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) =>
      coupons.apply(
        await bagToChange(sessions, request, reply),
        request.body.code,
        browser.browserId(request) ?? '',
      ),
  );

  app.delete('/api/coupons/apply', { schema: { response: { 200: CouponRemoved } } }, async (request) => {
    const owner = await bagToRead(sessions, request);
    if (owner) await coupons.remove(owner);
    return {};
  });
};
