import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { TaxDocument } from './tax.ts';

export type DocumentKind = TaxDocument['kind'];

/** Locks the order (as every change of its lines does first) and reads what its invoices name. */
export async function lockOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'placed_at', 'address', 'delivery_charge_paise', 'payment_method', 'cod_fee_paise'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The order's lines sold, first line first, with the product's HSN code and the seller's registration;
 * an exchange's new line is no sale of its own (decision 047), the invoice keeps the line it replaces.
 */
export async function soldLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .select([
      'order_lines.id',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.paid_paise',
      'order_lines.coupon_code',
      'products.name',
      'products.hsn_code',
      'sellers.id as seller_id',
      'sellers.name as seller_name',
      'sellers.legal_name',
      'sellers.address',
      'sellers.address_line2',
      'sellers.city',
      'sellers.pincode',
      'sellers.state',
      'sellers.gstin',
    ])
    .where('order_lines.order_id', '=', orderId)
    .where('order_lines.exchange_of', 'is', null)
    .orderBy('order_lines.id')
    .execute();
}

export type SoldLineRow = Awaited<ReturnType<typeof soldLines>>[number];

export async function invoicedSellers(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('invoices').select('seller_id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.seller_id);
}

/**
 * The next serial of a series: the series' row stays locked until the caller's transaction ends, so
 * serials are given one at a time, and one given by a transaction that rolls back is given again.
 */
export async function nextSerial(
  db: Db,
  sellerId: number,
  kind: DocumentKind,
  year: string,
): Promise<number> {
  const { rows } = await sql<{ last_serial: number }>`
    INSERT INTO document_series (seller_id, kind, financial_year, last_serial)
    VALUES (${sellerId}, ${kind}, ${year}, 1)
    ON CONFLICT (seller_id, kind, financial_year)
      DO UPDATE SET last_serial = document_series.last_serial + 1
    RETURNING last_serial`.execute(db);
  const serial = rows[0]?.last_serial;
  if (serial === undefined) throw new Error('no serial given');
  return serial;
}

export interface IssuedDocument {
  number: string;
  sellerId: number;
  year: string;
  serial: number;
  issuedAt: Date;
  document: TaxDocument;
}

const documentColumns = (issued: IssuedDocument) => ({
  number: issued.number,
  seller_id: issued.sellerId,
  financial_year: issued.year,
  serial: issued.serial,
  issued_at: issued.issuedAt,
  document: JSON.stringify(issued.document),
});

export async function insertInvoice(db: Db, orderId: number, issued: IssuedDocument): Promise<void> {
  await db
    .insertInto('invoices')
    .values({ ...documentColumns(issued), order_id: orderId })
    .execute();
}

export async function insertCreditNote(
  db: Db,
  refund: { refundId: number; invoiceId: number },
  issued: IssuedDocument,
): Promise<void> {
  await db
    .insertInto('credit_notes')
    .values({ ...documentColumns(issued), refund_id: refund.refundId, invoice_id: refund.invoiceId })
    .execute();
}

/** An order line with its order, owner and seller; the owner's own when customerId is given. */
export async function orderLine(db: Db, purchaseId: string, customerId?: number) {
  let query = db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select(['order_lines.id', 'order_lines.order_id', 'products.seller_id'])
    .where('order_lines.purchase_id', '=', purchaseId);
  if (customerId !== undefined) query = query.where('orders.customer_id', '=', customerId);
  return query.executeTakeFirst();
}

/** The invoice of an order's goods from one seller. */
export async function invoiceOf(db: Db, orderId: number, sellerId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'issued_at', 'document'])
    .where('order_id', '=', orderId)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
}

/** The line's refunds that gave (or are giving) money back, oldest first, with any credit note issued. */
export async function lineRefunds(db: Db, orderLineId: number) {
  return db
    .selectFrom('refunds')
    .leftJoin('credit_notes', 'credit_notes.refund_id', 'refunds.id')
    .select(['refunds.id', 'credit_notes.number', 'credit_notes.document'])
    .where('refunds.order_line_id', '=', orderLineId)
    .where('refunds.status', '<>', 'failed')
    .orderBy('refunds.id')
    .execute();
}

/** A refund of an order line, with the line's order and seller; undefined for a refund of no line. */
export async function refundOfLine(db: Db, refundId: number) {
  return db
    .selectFrom('refunds')
    .innerJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select([
      'refunds.id',
      'refunds.amount_paise',
      'refunds.created_at',
      // the invoiced line: an exchange's new line is credited against the line it replaced (decision 047)
      sql<number>`coalesce(order_lines.exchange_of, order_lines.id)`.as('line_id'),
      'order_lines.order_id',
      'products.seller_id',
    ])
    .where('refunds.id', '=', refundId)
    .executeTakeFirst();
}

export async function hasCreditNote(db: Db, refundId: number): Promise<boolean> {
  const row = await db
    .selectFrom('credit_notes')
    .select('id')
    .where('refund_id', '=', refundId)
    .executeTakeFirst();
  return row !== undefined;
}

const DOCUMENT_TABLES = { invoice: 'invoices', credit_note: 'credit_notes' } as const;

/** pg reads bytea as a Buffer, PGlite as a Uint8Array: a Buffer over the same bytes either way */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A document's kept PDF; undefined until it is first rendered. */
export async function keptPdf(db: Db, kind: DocumentKind, number: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom(DOCUMENT_TABLES[kind])
    .select('pdf')
    .where('number', '=', number)
    .executeTakeFirst();
  return row?.pdf ? asBuffer(row.pdf) : undefined;
}

/**
 * Keeps a document's PDF and answers the one kept: when another instance kept one first, that one stays
 * (each render has its own creation time), so every copy of a document is the same file.
 */
export async function keepPdf(db: Db, kind: DocumentKind, number: string, pdf: Buffer): Promise<Buffer> {
  const kept = await db
    .updateTable(DOCUMENT_TABLES[kind])
    .set({ pdf })
    .where('number', '=', number)
    .where('pdf', 'is', null)
    .executeTakeFirst();
  if (kept.numUpdatedRows > 0n) return pdf;
  const earlier = await keptPdf(db, kind, number);
  if (!earlier) throw new Error(`no ${kind} ${number} to keep a PDF of`);
  return earlier;
}
