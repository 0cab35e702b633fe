import { randomBytes, randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import PDFDocument from 'pdfkit';
import type { DevCourierBooking } from '../../../contract/cod.ts';
import { COURIER_STATUS_IDS, type CourierStatus } from '../../../contract/courier-tracking.ts';
import { formatPaise } from '../../../contract/money.ts';
import type { Db } from '../../db/connect.ts';
import type { SimCourierScan, SimCourierShipmentsTable } from '../../db/schema.ts';
import { addBusinessDays, dayText, indiaToday } from '../../modules/courier/business-days.ts';
import { toShiprocketTime, toShiprocketTimestamp } from '../../modules/courier/shiprocket-time.ts';
import type { ShiprocketWebhook } from '../../modules/courier/webhook.ts';
import { indiaPincode } from '../../modules/delivery/india.ts';
import { anyPartnerServes } from '../../modules/delivery/service.ts';
import { openFont } from '../../modules/invoices/fonts.ts';
import type { ShiprocketReply, ShiprocketRequest, ShiprocketTransport } from './shiprocket.ts';

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

/** where the in-process fake's files are said to be; the shop fetches them from the fake itself */
const FAKE_ORIGIN = 'http://127.0.0.1';
/** the fake's labels and manifests, under its dev prefix */
export const FAKE_FILES_PATH = '/api/dev/shiprocket/files';
const FILE_NAME = /^(label|manifest)-(\d+(?:-\d+)*)\.pdf$/;
/** Shiprocket's limit for one parcel, in kg */
const MAX_WEIGHT_KG = 30;

type Fields = Record<string, unknown>;
/** Shiprocket takes the payment method in any case ("cod", "Prepaid"); undefined for anything else */
const paymentMethodOf = (value: unknown) =>
  (['COD', 'Prepaid'] as const).find((method) => method.toLowerCase() === text(value).toLowerCase());
const fields = (body: unknown): Fields => (body && typeof body === 'object' ? (body as Fields) : {});
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
/** 422 as Shiprocket answers a field it refuses */
const invalid = (field: string, message: string): FakeReply =>
  reply(422, { message: 'Oops! Invalid Data.', errors: { [field]: [message] }, status_code: 422 });
const ids = (value: unknown) => (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isInteger);

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

  /** `origin`: where the fake is reached from, which the URLs of its labels and manifests start with */
  async handle({ method, path, token, body }: ShiprocketRequest, origin = FAKE_ORIGIN): Promise<FakeReply> {
    const url = new URL(path, 'http://fake');
    const route = `${method} ${url.pathname.replace(/\/+$/, '')}`;
    if (route === 'POST /v1/external/auth/login') return this.login(body);
    if (!token || !this.tokens.has(token))
      return reply(401, { message: 'Token has expired', status_code: 401 });
    if (route === 'GET /v1/external/courier/serviceability') return this.serviceability(url.searchParams);
    const tracked = /^GET \/v1\/external\/courier\/track\/awb\/([^/]+)$/.exec(route);
    if (tracked) return this.track(decodeURIComponent(tracked[1] ?? ''));
    const booking = this.bookingRoutes(origin)[route];
    if (booking) return booking(fields(body));
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

  /**
   * Development and tests (GET /api/dev/courier/{awb}): the forward booking with the AWB as the fake
   * recorded it, how it is paid and the rupees it collects; undefined when no shipment has the AWB.
   */
  async booking(awb: string): Promise<DevCourierBooking | undefined> {
    const shipment = await fakeShipment(this.db, awb);
    if (!shipment) return undefined;
    return {
      awb,
      status: shipment.status,
      payment_method: shipment.payment_method,
      sub_total: Number(shipment.sub_total),
    };
  }

  // Booking (decision 049) ------------------------------------------------------------

  /** The seller addresses registered as pickup locations: kept in memory, as tokens are. */
  private readonly pickups = new Map<string, { pin_code: string; address: string }>();

  private bookingRoutes(origin: string): Record<string, (body: Fields) => Promise<FakeReply>> {
    return {
      'GET /v1/external/settings/company/pickup': async () => this.listPickups(),
      'POST /v1/external/settings/company/addpickup': async (body) => this.addPickup(body),
      'POST /v1/external/orders/create/adhoc': (body) => this.createOrder(body, false),
      'POST /v1/external/orders/create/return': (body) => this.createOrder(body, true),
      'POST /v1/external/courier/assign/awb': (body) => this.assignAwb(body),
      'POST /v1/external/courier/generate/pickup': (body) => this.generatePickup(body),
      'POST /v1/external/courier/generate/label': (body) =>
        this.fileOf('label', ids(body.shipment_id), origin),
      'POST /v1/external/manifests/generate': (body) =>
        this.fileOf('manifest', ids(body.shipment_id), origin),
      'POST /v1/external/manifests/print': (body) => this.printManifest(ids(body.order_ids), origin),
    };
  }

  private listPickups(): FakeReply {
    const addresses = [...this.pickups].map(([pickup_location, address]) => ({
      pickup_location,
      ...address,
    }));
    return reply(200, { data: { shipping_address: addresses } });
  }

  private addPickup(body: Fields): FakeReply {
    const nickname = text(body.pickup_location);
    if (!nickname) return invalid('pickup_location', 'The pickup location field is required.');
    if (!text(body.address)) return invalid('address', 'The address field is required.');
    if (!indiaPincode(text(body.pin_code))) return invalid('pin_code', 'The pin code is not valid.');
    if (this.pickups.has(nickname)) return invalid('pickup_location', 'Address nick name already in use.');
    this.pickups.set(nickname, { pin_code: text(body.pin_code), address: text(body.address) });
    return reply(200, { success: true, address: { pickup_code: nickname, pin_code: text(body.pin_code) } });
  }

  /**
   * A forward order (from a pickup location to the billing address) or a return (from the pickup address
   * to the shipping address). The same channel order id again, before its AWB, changes that order.
   */
  private async createOrder(body: Fields, isReturn: boolean): Promise<FakeReply> {
    const channelOrderId = text(body.order_id);
    if (!channelOrderId) return invalid('order_id', 'The order id field is required.');
    const side = isReturn ? 'pickup' : 'billing';
    if (!text(body[`${side}_address`]))
      return invalid(`${side}_address`, `The ${side} address field is required.`);
    const delivery = text(isReturn ? body.shipping_pincode : body.billing_pincode);
    let pickup = text(body.pickup_pincode);
    if (!isReturn) {
      const location = this.pickups.get(text(body.pickup_location));
      if (!location) return invalid('pickup_location', 'Wrong Pickup location entered.');
      pickup = location.pin_code;
    }
    if (!/^\d{6}$/.test(pickup)) return invalid('pickup_pincode', 'The pickup pincode is not valid.');
    if (!/^\d{6}$/.test(delivery))
      return invalid(`${isReturn ? 'shipping' : 'billing'}_pincode`, 'The pincode is not valid.');
    const weight = Number(body.weight);
    if (!(weight > 0 && weight <= MAX_WEIGHT_KG)) {
      return invalid('weight', `The weight must be more than 0 and at most ${MAX_WEIGHT_KG} kg.`);
    }
    const paymentMethod = paymentMethodOf(body.payment_method);
    if (!paymentMethod) return invalid('payment_method', 'The payment method must be COD or Prepaid.');
    const subTotal = Number(body.sub_total);
    if (!(Number.isFinite(subTotal) && subTotal >= 0)) {
      return invalid('sub_total', 'The sub total must be a number of rupees.');
    }
    const size = (field: string) => (Number(body[field]) > 0 ? Number(body[field]) : null);
    const values = {
      // a reverse pickup is never paid at the door, whatever the order says
      payment_method: isReturn ? 'Prepaid' : paymentMethod,
      sub_total: subTotal,
      pickup_pincode: pickup,
      delivery_pincode: delivery,
      weight_kg: weight,
      length_cm: size('length'),
      breadth_cm: size('breadth'),
      height_cm: size('height'),
    };
    const open = await this.db
      .selectFrom('sim_courier_shipments')
      .select(['shipment_id', 'order_id', 'awb'])
      .where('channel_order_id', '=', channelOrderId)
      .where('is_return', '=', isReturn)
      .executeTakeFirst();
    if (open?.awb) return reply(422, { message: 'Order Id already exists.', status_code: 422 });
    const row = open
      ? await this.db
          .updateTable('sim_courier_shipments')
          .set(values)
          .where('shipment_id', '=', open.shipment_id)
          .returning(['shipment_id', 'order_id', 'status'])
          .executeTakeFirstOrThrow()
      : await this.db
          .insertInto('sim_courier_shipments')
          .values({
            ...values,
            order_id: String(randomInt(100_000_000, 999_999_999)),
            channel_order_id: channelOrderId,
            is_return: isReturn,
            status: isReturn ? 'RETURN PENDING' : 'NEW',
          })
          .returning(['shipment_id', 'order_id', 'status'])
          .executeTakeFirstOrThrow();
    return reply(200, {
      order_id: Number(row.order_id),
      shipment_id: row.shipment_id,
      status: row.status,
      status_code: isReturn ? 21 : 1,
      awb_code: '',
      courier_company_id: '',
      courier_name: '',
    });
  }

  /** The courier asked for (the recommended one when none is), if it serves the parcel's way. */
  private async assignAwb(body: Fields): Promise<FakeReply> {
    const shipment = await this.shipment(Number(body.shipment_id));
    if (!shipment) return invalid('shipment_id', 'The selected shipment id is invalid.');
    const courier = COURIERS.find((c) => c.courier_company_id === Number(body.courier_id ?? 1));
    if (!courier)
      return reply(422, {
        message: 'Selected courier is not available for this shipment.',
        status_code: 422,
      });
    const served = shipment.is_return ? shipment.pickup_pincode : shipment.delivery_pincode;
    if (!(await anyPartnerServes(this.db, served))) {
      return reply(422, {
        message: `Pincode ${served} is not serviceable by any courier.`,
        status_code: 422,
      });
    }
    const awb = shipment.awb ?? `1900${String(shipment.shipment_id).padStart(8, '0')}`;
    await this.db
      .updateTable('sim_courier_shipments')
      .set({
        awb,
        courier_id: courier.courier_company_id,
        courier_name: courier.courier_name,
        status: 'AWB ASSIGNED',
      })
      .where('shipment_id', '=', shipment.shipment_id)
      .execute();
    return reply(200, {
      awb_assign_status: 1,
      response: {
        data: {
          awb_code: awb,
          courier_company_id: courier.courier_company_id,
          courier_name: courier.courier_name,
          shipment_id: shipment.shipment_id,
          order_id: Number(shipment.order_id),
          applied_weight: Number(shipment.weight_kg),
        },
      },
    });
  }

  /** Pickup the next business day, for shipments with their AWB. */
  private async generatePickup(body: Fields): Promise<FakeReply> {
    const shipments = await this.withAwbs(ids(body.shipment_id));
    if (!shipments) return invalid('shipment_id', 'Please assign an AWB to every shipment first.');
    await this.db
      .updateTable('sim_courier_shipments')
      .set({ pickup_scheduled: true })
      .where(
        'shipment_id',
        'in',
        shipments.map((s) => s.shipment_id),
      )
      .execute();
    const day = dayText(addBusinessDays(indiaToday(new Date()), 1));
    return reply(200, {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: `${day} 10:00:00`,
        pickup_token_number: `Reference No: ${randomInt(1_000_000, 9_999_999)}`,
        status: 3,
        data: `Pickup is scheduled for ${day}`,
      },
    });
  }

  private async printManifest(orderIds: number[], origin: string): Promise<FakeReply> {
    const rows = orderIds.length
      ? await this.db
          .selectFrom('sim_courier_shipments')
          .select('shipment_id')
          .where('order_id', 'in', orderIds.map(String))
          .execute()
      : [];
    if (rows.length !== orderIds.length) return invalid('order_ids', 'The selected order ids are invalid.');
    return this.fileOf(
      'manifest',
      rows.map((row) => row.shipment_id),
      origin,
    );
  }

  /** The URL of the shipments' labels or manifest, which the fake renders when it is fetched. */
  private async fileOf(
    kind: 'label' | 'manifest',
    shipmentIds: number[],
    origin: string,
  ): Promise<FakeReply> {
    if (!(await this.withAwbs(shipmentIds))) {
      return invalid('shipment_id', 'Please assign an AWB to every shipment first.');
    }
    const url = `${origin}${FAKE_FILES_PATH}/${kind}-${shipmentIds.join('-')}.pdf`;
    return kind === 'label'
      ? reply(200, {
          label_created: 1,
          label_url: url,
          response: 'Label has been created and uploaded successfully!',
          not_created: [],
        })
      : reply(200, { status: 1, manifest_url: url });
  }

  /** The shipments, when every one of them has its AWB; undefined otherwise (or for none). */
  private async withAwbs(shipmentIds: number[]) {
    if (shipmentIds.length === 0) return undefined;
    const rows = await this.db
      .selectFrom('sim_courier_shipments')
      .selectAll()
      .where('shipment_id', 'in', shipmentIds)
      .where('awb', 'is not', null)
      .orderBy('shipment_id')
      .execute();
    return rows.length === new Set(shipmentIds).size ? rows : undefined;
  }

  private shipment(shipmentId: number) {
    if (!Number.isInteger(shipmentId)) return Promise.resolve(undefined);
    return this.db
      .selectFrom('sim_courier_shipments')
      .selectAll()
      .where('shipment_id', '=', shipmentId)
      .executeTakeFirst();
  }

  /**
   * A label or manifest the fake gave the URL of (any origin: the path names it), as a PDF; undefined for
   * a name it never gave.
   */
  async file(url: string): Promise<Buffer | undefined> {
    const name = new URL(url, FAKE_ORIGIN).pathname.slice(FAKE_FILES_PATH.length + 1);
    const match = FILE_NAME.exec(name);
    if (!match) return undefined;
    const shipments = await this.withAwbs(ids((match[2] ?? '').split('-')));
    if (!shipments) return undefined;
    return match[1] === 'label' ? renderLabels(shipments) : renderManifest(shipments);
  }
}

type SimShipment = Selectable<SimCourierShipmentsTable>;

/** a PDF from what `draw` puts in it */
function pdf(size: [number, number] | 'A4', draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size, margin: 24, info: { Title: 'Shiprocket (local fake)' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A 4 x 6 inch label a page, as couriers print them. */
function renderLabels(shipments: SimShipment[]): Promise<Buffer> {
  return pdf([288, 432], (doc) => {
    shipments.forEach((shipment, i) => {
      if (i > 0) doc.addPage();
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .text(shipment.courier_name ?? '');
      doc.fontSize(20).text(`AWB ${shipment.awb}`);
      doc.font('Helvetica').fontSize(11).moveDown();
      doc.text(`Order ${shipment.channel_order_id}`);
      doc.text(`${shipment.is_return ? 'Return' : 'Deliver'} to pincode ${shipment.delivery_pincode}`);
      doc.text(`From pincode ${shipment.pickup_pincode}`);
      doc.text(`Weight ${Number(shipment.weight_kg)} kg`);
      drawPayment(doc, shipment);
      if (shipment.length_cm && shipment.breadth_cm && shipment.height_cm) {
        const cm = [shipment.length_cm, shipment.breadth_cm, shipment.height_cm].map(Number);
        doc.text(`Size ${cm.join(' x ')} cm`);
      }
      doc.moveDown().fontSize(8).text('Shiprocket (local fake)');
    });
  });
}

/**
 * How the parcel is paid, large: `COD ₹1,049` (the cash the courier collects at the door) or `Prepaid`.
 * Helvetica has no rupee sign: it is drawn in the Noto font tax documents use (invoices/fonts.ts).
 */
function drawPayment(doc: PDFKit.PDFDocument, shipment: SimShipment): void {
  doc.moveDown().font('Helvetica-Bold').fontSize(20);
  if (shipment.payment_method !== 'COD') {
    doc.text('Prepaid');
  } else {
    const amount = formatPaise(Math.round(Number(shipment.sub_total) * 100));
    doc.text('COD ', { continued: true });
    doc.font(openFont(RUPEE_FONT) as unknown as PDFKit.Mixins.PDFFontSource, RUPEE_FONT);
    doc.text(amount.slice(0, 1), { continued: true });
    doc.font('Helvetica-Bold').text(amount.slice(1));
  }
  doc.font('Helvetica').fontSize(11);
}

/** the Noto face that has the rupee sign (its Devanagari subset) */
const RUPEE_FONT = 'devanagari-script-bold';

function renderManifest(shipments: SimShipment[]): Promise<Buffer> {
  return pdf('A4', (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Manifest');
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${shipments.length} shipments, Shiprocket (local fake)`)
      .moveDown();
    for (const shipment of shipments) {
      doc.text(
        `AWB ${shipment.awb}   ${shipment.courier_name}   Order ${shipment.channel_order_id}   ${shipment.pickup_pincode} to ${shipment.delivery_pincode}   ${Number(shipment.weight_kg)} kg`,
      );
    }
  });
}
