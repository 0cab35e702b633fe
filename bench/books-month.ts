/**
 * One month of a shop's books, for bench/books.ts: orders of 1-3 lines from four sellers in four states to
 * shoppers across ten, a few large inter-state invoices, about 5% of lines cancelled and 5% returned (each
 * refunded with its credit note), most delivered, a coupon on some orders, the delivery charge below the
 * free threshold, a commission change mid-month and one payout. Written straight with SQL in large batches
 * (one transaction), the documents made by the shop's own builders (server/modules/invoices/tax.ts and the
 * invoices service's parties), so each is what the shop would have issued. The same arguments make the
 * same month.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { sql } from 'kysely';
import { B2CL_THRESHOLD_PAISE, COMMISSION_GST_PERCENT, TCS_BP, TDS_BP } from '../contract/books.ts';
import { GST_STATE_CODES } from '../contract/gstin.ts';
import { dayStart, indiaMonth, monthBounds } from '../contract/india-time.ts';
import type { Db } from '../server/db/connect.ts';
import type { PricedLine } from '../server/db/schema.ts';
import { demoGstin } from '../server/demo/catalogue/sellers.ts';
import { basisPointsOf, roundDiv } from '../server/modules/books/money.ts';
import { buyerOf, Invoices, sellerOf } from '../server/modules/invoices/service.ts';
import {
  creditNoteDocument,
  documentNumber,
  financialYear,
  invoiceLines,
  printedDate,
  type TaxDocument,
  type TaxLine,
  totalsOf,
} from '../server/modules/invoices/tax.ts';
import { shopOnRecord } from '../server/modules/shop/service.ts';
import { Random } from '../server/platform/random.ts';
import { FIRST_NAMES, LAST_NAMES } from './catalogue.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** orders placed in the days before the month too: their deliveries, returns and credit notes fall in it */
const LEAD_DAYS = 4;
const CUSTOMERS = 20_000;
const PRODUCTS_PER_GOODS = 60;
/** every this many orders, one large inter-state invoice (B2CL): about 30 in a month of 100,000 lines */
const LARGE_EVERY = 2_000;
const ORDERS_PER_BATCH = 2_000;
const ROWS_PER_STATEMENT = 4_000;
const COUPON = { code: 'BENCH10', percent: 10, share: 0.12 };
/** the shop's delivery terms (migration defaults): ₹50 below ₹500 of goods */
const DELIVERY_PAISE = 5_000;
const FREE_DELIVERY_ABOVE_PAISE = 50_000;
const CANCELLED_SHARE = 0.05;
const RETURNED_SHARE = 0.05;
/** the shop's GSTIN (the operator's, for GSTR-8 and GSTR-1's table 14), in West Bengal */
const SHOP_GSTIN = demoGstin('19', 'Haat Bench Marketplace', 40);

interface Goods {
  segment: string;
  genre: string;
  prod: 'apparel' | 'accessories';
  hsn: string;
  noun: string;
  /** rupees, the lowest and highest price */
  price: [number, number];
}

const SAREE: Goods = {
  segment: 'Women',
  genre: 'Saree',
  prod: 'apparel',
  hsn: '540752',
  noun: 'Saree',
  price: [999, 14_999],
};
const SILK_SAREE: Goods = { ...SAREE, hsn: '500790', noun: 'Silk Saree', price: [2_999, 24_999] };
const KURTI: Goods = {
  segment: 'Women',
  genre: 'Kurti',
  prod: 'apparel',
  hsn: '620442',
  noun: 'Kurti',
  price: [399, 4_999],
};
const KURTA: Goods = {
  ...KURTI,
  segment: 'Men',
  genre: 'Kurta',
  hsn: '620520',
  noun: 'Kurta',
  price: [599, 3_999],
};
const TSHIRT: Goods = { ...KURTA, genre: 'T-shirt', hsn: '610910', noun: 'T-shirt', price: [299, 1_499] };
const JEANS: Goods = { ...KURTA, genre: 'Jeans', hsn: '620342', noun: 'Jeans', price: [999, 3_499] };
const HAND_BAG: Goods = {
  segment: 'Women',
  genre: 'Hand bag',
  prod: 'accessories',
  hsn: '420222',
  noun: 'Hand Bag',
  price: [799, 4_999],
};
const WALLET: Goods = {
  ...HAND_BAG,
  segment: 'Men',
  genre: 'Wallet',
  hsn: '42023110',
  noun: 'Wallet',
  price: [499, 1_999],
};
const BACKPACK: Goods = {
  ...HAND_BAG,
  genre: 'Backpack',
  hsn: '420292',
  noun: 'Backpack',
  price: [999, 3_999],
};
const JEWELLERY: Goods = {
  ...HAND_BAG,
  genre: 'Jewellery',
  hsn: '711719',
  noun: 'Jhumka',
  price: [199, 2_999],
};
/** the large invoices' goods: a bridal silk saree, two or three to an order */
const BRIDAL_SAREE: Goods = { ...SILK_SAREE, noun: 'Bridal Kanjivaram Saree', price: [38_000, 60_000] };

interface BenchSeller {
  id: number;
  name: string;
  legalName: string;
  city: string;
  /** GST state code */
  code: string;
  street: string;
  pincode: string;
  /** share of the month's lines */
  weight: number;
  /** commission in basis points, and from the 16th of the month (the owner changed it) */
  commissionBp: number;
  laterCommissionBp: number;
  goods: Goods[];
}

export const BENCH_SELLERS: readonly BenchSeller[] = [
  {
    id: 1,
    name: 'Kolkata Tant Ghar',
    legalName: 'Kolkata Tant Ghar Private Limited',
    city: 'Kolkata',
    code: '19',
    street: '14 Rashbehari Avenue',
    pincode: '700026',
    weight: 40,
    commissionBp: 1000,
    laterCommissionBp: 1200,
    goods: [SAREE, KURTI, KURTA],
  },
  {
    id: 2,
    name: 'Mumbai Denim Co.',
    legalName: 'Mumbai Denim Company LLP',
    city: 'Mumbai',
    code: '27',
    street: '7 Dharavi Cross Road',
    pincode: '400017',
    weight: 25,
    commissionBp: 1250,
    laterCommissionBp: 1250,
    goods: [JEANS, TSHIRT, KURTA],
  },
  {
    id: 3,
    name: 'Dilli Leather Craft',
    legalName: 'Dilli Leather Craft',
    city: 'New Delhi',
    code: '07',
    street: '22 Ballimaran',
    pincode: '110006',
    weight: 20,
    commissionBp: 800,
    laterCommissionBp: 800,
    goods: [HAND_BAG, WALLET, BACKPACK, JEWELLERY],
  },
  {
    id: 4,
    name: 'Kanchi Silk Centre',
    legalName: 'Kanchi Silk Centre',
    city: 'Kanchipuram',
    code: '33',
    street: '3 Gandhi Road',
    pincode: '631501',
    weight: 15,
    commissionBp: 1500,
    laterCommissionBp: 1500,
    goods: [SILK_SAREE, SAREE],
  },
];
const LARGE_SELLER = BENCH_SELLERS[3] as BenchSeller;
/** the seller paid part of the month, so settlements show paid lines */
const PAID_SELLER = BENCH_SELLERS[1] as BenchSeller;

/** where shoppers live: state, a city and its pincode, and the share of orders */
const PLACES: readonly [string, string, string, number][] = [
  ['West Bengal', 'Kolkata', '700019', 18],
  ['Maharashtra', 'Pune', '411001', 16],
  ['Delhi', 'New Delhi', '110017', 14],
  ['Karnataka', 'Bengaluru', '560034', 12],
  ['Tamil Nadu', 'Chennai', '600028', 10],
  ['Uttar Pradesh', 'Lucknow', '226010', 8],
  ['Gujarat', 'Ahmedabad', '380009', 7],
  ['Telangana', 'Hyderabad', '500034', 6],
  ['Kerala', 'Kochi', '682020', 5],
  ['Rajasthan', 'Jaipur', '302001', 4],
];
const RETURN_REASONS = ['too_small', 'too_large', 'changed_mind', 'quality', 'not_as_pictured'] as const;

export interface MonthOptions {
  /** `YYYY-MM`, India */
  period: string;
  /** order lines placed in the month */
  lines: number;
  /** nothing happens after this moment: later deliveries, returns and refunds are still to come */
  asOf: Date;
  seed: string;
}

export interface MonthSummary {
  lines: number;
  linesInMonth: number;
  orders: number;
  invoices: number;
  creditNotes: number;
  largeInvoices: number;
  delivered: number;
  cancelled: number;
  returned: number;
  paidLines: number;
  /** lines by seller id, in the month */
  linesBySeller: Record<number, number>;
}

interface Product {
  id: number;
  sellerId: number;
  kind: Goods;
  name: string;
  pricePaise: number;
  oldPricePaise: number;
  size: string;
}

interface Customer {
  id: number;
  address: Record<string, string>;
}

/** A refund decided for a line, waiting for its credit note (numbered once the month's are in order). */
interface Credit {
  refundId: number;
  invoiceId: number;
  sellerId: number;
  at: Date;
  invoice: TaxDocument;
  line: TaxLine;
  refundPaise: number;
}

type Row = Record<string, unknown>;

/** Rows waiting to be written, by table, in the order the foreign keys need. */
class Batch {
  readonly tables = {
    payment_orders: [] as Row[],
    payments: [] as Row[],
    orders: [] as Row[],
    order_lines: [] as Row[],
    invoices: [] as Row[],
    refunds: [] as Row[],
    returns: [] as Row[],
  };

  async flush(db: Db): Promise<void> {
    for (const [table, rows] of Object.entries(this.tables)) {
      await insertRows(db, table, rows);
      rows.length = 0;
    }
  }
}

/**
 * Rows as one JSON parameter per statement (`json_populate_recordset`), naming the columns given so the
 * others take their defaults: a few statements for thousands of rows, on PostgreSQL and PGlite alike.
 */
export async function insertRows(db: Db, table: string, rows: readonly Row[]): Promise<void> {
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(at, at + ROWS_PER_STATEMENT);
    const columns = sql.join(Object.keys(chunk[0] ?? {}).map((c) => sql.ref(c)));
    await sql`INSERT INTO ${sql.table(table)} (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(chunk)})`.execute(
      db,
    );
  }
}

const TABLES = [
  'payout_lines',
  'seller_payouts',
  'credit_notes',
  'refunds',
  'returns',
  'invoices',
  'document_series',
  'order_lines',
  'orders',
  'payments',
  'payment_orders',
  'skus',
  'products',
  'customers',
  'delivery_partners',
  'sellers',
];

/** the tables whose ids the generator gives, whose sequences then continue after them */
const SERIAL_TABLES = TABLES.filter((t) => !['payout_lines', 'returns', 'document_series'].includes(t));

/** Empties what the generator fills; refuses a database holding orders or sellers unless `reset`. */
export async function clearShop(db: Db, reset: boolean): Promise<void> {
  const { rows } = await sql<{ taken: boolean }>`SELECT
    EXISTS (SELECT 1 FROM orders) OR EXISTS (SELECT 1 FROM sellers) AS taken`.execute(db);
  if (!rows[0]?.taken) return;
  if (!reset) throw new Error('the database already holds sellers or orders; pass --reset to replace them');
  await sql.raw(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`).execute(db);
}

async function insertReference(db: Db, rng: Random): Promise<{ products: Product[]; customers: Customer[] }> {
  await insertRows(
    db,
    'sellers',
    BENCH_SELLERS.map((s) => ({
      id: s.id,
      name: s.name,
      city: s.city,
      gstin: demoGstin(s.code, s.name, s.id),
      legal_name: s.legalName,
      address: s.street,
      pincode: s.pincode,
      state: GST_STATE_CODES[s.code],
      pan: demoGstin(s.code, s.name, s.id).slice(2, 12),
      commission_bp: s.laterCommissionBp,
    })),
  );
  await insertRows(db, 'delivery_partners', [{ id: 1, code: 'BNC', name: 'Bench Couriers' }]);
  await sql`UPDATE shop_settings SET name = 'Haat Bench', legal_name = 'Haat Bench Marketplace Private Limited',
    gstin = ${SHOP_GSTIN}, office_address = ${['1 Park Street', 'Kolkata, West Bengal, 700016']}`.execute(db);

  const products: Product[] = [];
  for (const seller of BENCH_SELLERS) {
    const goods = seller === LARGE_SELLER ? [...seller.goods, BRIDAL_SAREE] : seller.goods;
    for (const kind of goods) {
      for (let k = 0; k < PRODUCTS_PER_GOODS; k++) {
        const rupees = 100 * Math.floor(rng.int(kind.price[0], kind.price[1]) / 100) + 99;
        products.push({
          id: products.length + 1,
          sellerId: seller.id,
          kind,
          name: `${rng.pick(['Indigo', 'Crimson', 'Ivory', 'Saffron', 'Teal', 'Mustard'])} ${kind.noun} ${k + 1}`,
          pricePaise: rupees * 100,
          oldPricePaise: Math.round((rupees * 100 * rng.int(100, 160)) / 100),
          size: kind.prod === 'apparel' ? 'M' : '',
        });
      }
    }
  }
  await insertRows(
    db,
    'products',
    products.map((p) => ({
      id: p.id,
      prod: p.kind.prod,
      user_segment: p.kind.segment,
      genre: p.kind.genre,
      name: p.name,
      seller_id: p.sellerId,
      partner_id: 1,
      child_key: `bench-books-${p.id}`,
      color: p.name.split(' ')[0],
      current_price_paise: p.pricePaise,
      old_price_paise: p.oldPricePaise,
      photos: [`bench-books-${p.id}.webp`],
      sku: `BOOKS-${p.id}`,
      hsn_code: p.kind.hsn,
    })),
  );
  await insertRows(
    db,
    'skus',
    products.map((p) => ({ id: p.id, product_id: p.id, size: p.size, position: 0, stock: 100_000 })),
  );

  const customers: Customer[] = [];
  for (let id = 1; id <= CUSTOMERS; id++) {
    const [state, city, pin] = rng.weighted(PLACES.map((p) => [p, p[3]] as const));
    const fname = rng.pick(FIRST_NAMES);
    const lname = rng.pick(LAST_NAMES);
    const phoneNo = `9${String(id).padStart(9, '0')}`;
    customers.push({
      id,
      address: {
        fname,
        lname,
        houseNo: String(rng.int(1, 200)),
        roadName: `${rng.pick(['Station', 'Temple', 'Lake', 'Market', 'College'])} Road`,
        areaName: `Ward ${rng.int(1, 40)}`,
        postOffice: city,
        city,
        pin,
        state,
        phoneNo,
      },
    });
  }
  await insertRows(
    db,
    'customers',
    customers.map(({ id, address: a }) => ({
      id,
      phone: a.phoneNo,
      email: `books-shopper${id}@example.com`,
      fname: a.fname,
      lname: a.lname,
      city: a.city,
      pin: a.pin,
      state: a.state,
    })),
  );
  return { products, customers };
}

/** How many lines each order has (1 to 3), in all `total`. */
function lineCounts(rng: Random, total: number): number[] {
  const counts: number[] = [];
  let left = total;
  while (left > 0) {
    const n = Math.min(
      left,
      rng.weighted([
        [1, 55],
        [2, 30],
        [3, 15],
      ] as const),
    );
    counts.push(n);
    left -= n;
  }
  return counts;
}

/** The orders of a stretch of time, `lines` lines in all, placed evenly through it. */
function ordersBetween(rng: Random, startMs: number, endMs: number, lines: number) {
  const counts = lineCounts(rng, lines);
  return counts.map((count, i) => ({
    count,
    placedAt: new Date(startMs + ((endMs - startMs) * (i + rng.next())) / counts.length),
  }));
}

/** What happens to a line after it is placed, as of `asOf`. */
interface Fate {
  status: string;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  /** the refund (cancellation or return) and when it was made */
  refund: { reason: 'cancellation' | 'return'; at: Date } | null;
  returned: Row | null;
}

function fateOf(rng: Random, placedAt: Date, asOf: Date, kind: 'kept' | 'cancelled' | 'returned'): Fate {
  const by = (at: Date) => at.getTime() <= asOf.getTime();
  const after = (at: Date, fromHours: number, toHours: number) =>
    new Date(at.getTime() + rng.int(fromHours * 60, toHours * 60) * 60_000);
  const none: Fate = {
    status: 'placed',
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refund: null,
    returned: null,
  };
  if (kind === 'cancelled') {
    const cancelledAt = after(placedAt, 1, 20);
    if (!by(cancelledAt)) return none;
    return { ...none, status: 'cancelled', cancelledAt, refund: { reason: 'cancellation', at: cancelledAt } };
  }
  const shippedAt = after(placedAt, 18, 30);
  if (!by(shippedAt)) return none;
  const deliveredAt = after(shippedAt, 24, 96);
  if (!by(deliveredAt)) return { ...none, status: 'shipped', shippedAt };
  const delivered = { ...none, status: 'delivered', shippedAt, deliveredAt };
  if (kind === 'kept') return delivered;
  // asked within the day's return window, picked up and received two days later, refunded an hour after
  const requestedAt = after(deliveredAt, 2, 20);
  if (!by(requestedAt)) return delivered;
  const decidedAt = after(requestedAt, 1, 3);
  const receivedAt = after(decidedAt, 40, 56);
  const refundAt = after(receivedAt, 1, 1);
  const reasonCode = rng.pick(RETURN_REASONS);
  const returned = {
    reason: reasonCode.replaceAll('_', ' '),
    reason_code: reasonCode,
    requested_at: requestedAt,
    accepted: by(decidedAt) ? true : null,
    decided_at: by(decidedAt) ? decidedAt : null,
    received_at: by(refundAt) ? receivedAt : null,
  };
  if (!by(refundAt)) {
    return { ...delivered, status: by(decidedAt) ? 'returning' : 'return_requested', returned };
  }
  return { ...delivered, status: 'returned', returned, refund: { reason: 'return', at: refundAt } };
}

/** The month: reference data, orders in time order with their invoices, then the credit notes and a payout. */
export async function generateMonth(db: Db, options: MonthOptions): Promise<MonthSummary> {
  const rng = new Random(options.seed);
  const { from, to } = monthBounds(options.period);
  const end = Math.min(to.getTime(), options.asOf.getTime());
  const start = from.getTime() - LEAD_DAYS * DAY_MS;
  if (end <= from.getTime())
    throw new Error(`${options.period} has not begun by ${options.asOf.toISOString()}`);
  // as many lines a day before the month as in it; the month itself holds exactly `lines`
  const lead = Math.round((options.lines * (from.getTime() - start)) / (end - from.getTime()));
  const orders = [
    ...ordersBetween(rng, start, from.getTime(), lead),
    ...ordersBetween(rng, from.getTime(), end, options.lines),
  ];
  const commissionChange = dayStart(`${options.period}-16`).getTime();

  const { products, customers } = await insertReference(db, rng);
  const shop = await shopOnRecord(db);
  const sellerParty = new Map(
    BENCH_SELLERS.map((s) => [
      s.id,
      sellerOf({
        legal_name: s.legalName,
        seller_name: s.name,
        address: s.street,
        address_line2: null,
        city: s.city,
        state: GST_STATE_CODES[s.code] ?? null,
        pincode: s.pincode,
        gstin: demoGstin(s.code, s.name, s.id),
      }),
    ]),
  );
  const everyday = (p: Product) => p.kind !== BRIDAL_SAREE;
  const shelf = new Map(
    BENCH_SELLERS.map((s) => [s.id, products.filter((p) => p.sellerId === s.id && everyday(p))]),
  );
  const bridal = products.filter((p) => !everyday(p));
  const serials = new Map<string, number>();
  const nextSerial = (sellerId: number, kind: TaxDocument['kind'], year: string) => {
    const key = `${sellerId}|${kind}|${year}`;
    const serial = (serials.get(key) ?? 0) + 1;
    serials.set(key, serial);
    return serial;
  };

  const summary: MonthSummary = {
    lines: lead + options.lines,
    linesInMonth: 0,
    orders: 0,
    invoices: 0,
    creditNotes: 0,
    largeInvoices: 0,
    delivered: 0,
    cancelled: 0,
    returned: 0,
    paidLines: 0,
    linesBySeller: {},
  };
  const credits: Credit[] = [];
  const payout: { order_line_id: number; net_paise: number }[] = [];
  const payoutUntil = dayStart(`${options.period}-15`).getTime();
  const batch = new Batch();
  let lineId = 0;
  let refundId = 0;
  let invoiceId = 0;

  for (const [index, { count, placedAt }] of orders.entries()) {
    const orderId = index + 1;
    const large = index % LARGE_EVERY === LARGE_EVERY / 2;
    let customer = rng.pick(customers);
    // a large invoice goes out of the seller's state (B2CL is inter-state only)
    while (large && customer.address.state === GST_STATE_CODES[LARGE_SELLER.code])
      customer = rng.pick(customers);
    const state = customer.address.state ?? '';
    const mixed = count > 1 && rng.chance(0.25);
    const sellerWeights = BENCH_SELLERS.map((s) => [s, s.weight] as const);
    const orderSeller = large ? LARGE_SELLER : rng.weighted(sellerWeights);
    const coupon = !large && rng.chance(COUPON.share);

    const lines = Array.from({ length: count }, () => {
      const seller = mixed ? rng.weighted(sellerWeights) : orderSeller;
      const product = rng.pick(large ? bridal : (shelf.get(seller.id) ?? []));
      const quantity = large
        ? rng.int(2, 3)
        : rng.weighted([
            [1, 85],
            [2, 11],
            [3, 3],
            [4, 1],
          ] as const);
      const gross = product.pricePaise * quantity;
      lineId += 1;
      return {
        id: lineId,
        product,
        seller,
        quantity,
        paidPaise: coupon ? gross - roundDiv(gross * COUPON.percent, 100) : gross,
      };
    });
    const itemsPaise = lines.reduce((t, l) => t + l.product.pricePaise * l.quantity, 0);
    const couponPaise = lines.reduce((t, l) => t + l.product.pricePaise * l.quantity - l.paidPaise, 0);
    const deliveryPaise = itemsPaise > FREE_DELIVERY_ABOVE_PAISE ? 0 : DELIVERY_PAISE;
    const amountPaise = itemsPaise - couponPaise + deliveryPaise;
    const address = customer.address;
    const priced: PricedLine[] = lines.map((l) => ({
      skuId: l.product.id,
      productId: l.product.id,
      size: l.product.size,
      quantity: l.quantity,
      unitPricePaise: l.product.pricePaise,
      unitOldPricePaise: l.product.oldPricePaise,
      paidPaise: l.paidPaise,
    }));
    batch.tables.payment_orders.push({
      id: orderId,
      customer_id: customer.id,
      gateway: 'simulated',
      gateway_order_id: `order_books${orderId}`,
      receipt: `rcpt_books_${orderId}`,
      amount_paise: amountPaise,
      delivery_charge_paise: deliveryPaise,
      lines: priced,
      address,
      status: 'placed',
      created_at: placedAt,
      updated_at: placedAt,
      coupon_code: coupon ? COUPON.code : null,
      coupon_paise: couponPaise,
    });
    batch.tables.payments.push({
      id: orderId,
      payment_order_id: orderId,
      gateway_payment_id: `pay_books${orderId}`,
      amount_paise: amountPaise,
      status: 'captured',
      method: 'upi',
      created_at: placedAt,
      captured_at: placedAt,
    });
    batch.tables.orders.push({
      id: orderId,
      customer_id: customer.id,
      payment_id: orderId,
      payment_order_id: orderId,
      items_old_total_paise: lines.reduce((t, l) => t + l.product.oldPricePaise * l.quantity, 0),
      discount_paise: lines.reduce(
        (t, l) => t + (l.product.oldPricePaise - l.product.pricePaise) * l.quantity,
        0,
      ),
      delivery_charge_paise: deliveryPaise,
      amount_paise: amountPaise,
      coupon_paise: couponPaise,
      address,
      placed_by: 'browser',
      placed_at: placedAt,
    });
    summary.orders += 1;

    // one invoice per seller; the delivery charge on the invoice of the order's first line (decision 018)
    const year = financialYear(placedAt);
    const sellerIds = [...new Set(lines.map((l) => l.seller.id))];
    const invoiced = new Map<number, { id: number; document: TaxDocument }>();
    for (const sellerId of [...sellerIds].sort((a, b) => a - b)) {
      const group = lines.filter((l) => l.seller.id === sellerId);
      const party = sellerParty.get(sellerId) as TaxDocument['seller'];
      const interState = party.state !== state;
      const carries = sellerId === sellerIds[0];
      const taxLines = invoiceLines(
        group.map((l) => ({
          id: l.id,
          name: l.product.name,
          hsn: l.product.kind.hsn,
          quantity: l.quantity,
          unitPaise: l.product.pricePaise,
          paidPaise: l.paidPaise,
        })),
        carries ? deliveryPaise : 0,
        interState,
      );
      const number = documentNumber('invoice', sellerId, year, nextSerial(sellerId, 'invoice', year));
      const document: TaxDocument = {
        kind: 'invoice',
        number,
        date: printedDate(placedAt),
        against: null,
        seller: party,
        shop,
        buyer: buyerOf(address, state),
        placeOfSupply: state,
        interState,
        ...(coupon && { couponCode: COUPON.code }),
        lines: taxLines,
        totals: totalsOf(taxLines),
      };
      invoiceId += 1;
      invoiced.set(sellerId, { id: invoiceId, document });
      batch.tables.invoices.push({
        id: invoiceId,
        number,
        order_id: orderId,
        seller_id: sellerId,
        financial_year: year,
        serial: Number(number.slice(-5)),
        issued_at: placedAt,
        document,
      });
      summary.invoices += 1;
      if (interState && document.totals.totalPaise > B2CL_THRESHOLD_PAISE) summary.largeInvoices += 1;
    }

    for (const line of lines) {
      // of the large orders, the first has a line cancelled and the second one returned (cdnur)
      const largeFate =
        index === LARGE_EVERY / 2 ? 'cancelled' : index === LARGE_EVERY * 1.5 ? 'returned' : 'kept';
      const roll = rng.next();
      const kind = large
        ? largeFate
        : roll < CANCELLED_SHARE
          ? 'cancelled'
          : roll < CANCELLED_SHARE + RETURNED_SHARE
            ? 'returned'
            : 'kept';
      const fate = fateOf(rng, placedAt, options.asOf, kind);
      const seller = line.seller;
      const commissionBp =
        placedAt.getTime() < commissionChange ? seller.commissionBp : seller.laterCommissionBp;
      batch.tables.order_lines.push({
        id: line.id,
        purchase_id: `pur_books${line.id}`,
        order_id: orderId,
        product_id: line.product.id,
        sku_id: line.product.id,
        size: line.product.size,
        quantity: line.quantity,
        unit_price_paise: line.product.pricePaise,
        unit_old_price_paise: line.product.oldPricePaise,
        paid_paise: line.paidPaise,
        coupon_code: coupon ? COUPON.code : null,
        status: fate.status,
        tracking_id: fate.shippedAt ? `BNC${line.id}` : null,
        shipped_at: fate.shippedAt,
        delivered_at: fate.deliveredAt,
        cancelled_at: fate.cancelledAt,
        updated_at: fate.refund?.at ?? fate.deliveredAt ?? fate.shippedAt ?? placedAt,
        commission_bp: commissionBp,
      });
      if (indiaMonth(placedAt) === options.period) {
        summary.linesInMonth += 1;
        summary.linesBySeller[seller.id] = (summary.linesBySeller[seller.id] ?? 0) + 1;
      }
      if (fate.deliveredAt) summary.delivered += 1;
      if (fate.returned) batch.tables.returns.push({ order_line_id: line.id, ...fate.returned });
      const invoice = invoiced.get(seller.id) as { id: number; document: TaxDocument };
      const taxLine = invoice.document.lines.find((l) => l.orderLineId === line.id) as TaxLine;
      if (fate.refund) {
        refundId += 1;
        batch.tables.refunds.push({
          id: refundId,
          payment_id: orderId,
          order_line_id: line.id,
          gateway_refund_id: `rfnd_books${refundId}`,
          amount_paise: line.paidPaise,
          reason: fate.refund.reason,
          status: 'processed',
          created_at: fate.refund.at,
          processed_at: fate.refund.at,
          method: 'gateway',
        });
        credits.push({
          refundId,
          invoiceId: invoice.id,
          sellerId: seller.id,
          at: fate.refund.at,
          invoice: invoice.document,
          line: taxLine,
          refundPaise: line.paidPaise,
        });
        if (fate.refund.reason === 'cancellation') summary.cancelled += 1;
        else summary.returned += 1;
      }
      // the paid seller was paid for the lines delivered before the 15th whose return window has closed
      if (
        seller === PAID_SELLER &&
        kind === 'kept' &&
        fate.deliveredAt &&
        indiaMonth(fate.deliveredAt) === options.period &&
        fate.deliveredAt.getTime() < payoutUntil - DAY_MS
      ) {
        payout.push({ order_line_id: line.id, net_paise: ledgerNet(line.paidPaise, taxLine, commissionBp) });
      }
    }
    if (orderId % ORDERS_PER_BATCH === 0) await batch.flush(db);
  }
  await batch.flush(db);

  summary.creditNotes = await insertCreditNotes(db, credits, nextSerial);
  const paidAt = new Date(payoutUntil + 5 * DAY_MS);
  if (paidAt.getTime() <= options.asOf.getTime()) {
    await insertPayout(db, options.period, payout, paidAt);
    summary.paidLines = payout.length;
  }
  await insertSeries(db, serials);
  for (const table of SERIAL_TABLES) {
    await sql
      .raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT greatest(1, max(id)) FROM ${table}))`,
      )
      .execute(db);
  }
  return summary;
}

/** What the seller is owed for a line (the contract's ledger: sale less commission, its GST, TCS and TDS). */
function ledgerNet(salePaise: number, taxLine: TaxLine, commissionBp: number): number {
  const commission = basisPointsOf(salePaise, commissionBp);
  const commissionGst = roundDiv(commission * COMMISSION_GST_PERCENT, 100);
  const tcs = basisPointsOf(taxLine.taxablePaise, TCS_BP);
  const tds = basisPointsOf(taxLine.taxablePaise, TDS_BP);
  return salePaise - commission - commissionGst - tcs - tds;
}

/** The month's credit notes, numbered in the order they were issued. */
async function insertCreditNotes(
  db: Db,
  credits: Credit[],
  nextSerial: (sellerId: number, kind: TaxDocument['kind'], year: string) => number,
): Promise<number> {
  credits.sort((a, b) => a.at.getTime() - b.at.getTime() || a.refundId - b.refundId);
  const rows = credits.map((credit, i) => {
    const year = financialYear(credit.at);
    const serial = nextSerial(credit.sellerId, 'credit_note', year);
    const number = documentNumber('credit_note', credit.sellerId, year, serial);
    const document = creditNoteDocument(credit.invoice, credit.line, credit.refundPaise, credit.at, number);
    return {
      id: i + 1,
      number,
      refund_id: credit.refundId,
      invoice_id: credit.invoiceId,
      seller_id: credit.sellerId,
      financial_year: year,
      serial,
      issued_at: credit.at,
      document,
    };
  });
  await insertRows(db, 'credit_notes', rows);
  return rows.length;
}

async function insertPayout(
  db: Db,
  period: string,
  lines: { order_line_id: number; net_paise: number }[],
  paidAt: Date,
): Promise<void> {
  if (lines.length === 0) return;
  await insertRows(db, 'seller_payouts', [
    {
      id: 1,
      seller_id: PAID_SELLER.id,
      period,
      amount_paise: lines.reduce((t, l) => t + l.net_paise, 0),
      utr: 'BENCHUTR0000000001',
      paid_at: paidAt,
      paid_by: 'bench',
    },
  ]);
  await insertRows(
    db,
    'payout_lines',
    lines.map((l) => ({ ...l, payout_id: 1 })),
  );
}

async function insertSeries(db: Db, serials: Map<string, number>): Promise<void> {
  await insertRows(
    db,
    'document_series',
    [...serials].map(([key, last]) => {
      const [sellerId, kind, year] = key.split('|');
      return { seller_id: Number(sellerId), kind, financial_year: year, last_serial: last };
    }),
  );
}

/** An order's documents as kept, by kind, with the numbers (which a second issue changes) left out. */
async function documentsOf(db: Db, orderId: number): Promise<unknown[]> {
  const { rows } = await sql<{ document: TaxDocument }>`
    SELECT document FROM (
      SELECT i.document, i.seller_id, 0 AS refund_id FROM invoices i WHERE i.order_id = ${orderId}
      UNION ALL
      SELECT c.document, c.seller_id, c.refund_id FROM credit_notes c
      JOIN invoices i ON i.id = c.invoice_id WHERE i.order_id = ${orderId}) AS kept
    ORDER BY seller_id, refund_id`.execute(db);
  return rows.map(({ document: { number: _n, against, ...rest } }) => ({
    ...rest,
    against: against && { date: against.date },
  }));
}

/**
 * Checks the generated documents against the shop's own issue: for a sample of orders (several sellers,
 * coupons, refunds, the large ones), each order's invoices and credit notes are issued again by
 * `Invoices` (as placing and refunding do) inside a savepoint, compared with the generated ones, numbers
 * aside, and rolled back. Answers how many orders were checked; throws at the first difference.
 */
export async function checkAgainstShop(db: Db): Promise<number> {
  const { rows } = await sql<{ order_id: number }>`
    SELECT order_id FROM (SELECT order_id FROM invoices GROUP BY order_id HAVING count(*) > 1 LIMIT 10) AS mixed
    UNION SELECT order_id FROM (SELECT l.order_id FROM refunds r JOIN order_lines l ON l.id = r.order_line_id
      ORDER BY r.id LIMIT 10) AS refunded
    UNION SELECT id FROM (SELECT id FROM orders WHERE coupon_paise > 0 ORDER BY id LIMIT 5) AS coupons
    UNION SELECT order_id FROM (SELECT order_id FROM invoices
      WHERE (document -> 'totals' ->> 'totalPaise')::bigint > ${B2CL_THRESHOLD_PAISE} ORDER BY id LIMIT 5) AS large`.execute(
    db,
  );
  for (const { order_id: orderId } of rows) {
    const generated = await documentsOf(db, orderId);
    await sql`SAVEPOINT bench_check`.execute(db);
    await sql`DELETE FROM credit_notes WHERE invoice_id IN (SELECT id FROM invoices WHERE order_id = ${orderId})`.execute(
      db,
    );
    await sql`DELETE FROM invoices WHERE order_id = ${orderId}`.execute(db);
    await Invoices.issue(db, orderId);
    const { rows: refunds } = await sql<{ id: number }>`
      SELECT r.id FROM refunds r JOIN order_lines l ON l.id = r.order_line_id
      WHERE l.order_id = ${orderId} ORDER BY r.created_at, r.id`.execute(db);
    for (const refund of refunds) await Invoices.creditNote(db, refund.id);
    const issued = await documentsOf(db, orderId);
    await sql`ROLLBACK TO SAVEPOINT bench_check`.execute(db);
    deepStrictEqual(generated, issued, `order ${orderId}: the generated documents are not the shop's`);
  }
  return rows.length;
}
