import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type {
  CourierChoices,
  PickupScheduled,
  ShipmentBooked,
  ShipmentsBooked,
} from '../../../contract/shipping.ts';
import type { ShipmentsTable } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { takeCodCharges } from '../orders/cod-lines.ts';
import { assertNotAwaitingCode } from '../orders/cod-state.ts';
import { assertTransition, type MoveDeps, moveLine } from '../orders/lines.ts';
import {
  type AssignedAwb,
  CourierError,
  type CourierOption,
  type CourierPartner,
  type Parcel,
  type PartnerOrder,
  type Party,
  type Serviceability,
} from './partner.ts';
import * as store from './shipping-store.ts';

export type BookingKind = 'forward' | 'return';
export type BookingResult = 'booked' | 'refused' | 'failed';

/**
 * While a product's weight and size are unset: kg a unit weighs packed, by its weight category (light,
 * 500 g, when unknown), and a folded garment's box.
 */
const UNIT_KG: Record<string, number> = { light: 0.5, medium: 1, heavy: 2 };
const DEFAULT_UNIT_KG = 0.5;
const PARCEL_CM = { length: 30, breadth: 25, heightPerUnit: 5 };

/** The line's weight in kg: the product's own grams for each unit, else its category's. */
function parcelKg(row: store.ParcelRow): number {
  if (row.weight_grams === null) return (UNIT_KG[row.weight_cat] ?? DEFAULT_UNIT_KG) * row.quantity;
  return (row.weight_grams * row.quantity) / 1000;
}

/** The courier to book: the cheapest whose days meet the partner's estimate (its recommendation's days). */
export function chooseCourier({ couriers, recommended }: Serviceability): CourierOption | undefined {
  const meeting = recommended ? couriers.filter((c) => c.days <= recommended.days) : couriers;
  return meeting.reduce<CourierOption | undefined>(
    (best, c) => (best && best.rate <= c.rate ? best : c),
    undefined,
  );
}

const labelUrl = (purchaseId: string) => `/admin/api/orders/${encodeURIComponent(purchaseId)}/label`;

/** The shopper, where the order goes. */
function shopperOf(row: store.ParcelRow): Party {
  const a = row.address;
  const join = (...parts: (string | undefined)[]) => parts.filter((part) => part?.trim()).join(', ');
  return {
    name: `${a.fname ?? ''} ${a.lname ?? ''}`.trim(),
    phone: a.phoneNo || row.customer_phone,
    email: row.customer_email,
    address: join(a.houseNo, a.roadName),
    address2: join(a.areaName, a.postOffice),
    city: a.city ?? '',
    state: a.state ?? '',
    pincode: a.pin ?? '',
  };
}

/** The seller's pickup address; 409 when the seller has none to give the courier. */
function sellerOf(row: store.ParcelRow): Party {
  if (!row.seller_address || !row.seller_pincode) {
    throw conflict(`${row.seller_name} has no pickup address: add its address and pincode in Sellers`);
  }
  return {
    name: row.seller_name,
    phone: row.seller_phone ?? '',
    email: row.seller_email ?? '',
    address: row.seller_address,
    address2: row.seller_address2 ?? '',
    city: row.seller_city,
    state: row.seller_state ?? '',
    pincode: row.seller_pincode,
  };
}

/**
 * The line as one parcel (decision 049): its purchase id, contents, weight and size, units stacked. A
 * cash-on-delivery line's forward parcel is booked as COD for the cash it collects (decision 069); a
 * reverse pickup is never paid at the door.
 */
function parcelOf(row: store.ParcelRow, to: Party, kind: BookingKind = 'forward'): Parcel {
  const rupees = row.paid_paise / 100;
  // an exchange's new line of a COD order collects nothing (its cod_collect_paise is null): prepaid
  const collectPaise = kind === 'forward' && row.payment_method === 'cod' ? (row.cod_collect_paise ?? 0) : 0;
  const cod = collectPaise > 0;
  return {
    orderId: row.purchase_id,
    orderDate: row.placed_at,
    to,
    items: [
      {
        name: `${row.product_name} (${row.size})`,
        sku: `${row.sku}-${row.size}`,
        units: row.quantity,
        sellingPrice: Math.round((rupees / row.quantity) * 100) / 100,
      },
    ],
    paymentMethod: cod ? 'COD' : 'Prepaid',
    subTotal: cod ? collectPaise / 100 : rupees,
    weightKg: parcelKg(row),
    lengthCm: row.length_cm ?? PARCEL_CM.length,
    breadthCm: row.breadth_cm ?? PARCEL_CM.breadth,
    heightCm: (row.height_cm ?? PARCEL_CM.heightPerUnit) * row.quantity,
  };
}

/** The partner refused (its 4xx): its words, 422. It failed or could not be reached: 502. */
function answerOf(error: CourierError): AppError {
  const refused = error.status !== undefined && error.status >= 400 && error.status < 500;
  return new AppError(refused ? 422 : 502, error.message);
}

/**
 * Shipping through the courier partner (decision 049): Ship books the line's parcel
 * (the recommended courier, or the one the owner picks), and the line moves to shipped with the AWB as
 * its tracking id, through moveLine as the manual way does; a refusal leaves the line as it was and keeps
 * the partner's reason on it. Labels, the manifest and the pickup are the partner's, fetched for the lines
 * booked. Accepting a return or an exchange books the reverse pickup.
 */
export class Shipping {
  constructor(
    private readonly deps: MoveDeps,
    private readonly partner: CourierPartner | undefined,
    private readonly counted: (kind: BookingKind, result: BookingResult) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  get partnerName(): 'shiprocket' | null {
    return this.partner?.name ?? null;
  }

  async couriers(purchaseId: string): Promise<CourierChoices> {
    const partner = this.required();
    const row = await this.toShip(purchaseId);
    const parcel = parcelOf(row, shopperOf(row));
    const offer = await this.asking(() =>
      partner.serviceability(sellerOf(row).pincode, parcel.to.pincode, parcel.weightKg),
    );
    return {
      couriers: offer.couriers.map((c) => ({
        courierId: c.courierId,
        name: c.courierName,
        rate: c.rate,
        days: c.days,
      })),
      recommendedId: chooseCourier(offer)?.courierId ?? null,
    };
  }

  /** Books the line and ships it; a refusal is kept on the line (and answered 422), which stays as it was. */
  async book(purchaseId: string, courierId: number | undefined, actor: string): Promise<ShipmentBooked> {
    const partner = this.required();
    const row = await this.toShip(purchaseId, true);
    const seller = sellerOf(row);
    const parcel = parcelOf(row, shopperOf(row));
    const booked = await this.booking(row, 'forward', async () => {
      const location = await this.pickupLocation(partner, row.seller_id, seller);
      const order = await partner.createOrder(location, parcel);
      const courier = courierId ?? (await this.recommended(partner, seller.pincode, parcel));
      return { order, awb: await partner.assignAwb(order.shipmentId, courier, false) };
    });
    const { awb } = booked;
    await moveLine(this.deps, {
      purchaseId,
      to: 'shipped',
      actor,
      action: 'order.ship',
      apply: async (trx, line, now) => {
        await store.insertShipment(trx, shipmentRow(line.id, 'forward', booked, now));
        return {
          fields: { tracking_id: awb.awb, shipped_at: now, booking_refusal: null },
          details: { trackingId: awb.awb, courier: awb.courierName },
        };
      },
    });
    return { awb: awb.awb, courier: awb.courierName, labelUrl: labelUrl(purchaseId) };
  }

  /** Each line booked in turn with its recommended courier; one refused does not stop the others. */
  async bookEach(purchaseIds: string[], actor: string): Promise<ShipmentsBooked> {
    const results: ShipmentsBooked['results'] = [];
    for (const purchaseId of purchaseIds) {
      try {
        const booked = await this.book(purchaseId, undefined, actor);
        results.push({ purchaseId, ...booked, error: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ purchaseId, awb: null, courier: null, labelUrl: null, error: error.message });
      }
    }
    return { results };
  }

  /** One PDF of the lines' labels. */
  async labels(purchaseIds: string[]): Promise<Buffer> {
    const partner = this.required();
    const shipments = await this.booked(purchaseIds);
    return this.asking(() => partner.labels(shipments.map((s) => s.partner_shipment_id)));
  }

  async manifest(purchaseIds: string[]): Promise<Buffer> {
    const partner = this.required();
    const shipments = await this.booked(purchaseIds);
    return this.asking(() =>
      partner.manifest(
        shipments.map((s) => s.partner_shipment_id),
        shipments.map((s) => s.partner_order_id),
      ),
    );
  }

  async schedulePickup(purchaseIds: string[]): Promise<PickupScheduled> {
    const partner = this.required();
    const shipments = await this.booked(purchaseIds);
    const pickupDate = await this.asking(() =>
      partner.schedulePickup(shipments.map((s) => s.partner_shipment_id)),
    );
    await store.pickupScheduled(
      this.deps.db,
      shipments.map((s) => s.id),
      new Date(),
    );
    return { pickupDate, purchaseIds };
  }

  /**
   * The reverse pickup of a line whose return or exchange was just accepted: the courier collects it from
   * the shopper for the seller. The acceptance stands whatever the partner says; a refusal is kept on the
   * line for the owner to arrange the pickup another way.
   */
  async bookReturn(purchaseId: string): Promise<void> {
    const partner = this.partner;
    if (!partner) return;
    const row = await store.parcelOfLine(this.deps.db, purchaseId);
    if (!row) return;
    try {
      const shopper = shopperOf(row);
      const parcel = parcelOf(row, sellerOf(row), 'return');
      const { order, awb } = await this.booking(row, 'return', async () => {
        const order = await partner.createReturn(shopper, parcel);
        return { order, awb: await partner.assignAwb(order.shipmentId, undefined, true) };
      });
      const now = new Date();
      await store.insertShipment(this.deps.db, shipmentRow(row.id, 'return', { order, awb }, now));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await store.setRefusal(this.deps.db, row.id, error.message);
      this.log.warn({ err: error, purchaseId }, 'the return pickup was not booked');
    }
  }

  private required(): CourierPartner {
    if (!this.partner) {
      throw badRequest('trackingId is required: no courier partner is set up (COURIER_PROVIDER=manual)');
    }
    return this.partner;
  }

  /**
   * The line, awaiting shipment (404 unknown, 409 in another state), before the partner is asked anything.
   * `booking`: a cash-on-delivery line takes its order's charges first, if it is the first to ship
   * (decision 069), so the booking collects them.
   */
  private async toShip(purchaseId: string, booking = false): Promise<store.ParcelRow> {
    const row = await store.parcelOfLine(this.deps.db, purchaseId);
    if (!row) throw notFound(`No order line "${purchaseId}"`);
    assertTransition(row.status, 'shipped');
    await assertNotAwaitingCode(this.deps.db, row.id);
    if (!booking || row.payment_method !== 'cod') return row;
    await this.deps.db.transaction().execute((trx) => takeCodCharges(trx, row.id));
    return (await store.parcelOfLine(this.deps.db, purchaseId)) ?? row;
  }

  /** The forward shipments of the lines, every one booked (409 naming one that is not). */
  private async booked(purchaseIds: string[]) {
    const shipments = await store.shipmentsOf(this.deps.db, purchaseIds, 'forward');
    const missing = purchaseIds.find((id) => !shipments.some((s) => s.purchase_id === id));
    if (missing !== undefined) throw conflict(`"${missing}" is not booked with the courier`);
    return shipments;
  }

  /** The partner's answer, its failure as the shop's error (422 refused, 502 down). */
  private async asking<T>(ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      throw error instanceof CourierError ? answerOf(error) : error;
    }
  }

  /** A booking with the partner, counted; its refusal kept on the line. */
  private async booking<T>(row: store.ParcelRow, kind: BookingKind, book: () => Promise<T>): Promise<T> {
    try {
      const booked = await this.asking(book);
      this.counted(kind, 'booked');
      return booked;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.counted(kind, error.status === 422 ? 'refused' : 'failed');
      if (kind === 'forward' && error.status === 422)
        await store.setRefusal(this.deps.db, row.id, error.message);
      throw error;
    }
  }

  private async recommended(partner: CourierPartner, pickup: string, parcel: Parcel): Promise<number> {
    const courier = chooseCourier(await partner.serviceability(pickup, parcel.to.pincode, parcel.weightKg));
    if (!courier) throw new CourierError(`No courier serves pincode ${parcel.to.pincode}`, 422);
    return courier.courierId;
  }

  /** The seller's pickup location at the partner, registered the first time it is needed. */
  private async pickupLocation(partner: CourierPartner, sellerId: number, seller: Party): Promise<string> {
    const nickname = `haat-seller-${sellerId}`;
    if (!(await partner.pickupLocations()).includes(nickname)) {
      await partner.addPickupLocation({ ...seller, nickname });
    }
    return nickname;
  }
}

/** The shop's row of a booking the partner made: its status is the partner's first, an AWB assigned. */
function shipmentRow(
  lineId: number,
  kind: BookingKind,
  { order, awb }: { order: PartnerOrder; awb: AssignedAwb },
  now: Date,
): Insertable<ShipmentsTable> {
  return {
    order_line_id: lineId,
    kind,
    partner_order_id: order.orderId,
    partner_shipment_id: order.shipmentId,
    awb: awb.awb,
    courier_id: awb.courierId,
    courier: awb.courierName,
    status: 'AWB ASSIGNED',
    status_at: now,
    heard_at: now,
  };
}
