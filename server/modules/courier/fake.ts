import { randomBytes } from 'node:crypto';
import { COURIER_STATUS_IDS, type CourierStatus } from '../../../contract/courier-tracking.ts';
import type { Db } from '../../db/connect.ts';
import type { SimCourierScan } from '../../db/schema.ts';
import { indiaPincode } from '../delivery/india.ts';
import { anyPartnerServes } from '../delivery/service.ts';
import type { ShiprocketReply, ShiprocketRequest, ShiprocketTransport } from './shiprocket.ts';
import { toShiprocketTime, toShiprocketTimestamp } from './shiprocket-time.ts';
import type { ShiprocketWebhook } from './webhook.ts';

/** A scan as Shiprocket reports it (tracking and webhook alike), from the fake's record of it. */
const toActivity = (scan: SimCourierScan) => ({
  date: scan.date,
  status: scan.status.replaceAll(' ', '-'),
  activity: scan.status,
  location: scan.location,
  'sr-status': String(COURIER_STATUS_IDS[scan.status as CourierStatus] ?? 'NA'),
  'sr-status-label': scan.status,
});

const fakeShipment = (db: Db, awb: string) =>
  db.selectFrom('sim_courier_shipments').selectAll().where('awb', '=', awb).executeTakeFirst();

/** The fake's couriers: a slower, cheaper surface one (its recommendation) and a faster air one. */
const COURIERS = [
  { courier_company_id: 1, courier_name: 'Haat Fake Surface', extraDays: 1, rupeesPerKg: 60 },
  { courier_company_id: 2, courier_name: 'Haat Fake Air', extraDays: 0, rupeesPerKg: 140 },
];

/**
 * Days between two pincodes as India Post's numbering suggests distance: the same sorting district
 * (first 3 digits) is near, the same circle (first 2) nearer than the same region (first digit).
 */
function baseDays(pickup: string, delivery: string): number {
  if (pickup.slice(0, 3) === delivery.slice(0, 3)) return 1;
  if (pickup.slice(0, 2) === delivery.slice(0, 2)) return 2;
  if (pickup[0] === delivery[0]) return 3;
  return 5;
}

/** the statuses the fake answers with, which its route declares */
export type FakeStatus = 200 | 400 | 401 | 404 | 422;
type FakeReply = ShiprocketReply & { status: FakeStatus };

const reply = (status: FakeStatus, body: unknown): FakeReply => ({ status, body });

/**
 * Shiprocket's API as its documentation describes it, on this machine (decision 048): for development
 * and tests, answering the shop's client exactly as Shiprocket would. Any API user logs in; it serves a
 * delivery pincode when the shop's pincode table (what its partners serve) has it.
 */
export class FakeShiprocket {
  private readonly tokens = new Set<string>();

  constructor(private readonly db: Db) {}

  /** The client's transport when the fake is the partner: the same JSON, without a trip through a socket. */
  transport(): ShiprocketTransport {
    return async (request) => {
      const answer = await this.handle(JSON.parse(JSON.stringify(request)) as ShiprocketRequest);
      return JSON.parse(JSON.stringify(answer)) as ShiprocketReply;
    };
  }

  async handle({ method, path, token, body }: ShiprocketRequest): Promise<FakeReply> {
    const url = new URL(path, 'http://fake');
    const route = `${method} ${url.pathname.replace(/\/+$/, '')}`;
    if (route === 'POST /v1/external/auth/login') return this.login(body);
    if (!token || !this.tokens.has(token))
      return reply(401, { message: 'Token has expired', status_code: 401 });
    if (route === 'GET /v1/external/courier/serviceability') return this.serviceability(url.searchParams);
    const tracked = /^GET \/v1\/external\/courier\/track\/awb\/([^/]+)$/.exec(route);
    if (tracked) return this.track(decodeURIComponent(tracked[1] ?? ''));
    return reply(404, { message: `No route ${route}`, status_code: 404 });
  }

  private login(body: unknown): FakeReply {
    const { email, password } = (body ?? {}) as { email?: unknown; password?: unknown };
    if (typeof email !== 'string' || !email || typeof password !== 'string' || !password) {
      return reply(400, { message: 'Invalid email and password combination', status_code: 400 });
    }
    const token = randomBytes(24).toString('base64url');
    this.tokens.add(token);
    return reply(200, { id: 1, email, first_name: 'Haat', last_name: 'Fake', company_id: 1, token });
  }

  private async serviceability(query: URLSearchParams): Promise<FakeReply> {
    const pickup = query.get('pickup_postcode') ?? '';
    const delivery = query.get('delivery_postcode') ?? '';
    const weight = Number(query.get('weight'));
    if (!indiaPincode(pickup) || !(weight > 0)) {
      return reply(422, {
        message: 'Oops! Invalid Data.',
        errors: { pickup_postcode: ['The pickup postcode or the weight is not valid.'] },
        status_code: 422,
      });
    }
    if (!(await anyPartnerServes(this.db, delivery))) {
      return reply(404, { message: 'Delivery postcode not serviceable', status: 404 });
    }
    const days = baseDays(pickup, delivery);
    const couriers = COURIERS.map(({ extraDays, rupeesPerKg, ...courier }) => {
      const rate = Math.round(rupeesPerKg * Math.max(weight, 0.5));
      return {
        ...courier,
        estimated_delivery_days: String(days + extraDays),
        rate,
        freight_charge: rate,
        postcode: delivery,
      };
    });
    return reply(200, {
      status: 200,
      currency: 'INR',
      data: { available_courier_companies: couriers, recommended_courier_company_id: 1 },
    });
  }

  /** Shiprocket's tracking of an AWB: its scans newest first, or its "no activities" answer before any. */
  private async track(awb: string): Promise<FakeReply> {
    const shipment = await fakeShipment(this.db, awb);
    if (!shipment) return reply(404, { message: '404 Not Found', status_code: 404 });
    if (shipment.scans.length === 0) {
      return reply(200, {
        tracking_data: {
          track_status: 0,
          error:
            'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
        },
      });
    }
    const status = shipment.status as CourierStatus;
    return reply(200, {
      tracking_data: {
        track_status: 1,
        shipment_status: COURIER_STATUS_IDS[status],
        shipment_track: [
          {
            id: shipment.shipment_id,
            awb_code: awb,
            courier_company_id: shipment.courier_id,
            shipment_id: shipment.shipment_id,
            order_id: shipment.shipment_id,
            current_status: status,
            origin: shipment.pickup_pincode,
            destination: shipment.delivery_pincode,
            courier_name: shipment.courier_name,
          },
        ],
        shipment_track_activities: shipment.scans.map(toActivity).reverse(),
        track_url: `https://shiprocket.co/tracking/${awb}`,
      },
    });
  }

  /**
   * Development and tests (POST /api/dev/courier/{awb}): the shipment reaches `status` now, and the
   * tracking webhook Shiprocket would send of it is answered; undefined when no shipment has the AWB.
   */
  async move(awb: string, status: CourierStatus, at = new Date()): Promise<ShiprocketWebhook | undefined> {
    const shipment = await fakeShipment(this.db, awb);
    if (!shipment) return undefined;
    const pincode = status === 'PICKED UP' ? shipment.pickup_pincode : shipment.delivery_pincode;
    const scan = { status, date: toShiprocketTime(at), location: `Hub ${pincode}` };
    const scans = [...shipment.scans, scan];
    await this.db
      .updateTable('sim_courier_shipments')
      .set({ scans: JSON.stringify(scans), status })
      .where('shipment_id', '=', shipment.shipment_id)
      .execute();
    return {
      awb,
      courier_name: shipment.courier_name ?? '',
      current_status: status,
      current_status_id: COURIER_STATUS_IDS[status],
      shipment_status: status,
      shipment_status_id: COURIER_STATUS_IDS[status],
      current_timestamp: toShiprocketTimestamp(at),
      order_id: shipment.order_id,
      sr_order_id: shipment.shipment_id,
      scans: scans.map(toActivity),
      is_return: shipment.is_return ? 1 : 0,
    };
  }
}
