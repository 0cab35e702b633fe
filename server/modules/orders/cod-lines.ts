import type { Db } from '../../db/connect.ts';

/**
 * The cash a cash-on-delivery line's parcel collects (decision 069): its paid share, plus the order's
 * delivery charge and COD fee on the first of the order's lines to ship. Placing puts the charges on the
 * order's first line; until a line ships they follow whichever line ships first, so a label, a booking
 * and a remittance always agree on one figure.
 */

/**
 * Just before the line ships (booked with the courier, or shipped by hand): it takes the order's charges
 * from the unshipped line that carries them, unless a shipped line already does. Locks the order's row,
 * so two lines of one order take turns. Nothing for an online order.
 */
export async function takeCodCharges(trx: Db, lineId: number): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select(['orders.id', 'orders.payment_method'])
    .where('order_lines.id', '=', lineId)
    .forUpdate('orders')
    .executeTakeFirst();
  if (order?.payment_method !== 'cod') return;
  const lines = await trx
    .selectFrom('order_lines')
    .select(['id', 'paid_paise', 'cod_collect_paise', 'shipped_at'])
    .where('order_id', '=', order.id)
    .forUpdate()
    .execute();
  const carrier = lines.find((line) => (line.cod_collect_paise ?? 0) > line.paid_paise);
  const taker = lines.find((line) => line.id === lineId);
  if (!carrier || !taker || carrier.id === lineId || carrier.shipped_at !== null) return;
  const charges = (carrier.cod_collect_paise ?? 0) - carrier.paid_paise;
  await trx
    .updateTable('order_lines')
    .set({ cod_collect_paise: carrier.paid_paise })
    .where('id', '=', carrier.id)
    .execute();
  await trx
    .updateTable('order_lines')
    .set({ cod_collect_paise: (taker.cod_collect_paise ?? taker.paid_paise) + charges })
    .where('id', '=', lineId)
    .execute();
}

/** The cash the line's parcel collects; null for a line of an online order, or one that collects nothing. */
export async function codCollectOf(db: Db, lineId: number): Promise<number | null> {
  const row = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['orders.payment_method', 'order_lines.cod_collect_paise'])
    .where('order_lines.id', '=', lineId)
    .executeTakeFirst();
  const collectPaise = row?.payment_method === 'cod' ? (row.cod_collect_paise ?? 0) : 0;
  return collectPaise > 0 ? collectPaise : null;
}
