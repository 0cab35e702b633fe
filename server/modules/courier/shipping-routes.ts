import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { PurchaseParams } from '../../../contract/admin.ts';
import { PdfAnswer } from '../../../contract/invoices.ts';
import {
  CourierChoices,
  PickupScheduled,
  ShipmentLines,
  ShipmentsBooked,
  ShippingSetup,
} from '../../../contract/shipping.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import type { Services } from '../../services.ts';

/** A PDF shown in the browser, never cached (labels and manifests, the fake's files too). */
export function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${name.replace(/[^\w-]/g, '')}.pdf"`)
    .send(pdf);
}

/**
 * Shipping through the courier partner from the back office (decision 049); Ship itself
 * is POST /admin/api/orders/{purchaseId}/ship (admin routes). Staff, as every back-office route.
 */
export const shippingRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  const { shipping } = ctx;
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };

  app.get('/admin/api/shipping', { schema: { response: { 200: ShippingSetup } } }, async () => ({
    partner: shipping.partnerName,
  }));

  app.get(
    '/admin/api/orders/:purchaseId/couriers',
    { schema: { params: PurchaseParams, response: { 200: CourierChoices } } },
    async (request) => shipping.couriers(request.params.purchaseId),
  );

  app.get(
    '/admin/api/orders/:purchaseId/label',
    { schema: { params: PurchaseParams, response: { 200: PdfAnswer } } },
    async (request, reply) => {
      const { purchaseId } = request.params;
      return sendPdf(reply, `label-${purchaseId}`, await shipping.labels([purchaseId]));
    },
  );

  app.post(
    '/admin/api/shipments',
    { config: change, schema: { body: ShipmentLines, response: { 200: ShipmentsBooked } } },
    async (request) => shipping.bookEach(request.body.purchaseIds, request.staff.actor),
  );

  app.post(
    '/admin/api/shipments/labels',
    { config: change, schema: { body: ShipmentLines, response: { 200: PdfAnswer } } },
    async (request, reply) => sendPdf(reply, 'labels', await shipping.labels(request.body.purchaseIds)),
  );

  app.post(
    '/admin/api/shipments/manifest',
    { config: change, schema: { body: ShipmentLines, response: { 200: PdfAnswer } } },
    async (request, reply) => sendPdf(reply, 'manifest', await shipping.manifest(request.body.purchaseIds)),
  );

  app.post(
    '/admin/api/shipments/pickup',
    { config: change, schema: { body: ShipmentLines, response: { 200: PickupScheduled } } },
    async (request) => shipping.schedulePickup(request.body.purchaseIds),
  );
};
