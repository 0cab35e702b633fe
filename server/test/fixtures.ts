import { randomInt } from 'node:crypto';
import type { Prod } from '../../contract/catalogue.ts';
import { STOCK_HOLD_MINUTES } from '../../contract/shopping-rules.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Features, OrderLineStatus, PricedLine, Specs } from '../db/schema.ts';
import { paidOf } from '../modules/checkout/paid.ts';
import { indiaPincode } from '../modules/delivery/india.ts';
import { priceNow } from '../modules/wishlist/store.ts';
import { hmacHex, randomToken } from '../platform/crypto.ts';
import { SESSION_COOKIE } from '../platform/sessions.ts';
import type { TestClient } from './http.ts';

export interface ProductSpec {
  prod?: Prod;
  userSegment?: string;
  genre?: string;
  name?: string;
  description?: string;
  childKey?: string;
  color?: string;
  features?: Features;
  specs?: Specs;
  pricePaise?: number;
  oldPricePaise?: number;
  active?: boolean;
  photos?: string[];
  launchDate?: string;
  /** [size, stock] in display order; accessories have one size, '' */
  sizes?: [string, number][];
}

export interface FixtureProduct {
  id: number;
  /** size -> sku id */
  skus: Record<string, number>;
}

export interface OrderLineSpec {
  product: FixtureProduct;
  /** the product's first size when absent */
  size?: string;
  quantity?: number;
  /** where the line is in its life; shipped and later lines have a tracking id */
  status?: OrderLineStatus;
  /** for delivered (and later) lines; now when absent */
  deliveredAt?: Date;
}

export interface FixtureOrder {
  orderId: number;
  gatewayPaymentId: string;
  amountPaise: number;
  /** one per line, in the order given */
  purchaseIds: string[];
}

export const FIXTURE_PARTNER_PINCODES = ['700001', '110001', '400001', '560001'];

const FIXTURE_ADDRESS = {
  fname: 'Fixture',
  lname: 'Shopper',
  houseNo: '12',
  roadName: 'Park Street',
  areaName: 'Park Circus',
  postOffice: 'Park Street',
  city: 'Kolkata',
  pin: '700001',
  phoneNo: '9876543210',
  altPhoneNumber: '9876543211',
};

export interface CustomerSpec {
  fname?: string;
  lname?: string;
}

/**
 * Inserts exactly the rows a test needs, with names no demo seed uses, so a test's counts are exact
 * whatever else the database holds.
 */
export class Fixtures {
  // unique per run, so two suites on one database copy never collide on sku or phone
  private readonly run = randomInt(100_000, 999_999);
  private count = 0;
  private sellerAndPartner: Promise<{ sellerId: number; partnerId: number }> | undefined;

  constructor(readonly db: Db) {}

  async product(spec: ProductSpec = {}): Promise<FixtureProduct> {
    const n = this.next();
    const { sellerId, partnerId } = await this.owners();
    const prod = spec.prod ?? 'apparel';
    const pricePaise = spec.pricePaise ?? 99_900;
    const product = await this.db
      .insertInto('products')
      .values({
        prod,
        user_segment: spec.userSegment ?? 'Testwear',
        genre: spec.genre ?? 'Fixture',
        name: spec.name ?? `Fixture product ${n}`,
        description: spec.description ?? `A product made for tests (${n})`,
        seller_id: sellerId,
        partner_id: partnerId,
        child_key: spec.childKey ?? `fixture-${this.run}-${n}`,
        color: spec.color ?? 'Red',
        features: JSON.stringify(spec.features ?? {}),
        specs: JSON.stringify(spec.specs ?? {}),
        current_price_paise: pricePaise,
        old_price_paise: spec.oldPricePaise ?? pricePaise * 2,
        active: spec.active ?? true,
        photos: spec.photos ?? [`fixture-${n}-1.webp`],
        sku: `FIX-${this.run}-${n}`,
        launch_date: spec.launchDate ?? '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sizes = spec.sizes ?? (prod === 'accessories' ? [['', 10]] : [['M', 10]]);
    const skus = await this.db
      .insertInto('skus')
      .values(sizes.map(([size, stock], position) => ({ product_id: product.id, size, stock, position })))
      .returning(['id', 'size'])
      .execute();
    return { id: product.id, skus: Object.fromEntries(skus.map((s) => [s.size, s.id])) };
  }

  async customer(spec: CustomerSpec = {}): Promise<number> {
    const n = this.next();
    const phone = `9${String(this.run).slice(0, 5)}${String(n).padStart(4, '0')}`;
    const row = await this.db
      .insertInto('customers')
      .values({
        phone,
        email: `fixture-${this.run}-${n}@example.com`,
        fname: spec.fname ?? 'Fixture',
        lname: spec.lname ?? `Shopper${n}`,
        gender: null,
        house_no: null,
        road_name: null,
        area_name: null,
        post_office: null,
        city: null,
        pin: null,
        alt_phone: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Gives the client a logged-in session, as the login call does (the test app's default secret). */
  async logIn(client: TestClient, customerId: number): Promise<void> {
    const token = randomToken();
    const id = hmacHex(loadConfig({ NODE_ENV: 'test' }).sessionSecret, token);
    await this.db.insertInto('sessions').values({ id, customer_id: customerId }).execute();
    client.setCookie(SESSION_COOKIE, token);
  }

  async wish(customerId: number, productId: number, size = ''): Promise<void> {
    await this.db
      .insertInto('wishlist_items')
      .values({
        customer_id: customerId,
        product_id: productId,
        size,
        wished_price_paise: priceNow(productId),
      })
      .execute();
  }

  /**
   * A delivery address in Kolkata (pincode 700001, which the demo's partners serve) on the customer's
   * profile, with an alternative number unless `altPhone` is null, and the name if given; answers the
   * customer's phone.
   */
  async kolkataAddress(
    customerId: number,
    {
      altPhone = '9123456780',
      name,
    }: { altPhone?: string | null; name?: { fname: string; lname: string } } = {},
  ): Promise<string> {
    const { phone } = await this.db
      .updateTable('customers')
      .set({
        ...name,
        house_no: '12B',
        road_name: 'Park Street',
        area_name: 'Esplanade',
        post_office: 'Park Street',
        city: 'Kolkata',
        pin: '700001',
        alt_phone: altPhone,
      })
      .where('id', '=', customerId)
      .returning('phone')
      .executeTakeFirstOrThrow();
    return phone;
  }

  /** The customer's bag emptied, then one unit of this sku put in it. */
  async onlyInBag(customerId: number, skuId: number): Promise<void> {
    await this.db.deleteFrom('cart_lines').where('customer_id', '=', customerId).execute();
    await this.bagLine(customerId, skuId, 1);
  }

  async bagLine(customerId: number, skuId: number, quantity: number): Promise<void> {
    await this.db
      .insertInto('cart_lines')
      .values({ customer_id: customerId, sku_id: skuId, quantity })
      .execute();
  }

  async review(
    customerId: number,
    productId: number,
    review: { rating?: number | null; body?: string; photo?: string | null; verified?: boolean; at?: string },
  ): Promise<void> {
    await this.db
      .insertInto('reviews')
      .values({
        customer_id: customerId,
        product_id: productId,
        rating: review.rating ?? null,
        body: review.body ?? '',
        photo: review.photo ?? null,
        verified_purchase: review.verified ?? false,
        ...(review.at && { created_at: review.at, updated_at: review.at }),
      })
      .execute();
  }

  /** An unpaid attempt to pay (status created), holding nothing yet; answers its id. */
  async attempt(customerId: number): Promise<number> {
    const n = this.next();
    const order = await this.db
      .insertInto('payment_orders')
      .values({
        customer_id: customerId,
        gateway: 'simulated',
        gateway_order_id: `order_fixture_${this.run}_${n}`,
        receipt: `fixture-${this.run}-${n}`,
        amount_paise: 100_000,
        delivery_charge_paise: 0,
        lines: JSON.stringify([]),
        address: JSON.stringify({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return order.id;
  }

  /** Units of a size set aside for a shopper who is paying (live, expired or released); the attempt's id. */
  async hold(
    customerId: number,
    skuId: number,
    quantity: number,
    state: 'live' | 'expired' | 'released' = 'live',
  ): Promise<number> {
    const attemptId = await this.attempt(customerId);
    const minute = 60_000;
    await this.db
      .insertInto('stock_holds')
      .values({
        payment_order_id: attemptId,
        sku_id: skuId,
        quantity,
        expires_at: new Date(Date.now() + (state === 'expired' ? -minute : STOCK_HOLD_MINUTES * minute)),
        released_at: state === 'released' ? new Date() : null,
      })
      .execute();
    return attemptId;
  }

  /**
   * A placed and paid order, as checkout leaves it, with the simulated gateway's record of the captured
   * payment (so refunds go through). Lines may be moved on in their life: shipped, delivered, etc.
   */
  async order(
    customerId: number,
    lines: OrderLineSpec[],
    options: { placedAt?: Date } = {},
  ): Promise<FixtureOrder> {
    const n = this.next();
    const priced = await Promise.all(lines.map((line) => this.priced(line)));
    const items = priced.reduce((t, l) => t + l.unitPricePaise * l.quantity, 0);
    // the delivery terms the shop has now, as checkout would have charged them
    const terms = await this.db
      .selectFrom('shop_settings')
      .select(['delivery_charge_paise', 'free_delivery_above_paise'])
      .executeTakeFirstOrThrow();
    const deliveryChargePaise = items > terms.free_delivery_above_paise ? 0 : terms.delivery_charge_paise;
    const amountPaise = items + deliveryChargePaise;
    const placedAt = options.placedAt ?? new Date();
    const gatewayOrderId = `order_fix${this.run}${n}`;
    const gatewayPaymentId = `pay_fix${this.run}${n}`;
    await this.db
      .insertInto('sim_gateway_orders')
      .values({
        id: gatewayOrderId,
        amount_paise: amountPaise,
        currency: 'INR',
        receipt: `fixture-${n}`,
        notes: '{}',
        status: 'paid',
      })
      .execute();
    await this.db
      .insertInto('sim_gateway_payments')
      .values({
        id: gatewayPaymentId,
        order_id: gatewayOrderId,
        amount_paise: amountPaise,
        currency: 'INR',
        status: 'captured',
      })
      .execute();
    const attempt = await this.db
      .insertInto('payment_orders')
      .values({
        customer_id: customerId,
        gateway: 'simulated',
        gateway_order_id: gatewayOrderId,
        receipt: `rcpt_fixture_${this.run}_${n}`,
        amount_paise: amountPaise,
        delivery_charge_paise: deliveryChargePaise,
        lines: JSON.stringify(priced),
        address: JSON.stringify(FIXTURE_ADDRESS),
        status: 'placed',
        created_at: placedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await this.db
      .insertInto('payments')
      .values({
        payment_order_id: attempt.id,
        gateway_payment_id: gatewayPaymentId,
        amount_paise: amountPaise,
        status: 'captured',
        captured_at: placedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await this.db
      .insertInto('orders')
      .values({
        customer_id: customerId,
        payment_id: payment.id,
        payment_order_id: attempt.id,
        items_old_total_paise: priced.reduce((t, l) => t + l.unitOldPricePaise * l.quantity, 0),
        discount_paise: priced.reduce((t, l) => t + (l.unitOldPricePaise - l.unitPricePaise) * l.quantity, 0),
        delivery_charge_paise: deliveryChargePaise,
        amount_paise: amountPaise,
        address: JSON.stringify(FIXTURE_ADDRESS),
        placed_by: 'browser',
        placed_at: placedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const purchaseIds: string[] = [];
    for (const [i, line] of priced.entries()) {
      const spec = lines[i] as OrderLineSpec;
      const status = spec.status ?? 'placed';
      const shipped = status !== 'placed' && status !== 'cancelled';
      const delivered = shipped && status !== 'shipped';
      const purchaseId = `pur_fix${this.run}${n}x${i}`;
      await this.db
        .insertInto('order_lines')
        .values({
          purchase_id: purchaseId,
          order_id: order.id,
          product_id: line.productId,
          sku_id: line.skuId,
          size: line.size,
          quantity: line.quantity,
          unit_price_paise: line.unitPricePaise,
          unit_old_price_paise: line.unitOldPricePaise,
          paid_paise: paidOf(line),
          status,
          tracking_id: shipped ? `TRK${this.run}${n}${i}` : null,
          shipped_at: shipped ? placedAt : null,
          delivered_at: delivered ? (spec.deliveredAt ?? new Date()) : null,
          cancelled_at: status === 'cancelled' ? new Date() : null,
        })
        .execute();
      purchaseIds.push(purchaseId);
    }
    return { orderId: order.id, gatewayPaymentId, amountPaise, purchaseIds };
  }

  private async priced(line: OrderLineSpec): Promise<PricedLine> {
    const size = line.size ?? Object.keys(line.product.skus)[0] ?? '';
    const skuId = line.product.skus[size];
    if (skuId === undefined) throw new Error(`fixture product ${line.product.id} has no size "${size}"`);
    const product = await this.db
      .selectFrom('products')
      .select(['current_price_paise', 'old_price_paise'])
      .where('id', '=', line.product.id)
      .executeTakeFirstOrThrow();
    return {
      skuId,
      productId: line.product.id,
      size,
      quantity: line.quantity ?? 1,
      unitPricePaise: product.current_price_paise,
      unitOldPricePaise: product.old_price_paise,
    };
  }

  private next(): number {
    this.count += 1;
    return this.count;
  }

  private owners() {
    this.sellerAndPartner ??= this.insertOwners();
    return this.sellerAndPartner;
  }

  private async insertOwners() {
    const seller = await this.db
      .insertInto('sellers')
      .values({ name: `Fixture Looms ${this.run}`, city: 'Kolkata', gstin: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const partner = await this.db
      .insertInto('delivery_partners')
      .values({ code: `FIXTURE-${this.run}`, name: 'Fixture Couriers' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // the empty template has no pincodes at all: the metros' rows from India's list, where missing
    await this.db
      .insertInto('pincodes')
      .values(FIXTURE_PARTNER_PINCODES.flatMap((pincode) => indiaPincode(pincode) ?? []))
      .onConflict((oc) => oc.column('pincode').doNothing())
      .execute();
    // the metros, as every demo partner serves them; 110002 and the rest of India are not served
    await this.db
      .insertInto('partner_pincodes')
      .values(FIXTURE_PARTNER_PINCODES.map((pincode) => ({ partner_id: partner.id, pincode })))
      .execute();
    return { sellerId: seller.id, partnerId: partner.id };
  }
}
