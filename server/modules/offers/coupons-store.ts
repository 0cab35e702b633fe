import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CouponsTable } from '../../db/schema.ts';
import { type BagOwner, ownerColumn, ownerValues } from '../../platform/bag-owner.ts';

export type CouponRow = Selectable<CouponsTable>;
export type CouponColumns = Omit<Insertable<CouponsTable>, 'id' | 'used' | 'created_at' | 'updated_at'>;

export async function allCoupons(db: Db): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
}

export async function couponById(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The coupon of a code, whatever its case (coupons_code_key is on upper(code)). */
export async function couponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where(sql`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst();
}

/** Coupons within their window and not switched off at `now`. */
export async function liveCoupons(db: Db, now: Date): Promise<CouponRow[]> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('disabled_at', 'is', null)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
}

export async function insertCoupon(db: Db, columns: CouponColumns): Promise<number> {
  const row = await db.insertInto('coupons').values(columns).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCoupon(db: Db, id: number, columns: CouponColumns): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ ...columns, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Switched off now; a coupon already off keeps the moment it went off. */
export async function disableCoupon(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ disabled_at: sql`coalesce(disabled_at, ${now})`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Locks the coupon's row for a change, so two edits (or an edit and a use) go one after the other. */
export async function lockCoupon(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

// The code applied to a bag -----------------------------------------------------------------------------

export async function appliedCoupon(db: Db, owner: BagOwner): Promise<CouponRow | undefined> {
  return db
    .selectFrom('bag_coupons')
    .innerJoin('coupons', 'coupons.id', 'bag_coupons.coupon_id')
    .selectAll('coupons')
    .where(sql.ref(`bag_coupons.${ownerColumn(owner)}`), '=', ownerKey(owner))
    .executeTakeFirst();
}

/** The owner's bag has this coupon now (one code per bag: it replaces any other). */
export async function applyToBag(db: Db, owner: BagOwner, couponId: number): Promise<void> {
  await db
    .insertInto('bag_coupons')
    .values({ ...ownerValues(owner), coupon_id: couponId })
    .onConflict((oc) =>
      oc.column(ownerColumn(owner)).doUpdateSet({ coupon_id: couponId, applied_at: sql`now()` }),
    )
    .execute();
}

/** The owner's bag has no coupon; `couponId`: only when it is that one. */
export async function removeFromBag(db: Db, owner: BagOwner, couponId?: number): Promise<void> {
  let query = db.deleteFrom('bag_coupons').where(sql.ref(ownerColumn(owner)), '=', ownerKey(owner));
  if (couponId !== undefined) query = query.where('coupon_id', '=', couponId);
  await query.execute();
}

/** At login: the visitor's code goes with their bag to the account, unless the account has one. */
export async function moveToAccount(db: Db, sessionId: string, customerId: number): Promise<void> {
  await db
    .updateTable('bag_coupons')
    .set({ customer_id: customerId, session_id: null })
    .where('session_id', '=', sessionId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('bag_coupons as own').select('own.id').where('own.customer_id', '=', customerId),
        ),
      ),
    )
    .execute();
  await db.deleteFrom('bag_coupons').where('session_id', '=', sessionId).execute();
}

const ownerKey = (owner: BagOwner) => ('customerId' in owner ? owner.customerId : owner.sessionId);

// Uses ----------------------------------------------------------------------------------------------------

/** The customer's uses of each coupon, uses given back not counted. */
export async function usesByCustomer(db: Db, customerId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('coupon_uses')
    .select(['coupon_id', (eb) => eb.fn.countAll<string>().as('uses')])
    .where('customer_id', '=', customerId)
    .where('given_back_at', 'is', null)
    .groupBy('coupon_id')
    .execute();
  return new Map(rows.map((row) => [row.coupon_id, Number(row.uses)]));
}

export async function hasOrders(db: Db, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One more use of the coupon, when it has one left: a single conditional update, so however many
 * shoppers race for the last uses, each is taken once. Answers whether it was.
 */
export async function takeUse(db: Db, couponId: number): Promise<boolean> {
  const row = await db
    .updateTable('coupons')
    .set({ used: sql`used + 1` })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('total_uses', 'is', null), eb('used', '<', eb.ref('total_uses'))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUse(
  db: Db,
  use: { couponId: number; customerId: number; paymentOrderId: number; savingPaise: number },
): Promise<void> {
  await db
    .insertInto('coupon_uses')
    .values({
      coupon_id: use.couponId,
      customer_id: use.customerId,
      payment_order_id: use.paymentOrderId,
      saving_paise: use.savingPaise,
    })
    .execute();
}

/** The attempt's use goes back to its coupon (the order was refused); answers whether there was one. */
export async function giveBack(db: Db, paymentOrderId: number): Promise<boolean> {
  const use = await db
    .updateTable('coupon_uses')
    .set({ given_back_at: sql`now()` })
    .where('payment_order_id', '=', paymentOrderId)
    .where('given_back_at', 'is', null)
    .returning('coupon_id')
    .executeTakeFirst();
  if (!use) return false;
  await db.updateTable('coupons').set({ used: sql`used - 1` }).where('id', '=', use.coupon_id).execute();
  return true;
}

/** Per coupon: its orders (uses not given back), what it took off and what was paid for them. */
export async function couponTotals(db: Db) {
  return db
    .selectFrom('coupon_uses')
    .innerJoin('payment_orders', 'payment_orders.id', 'coupon_uses.payment_order_id')
    .select([
      'coupon_uses.coupon_id',
      (eb) => eb.fn.countAll<string>().as('uses'),
      (eb) => eb.fn.sum<string>('coupon_uses.saving_paise').as('saving_paise'),
      // the goods' value paid, without the delivery charge
      sql<string>`sum(payment_orders.amount_paise - payment_orders.delivery_charge_paise)`.as('paid_paise'),
    ])
    .where('coupon_uses.given_back_at', 'is', null)
    .groupBy('coupon_uses.coupon_id')
    .execute();
}
