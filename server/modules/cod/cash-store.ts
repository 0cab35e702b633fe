import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * Every cash-on-delivery line whose cash the courier owes the shop (decision 069): delivered, so the
 * courier took the cash at the door, and not yet matched in a remittance. Oldest delivery first.
 */
export function cashDueLines(db: Db) {
  return (
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .innerJoin('customers', 'customers.id', 'orders.customer_id')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
      .leftJoin('shipments', (join) =>
        join.onRef('shipments.order_line_id', '=', 'order_lines.id').on('shipments.kind', '=', 'forward'),
      )
      .leftJoin('cod_remittances', 'cod_remittances.order_line_id', 'order_lines.id')
      .select([
        'orders.id as order_id',
        'customers.fname',
        'customers.lname',
        'customers.phone',
        'order_lines.purchase_id',
        'order_lines.tracking_id',
        'order_lines.delivered_at',
        'order_lines.cod_collect_paise as collect_paise',
        sql<string>`coalesce(shipments.courier, delivery_partners.name)`.as('courier'),
      ])
      .where('orders.payment_method', '=', 'cod')
      // an exchange's new line collects nothing (null), so nothing is due for it
      .where('order_lines.cod_collect_paise', '>', 0)
      .where('order_lines.delivered_at', 'is not', null)
      .where('cod_remittances.order_line_id', 'is', null)
      .orderBy('order_lines.delivered_at')
      .orderBy('order_lines.id')
      .execute()
  );
}

export type CashDueLine = Awaited<ReturnType<typeof cashDueLines>>[number];

/**
 * The lines shipped with these AWBs (tracking ids), online or COD, with what matching a remittance
 * needs; locked for the remittance's transaction when `lock`.
 */
export function linesOfAwbs(db: Db, awbs: readonly string[], lock: boolean) {
  if (awbs.length === 0) return Promise.resolve([]);
  const query = db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .leftJoin('cod_remittances', 'cod_remittances.order_line_id', 'order_lines.id')
    .select([
      'order_lines.id',
      'order_lines.purchase_id',
      'order_lines.tracking_id',
      'order_lines.status',
      'order_lines.delivered_at',
      'order_lines.cod_collect_paise',
      'orders.payment_method',
      'orders.customer_id',
      'cod_remittances.order_line_id as remitted',
    ])
    .where('order_lines.tracking_id', 'in', awbs);
  return (lock ? query.forUpdate('order_lines') : query).execute();
}

export type AwbLine = Awaited<ReturnType<typeof linesOfAwbs>>[number];

/** The courier's remittance of a line's cash, kept once: false when the line had one already. */
export async function insertRemittance(
  trx: Db,
  remittance: {
    lineId: number;
    amountPaise: number;
    remittedOn: string;
    reference: string;
    appliedBy: string;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('cod_remittances')
    .values({
      order_line_id: remittance.lineId,
      amount_paise: remittance.amountPaise,
      remitted_on: remittance.remittedOn,
      reference: remittance.reference,
      applied_by: remittance.appliedBy,
    })
    .onConflict((oc) => oc.column('order_line_id').doNothing())
    .returning('order_line_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
