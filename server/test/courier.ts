import type { DevCourierResponse } from '../../contract/courier-tracking.ts';
import type { ShipmentBooked } from '../../contract/shipping.ts';
import type { Db } from '../db/connect.ts';
import { shipmentsOf } from '../modules/courier/shipping-store.ts';
import { TEST_ADMIN_TOKEN } from './app.ts';
import { TestClient } from './http.ts';

export interface BookedShipment {
  awb: string;
}

/**
 * A line's shipment, booked as the back office books it: a forward parcel by "Ship" (`{}`: the
 * recommended courier; the line moves to shipped with the AWB as its tracking id); a return's reverse
 * pickup was booked when the return (or exchange) was accepted, so its AWB is read.
 */
export async function bookShipment(
  db: Db,
  baseUrl: string,
  purchaseId: string,
  kind: 'forward' | 'return' = 'forward',
): Promise<BookedShipment> {
  if (kind === 'return') {
    const [pickup] = await shipmentsOf(db, [purchaseId], 'return');
    if (!pickup) throw new Error(`no return pickup was booked for ${purchaseId}`);
    return { awb: pickup.awb };
  }
  const shipped = await new TestClient(baseUrl).post<ShipmentBooked>(
    `/admin/api/orders/${purchaseId}/ship`,
    {},
    { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  );
  if (shipped.status !== 200) throw new Error(`could not ship ${purchaseId}: ${shipped.text}`);
  return { awb: shipped.body.awb };
}

/** The fake's and the shop's rows of a booking with this AWB, the line left as it is. */
export async function recordBooking(
  db: Db,
  purchaseId: string,
  kind: 'forward' | 'return',
  awb: string,
): Promise<void> {
  const line = await db
    .selectFrom('order_lines')
    .select('id')
    .where('purchase_id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  const sim = await db
    .insertInto('sim_courier_shipments')
    .values({
      order_id: kind === 'forward' ? purchaseId : `${purchaseId}-R`,
      channel_order_id: purchaseId,
      is_return: kind === 'return',
      pickup_pincode: kind === 'forward' ? '700001' : '110001',
      delivery_pincode: kind === 'forward' ? '110001' : '700001',
      weight_kg: 0.5,
      awb,
      courier_id: 1,
      courier_name: 'Haat Fake Surface',
      pickup_scheduled: true,
      status: 'AWB ASSIGNED',
    })
    .returning('shipment_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('shipments')
    .values({
      order_line_id: line.id,
      kind,
      partner_order_id: String(sim.shipment_id),
      partner_shipment_id: String(sim.shipment_id),
      awb,
      courier_id: 1,
      courier: 'Haat Fake Surface',
      status: 'AWB ASSIGNED',
      status_at: new Date(),
      heard_at: new Date(),
    })
    .execute();
}

/** POST /api/dev/courier/{awb}: the fake courier moves the shipment and (unless deliver: false) sends its webhook. */
export async function courierMoves(baseUrl: string, awb: string, status: string, deliver?: boolean) {
  const client = await new TestClient(baseUrl).start();
  return client.post<DevCourierResponse & { error?: string }>(`/api/dev/courier/${awb}`, {
    status,
    ...(deliver !== undefined && { deliver }),
  });
}

/** The product's seller gets a pickup address in Kolkata, which booking through the courier needs. */
export async function givePickupAddress(db: Db, productId: number): Promise<void> {
  const { seller_id } = await db
    .selectFrom('products')
    .select('seller_id')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('sellers')
    .set({ address: '4 Lindsay Street', pincode: '700087', state: 'West Bengal', phone: '9830012345' })
    .where('id', '=', seller_id)
    .execute();
}
