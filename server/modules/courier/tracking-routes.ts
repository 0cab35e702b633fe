import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevCourierBooking } from '../../../contract/cod.ts';
import {
  CourierWebhookBody,
  CourierWebhookResponse,
  DevCourierBody,
  DevCourierParams,
  DevCourierResponse,
} from '../../../contract/courier-tracking.ts';
import { ErrorResponse } from '../../../contract/errors.ts';
import { answerLoopbackOnly } from '../../platform/dev-routes.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { webhookEvent, webhookTokenMatches } from './webhook.ts';

const WEBHOOK_PATH = '/api/webhooks/courier';

/**
 * POST /api/webhooks/courier: Shiprocket's tracking update. No session and no CSRF token: the token
 * Shiprocket sends in `x-api-key` (SHIPROCKET_WEBHOOK_TOKEN) is the authentication. An AWB the shop did
 * not book is acknowledged, so Shiprocket stops sending it.
 */
export const courierWebhookRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  app.post(
    WEBHOOK_PATH,
    {
      config: { csrf: false },
      schema: {
        description:
          "Shiprocket's tracking update, with SHIPROCKET_WEBHOOK_TOKEN in x-api-key; moves the order's line (decision 050).",
        body: CourierWebhookBody,
        response: { 200: CourierWebhookResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
      // the token is checked before the body, so a stranger learns nothing of what the shop accepts
      preValidation: async (request) => {
        if (!webhookTokenMatches(ctx.config.shiprocket.webhookToken, request.headers['x-api-key'])) {
          throw unauthorized('The courier webhook needs its token in x-api-key');
        }
      },
    },
    async (request) => {
      const { awb, event } = webhookEvent(request.body);
      ctx.metrics.courierWebhookEvents.inc({ status: event.status });
      const known = await ctx.tracking.receive(awb, [event]);
      return { status: known ? ('recorded' as const) : ('unknown' as const) };
    },
  );
};

/**
 * GET /api/dev/courier/{awb}: the fake's record of the booking. POST /api/dev/courier/{awb} (development and tests, this machine only): the local fake moves the
 * shipment to the status and sends its webhook to the shop's own /api/webhooks/courier, unless
 * `deliver` is false (then only polling sees the event). It answers once the webhook was answered.
 */
export const devTrackingRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { fake } = ctx.courier;
  if (ctx.config.nodeEnv === 'production' || !fake) return;
  answerLoopbackOnly(app);
  // the booking as the fake recorded it: how it is paid and the rupees it collects (cash on delivery)
  app.get(
    '/api/dev/courier/:awb',
    {
      schema: {
        params: DevCourierParams,
        response: { 200: DevCourierBooking, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { awb } = request.params;
      const booking = await fake.booking(awb);
      if (!booking) throw notFound(`The courier has no shipment with AWB ${awb}`);
      return booking;
    },
  );
  app.post(
    '/api/dev/courier/:awb',
    {
      schema: {
        params: DevCourierParams,
        body: DevCourierBody,
        response: { 200: DevCourierResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { awb } = request.params;
      const webhook = await fake.move(awb, request.body.status);
      if (!webhook) throw notFound(`The courier has no shipment with AWB ${awb}`);
      if (request.body.deliver === false) return { awb, status: webhook.current_status, webhook: null };
      const answer = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'x-api-key': ctx.config.shiprocket.webhookToken },
        payload: JSON.stringify(webhook),
      });
      if (answer.statusCode !== 200) {
        app.log.error({ status: answer.statusCode, body: answer.body }, 'courier webhook refused');
      }
      return { awb, status: webhook.current_status, webhook: answer.statusCode };
    },
  );
};
