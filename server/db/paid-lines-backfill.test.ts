import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invoices } from '../modules/invoices/service.ts';
import type { TaxDocument } from '../modules/invoices/tax.ts';
import { Fixtures } from '../test/fixtures.ts';
import { connectPglite, createPglite, type DatabaseHandle } from './connect.ts';
import { projectPath } from './project-root.ts';

const MIGRATIONS = projectPath('server/db/migrations');
const PAID_LINES = '022_paid_lines.sql';

/** Runs the migration files in order, those before `until` or from it on. */
async function apply(handle: DatabaseHandle, part: 'before' | 'from', until: string): Promise<void> {
  const files = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .filter((file) => (part === 'before' ? file < until : file >= until));
  for (const file of files) await sql.raw(readFileSync(`${MIGRATIONS}/${file}`, 'utf8')).execute(handle.db);
}

describe('migration 022 on lines placed before coupons', () => {
  let handle: DatabaseHandle;
  let orderId: number;

  beforeAll(async () => {
    handle = connectPglite(await createPglite());
    await apply(handle, 'before', PAID_LINES);
    const { db } = handle;
    const fixtures = new Fixtures(db);
    const kurta = await fixtures.product({ pricePaise: 279_900, sizes: [['M', 5]] });
    const customerId = await fixtures.customer();
    const attemptId = await fixtures.attempt(customerId);
    const payment = await db
      .insertInto('payments')
      .values({
        payment_order_id: attemptId,
        gateway_payment_id: 'pay_before022',
        amount_paise: 559_800,
        status: 'captured',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const address = { fname: 'Old', lname: 'Order', pin: '700001', state: 'West Bengal' };
    // the rows as placement wrote them before migration 022: no paid_paise, coupon_code or coupon_paise
    const { rows } = await sql<{ id: number }>`
      INSERT INTO orders (customer_id, payment_id, payment_order_id, items_old_total_paise, discount_paise,
        delivery_charge_paise, amount_paise, address, placed_by)
      VALUES (${customerId}, ${payment.id}, ${attemptId}, 1119600, 559800, 0, 559800,
        ${JSON.stringify(address)}, 'browser')
      RETURNING id`.execute(db);
    orderId = rows[0]?.id ?? 0;
    await sql`
      INSERT INTO order_lines (purchase_id, order_id, product_id, sku_id, size, quantity, unit_price_paise,
        unit_old_price_paise)
      VALUES ('pur_before022', ${orderId}, ${kurta.id}, ${kurta.skus.M}, 'M', 2, 279900, 559800)`.execute(db);
    await apply(handle, 'from', PAID_LINES);
  });
  afterAll(() => handle.close());

  it('gives an old line its price times its quantity as paid, no coupon, and its order no coupon', async () => {
    const line = await handle.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.paid_paise', 'order_lines.coupon_code', 'orders.coupon_paise'])
      .where('purchase_id', '=', 'pur_before022')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ paid_paise: 559_800, coupon_code: null, coupon_paise: 0 });
  });

  it('invoices an old line as before: its price, no discount, the slab of its price a piece', async () => {
    await handle.db.transaction().execute((trx) => Invoices.issue(trx, orderId));
    const invoice = await handle.db
      .selectFrom('invoices')
      .select('document')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const document = invoice.document as TaxDocument;
    // Rs 2,799 a piece is over the 5% slab's Rs 2,625: 18%
    expect(document.lines).toEqual([
      expect.objectContaining({
        quantity: 2,
        discountPaise: 0,
        ratePercent: 18,
        taxablePaise: 474_407,
        totalPaise: 559_800,
      }),
    ]);
    expect(document.totals).toMatchObject({ discountPaise: 0, totalPaise: 559_800 });
    expect(document.couponCode).toBeUndefined();
  });
});
