import type { Db } from '../../db/connect.ts';
import { genreReturnable } from '../returns/service.ts';
import type { LockedLine } from './store.ts';

/** The line's product as an exchange needs it: its name, kind, whether it is still sold and may be returned. */
export async function productOf(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['name', 'prod', 'active', genreReturnable.as('returnable')])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
}

/** The id of the product's size, or undefined when it has no such size. */
export async function skuOf(db: Db, productId: number, size: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('skus')
    .select('id')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirst();
  return row?.id;
}

export async function insertExchange(
  db: Db,
  exchange: { lineId: number; size: string; holdId: number; reasonCode: string; at: Date },
): Promise<void> {
  await db
    .insertInto('exchanges')
    .values({
      order_line_id: exchange.lineId,
      size: exchange.size,
      hold_id: exchange.holdId,
      reason_code: exchange.reasonCode,
      requested_at: exchange.at,
    })
    .execute();
}

/** The exchange asked of a line (its line locked by the caller). */
export async function exchangeOf(db: Db, lineId: number) {
  return db
    .selectFrom('exchanges')
    .select(['size', 'hold_id'])
    .where('order_line_id', '=', lineId)
    .executeTakeFirstOrThrow();
}

/** Whether the line has an exchange asked of it (rather than a return). */
export async function isExchange(db: Db, purchaseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('exchanges')
    .innerJoin('order_lines', 'order_lines.id', 'exchanges.order_line_id')
    .select('exchanges.order_line_id')
    .where('order_lines.purchase_id', '=', purchaseId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function decideExchange(db: Db, lineId: number, accepted: boolean, at: Date): Promise<void> {
  await db
    .updateTable('exchanges')
    .set({ accepted, decided_at: at })
    .where('order_line_id', '=', lineId)
    .execute();
}

/** Received back; refundNote: why the size was not sent and the line refunded instead (null when sent). */
export async function receiveExchange(db: Db, lineId: number, at: Date, refundNote: string | null) {
  await db
    .updateTable('exchanges')
    .set({ received_at: at, refund_note: refundNote })
    .where('order_line_id', '=', lineId)
    .execute();
}

/**
 * The exchange's new line: the old line's order, product, units and price, as paid by its payment (so a
 * refund of it goes back to that payment), in the size held; placed, to be shipped like any line.
 */
export async function insertExchangeLine(
  db: Db,
  old: LockedLine,
  line: { purchaseId: string; skuId: number; size: string },
): Promise<void> {
  await db
    .insertInto('order_lines')
    .values({
      purchase_id: line.purchaseId,
      order_id: old.order_id,
      product_id: old.product_id,
      sku_id: line.skuId,
      size: line.size,
      quantity: old.quantity,
      unit_price_paise: old.unit_price_paise,
      unit_old_price_paise: old.unit_old_price_paise,
      paid_paise: old.paid_paise,
      coupon_code: old.coupon_code,
      sale_id: old.sale_id,
      sale_saving_paise: old.sale_saving_paise,
      exchange_of: old.id,
    })
    .execute();
}
