import { type Static, Type } from 'typebox';

/** Shiprocket's statuses that tracking acts on (decision 050), with Shiprocket's status ids. */
export const COURIER_STATUS_IDS = {
  'PICKED UP': 42,
  'IN TRANSIT': 18,
  'OUT FOR DELIVERY': 17,
  UNDELIVERED: 21,
  'RTO INITIATED': 9,
  DELIVERED: 7,
  'RTO DELIVERED': 10,
} as const;
export type CourierStatus = keyof typeof COURIER_STATUS_IDS;
export const COURIER_STATUSES = Object.keys(COURIER_STATUS_IDS) as CourierStatus[];

/**
 * POST /api/webhooks/courier: Shiprocket's tracking update (decision 050), sent with the shop's
 * SHIPROCKET_WEBHOOK_TOKEN in `x-api-key`. Only the fields tracking reads are checked; Shiprocket's
 * others (courier_name, etd, pod, ...) pass.
 */
export const CourierWebhookBody = Type.Object(
  {
    /** the air waybill; Shiprocket may send it as a number */
    awb: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Integer({ minimum: 0 })]),
    /** e.g. 'DELIVERED' */
    current_status: Type.String({ minLength: 1, maxLength: 100 }),
    /** 'DD MM YYYY HH:mm:ss' (or 'YYYY-MM-DD HH:mm:ss'), India time */
    current_timestamp: Type.String({ minLength: 1, maxLength: 40 }),
    scans: Type.Optional(
      Type.Array(
        Type.Object(
          { date: Type.Optional(Type.String()), location: Type.Optional(Type.String()) },
          { additionalProperties: true },
        ),
        { maxItems: 500 },
      ),
    ),
  },
  { additionalProperties: true },
);
export type CourierWebhookBody = Static<typeof CourierWebhookBody>;

/** recorded: the shipment's event was taken (or was known already); unknown: no shipment has the AWB */
export const CourierWebhookResponse = Type.Object({
  status: Type.Union([Type.Literal('recorded'), Type.Literal('unknown')]),
});
export type CourierWebhookResponse = Static<typeof CourierWebhookResponse>;

// POST /api/dev/courier/{awb} (development only, this machine only) ---------------------------------------

export const DevCourierParams = Type.Object({ awb: Type.String({ minLength: 1, maxLength: 64 }) });
export const DevCourierBody = Type.Object(
  {
    /** one of Shiprocket's statuses */
    status: Type.Union(COURIER_STATUSES.map((status) => Type.Literal(status))),
    /** false: the event is not sent, only polling sees it */
    deliver: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DevCourierBody = Static<typeof DevCourierBody>;
/** the fake's event as its webhook carried it, and the shop's answer to it (null when not sent) */
export const DevCourierResponse = Type.Object({
  awb: Type.String(),
  status: Type.String(),
  webhook: Type.Union([Type.Integer(), Type.Null()]),
});
export type DevCourierResponse = Static<typeof DevCourierResponse>;
