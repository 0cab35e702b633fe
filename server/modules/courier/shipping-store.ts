import type { Db } from '../../db/connect.ts';
import type { ShipmentsTable } from '../../db/schema.ts';

/** What booking a line's parcel needs: the line, where it goes, what it holds, and its seller. */
export function parcelOfLine(db: Db, purchaseId: string) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .select([
      'order_lines.id',
      'order_lines.purchase_id',
      'order_lines.status',
      'order_lines.size',
      'order_lines.quantity',
      'order_lines.paid_paise',
      'order_lines.cod_collect_paise',
      'orders.payment_method',
      'orders.placed_at',
      'orders.address',
      'customers.phone as customer_phone',
      'customers.email as customer_email',
      'products.name as product_name',
      'products.sku',
      'products.weight_cat',
      'products.weight_grams',
      'products.length_cm',
      'products.breadth_cm',
      'products.height_cm',
      'sellers.id as seller_id',
      'sellers.name as seller_name',
      'sellers.address as seller_address',
      'sellers.address_line2 as seller_address2',
      'sellers.city as seller_city',
      'sellers.state as seller_state',
      'sellers.pincode as seller_pincode',
      'sellers.phone as seller_phone',
      'sellers.email as seller_email',
    ])
    .where('order_lines.purchase_id', '=', purchaseId)
    .executeTakeFirst();
}

export type ParcelRow = NonNullable<Awaited<ReturnType<typeof parcelOfLine>>>;

export type NewShipment = Omit<ShipmentsTable, 'id' | 'done' | 'created_at' | 'pickup_scheduled_at'>;

export async function insertShipment(db: Db, shipment: NewShipment): Promise<void> {
  await db.insertInto('shipments').values(shipment).execute();
}

/** The partner's reason for its last refusal to book the line; null once a booking succeeds. */
export async function setRefusal(db: Db, lineId: number, reason: string | null): Promise<void> {
  await db.updateTable('order_lines').set({ booking_refusal: reason }).where('id', '=', lineId).execute();
}

/** The lines' shipments of a kind, in the order of the purchase ids asked for. */
export async function shipmentsOf(db: Db, purchaseIds: readonly string[], kind: 'forward' | 'return') {
  if (purchaseIds.length === 0) return [];
  const rows = await db
    .selectFrom('shipments')
    .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
    .select([
      'shipments.id',
      'order_lines.purchase_id',
      'shipments.partner_order_id',
      'shipments.partner_shipment_id',
      'shipments.awb',
      'shipments.courier',
    ])
    .where('order_lines.purchase_id', 'in', purchaseIds)
    .where('shipments.kind', '=', kind)
    .execute();
  const byLine = new Map(rows.map((row) => [row.purchase_id, row]));
  return purchaseIds.flatMap((purchaseId) => byLine.get(purchaseId) ?? []);
}

export async function pickupScheduled(db: Db, shipmentIds: number[], at: Date): Promise<void> {
  await db.updateTable('shipments').set({ pickup_scheduled_at: at }).where('id', 'in', shipmentIds).execute();
}
