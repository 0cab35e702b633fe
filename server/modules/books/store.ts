import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { TaxDocument } from '../invoices/tax.ts';
import { inBatches } from './batches.ts';

/** An issued invoice or credit note as the returns read it: what it printed, and its place in its series. */
export interface MonthDocument {
  kind: TaxDocument['kind'];
  sellerId: number;
  serial: number;
  issuedAt: Date;
  document: TaxDocument;
  /** the value of the invoice it is or is against (a credit note's B2CL class is its invoice's) */
  invoiceTotalPaise: number;
}

/** Whose documents: one seller's (GSTR-1) or the whole shop's (GSTR-8), issued in `from <= at < to`. */
export interface MonthScope {
  sellerId?: number;
  from: Date;
  to: Date;
}

/**
 * The lowest and highest id of the month's documents in a table. Every document of the month lies between
 * them whatever the order of ids; as ids grow with issue, few others do.
 */
interface IdRange {
  low: number;
  high: number;
}

/**
 * The month's id range, found in one pass of the (seller, issued_at) index: each batch then walks the ids
 * from the last one read, so the month is read once, not once per batch (a batch ordered by id from the
 * date index alone would sort the whole month each time).
 */
async function idRange(db: Db, table: 'invoices' | 'credit_notes', scope: MonthScope) {
  let query = db
    .selectFrom(table)
    .select((eb) => [eb.fn.min('id').as('low'), eb.fn.max('id').as('high')])
    .where('issued_at', '>=', scope.from)
    .where('issued_at', '<', scope.to);
  if (scope.sellerId !== undefined) query = query.where('seller_id', '=', scope.sellerId);
  const { low, high } = await query.executeTakeFirstOrThrow();
  return low === null || high === null ? undefined : { low: Number(low), high: Number(high) };
}

function invoicesAfter(db: Db, scope: MonthScope, ids: IdRange, after: number, limit: number) {
  let query = db
    .selectFrom('invoices')
    .select(['id', 'seller_id', 'serial', 'issued_at', 'document'])
    .where('id', '>', Math.max(after, ids.low - 1))
    .where('id', '<=', ids.high)
    .where('issued_at', '>=', scope.from)
    .where('issued_at', '<', scope.to);
  if (scope.sellerId !== undefined) query = query.where('seller_id', '=', scope.sellerId);
  return query.orderBy('id').limit(limit).execute();
}

function creditNotesAfter(db: Db, scope: MonthScope, ids: IdRange, after: number, limit: number) {
  let query = db
    .selectFrom('credit_notes')
    .innerJoin('invoices', 'invoices.id', 'credit_notes.invoice_id')
    .select([
      'credit_notes.id',
      'credit_notes.seller_id',
      'credit_notes.serial',
      'credit_notes.issued_at',
      'credit_notes.document',
      // the invoice's value only, not its whole document
      sql<string>`invoices.document->'totals'->>'totalPaise'`.as('invoice_total'),
    ])
    .where('credit_notes.id', '>', Math.max(after, ids.low - 1))
    .where('credit_notes.id', '<=', ids.high)
    .where('credit_notes.issued_at', '>=', scope.from)
    .where('credit_notes.issued_at', '<', scope.to);
  if (scope.sellerId !== undefined) query = query.where('credit_notes.seller_id', '=', scope.sellerId);
  return query.orderBy('credit_notes.id').limit(limit).execute();
}

/** Every invoice, then every credit note, dated in the month, read a batch at a time. */
export async function* monthDocuments(db: Db, scope: MonthScope): AsyncGenerator<MonthDocument> {
  const invoiceIds = await idRange(db, 'invoices', scope);
  const invoices = invoiceIds
    ? inBatches(
        (after, limit) => invoicesAfter(db, scope, invoiceIds, after, limit),
        (row) => row.id,
      )
    : [];
  for await (const row of invoices) {
    const document = row.document as TaxDocument;
    yield {
      kind: 'invoice',
      sellerId: row.seller_id,
      serial: row.serial,
      issuedAt: row.issued_at,
      document,
      invoiceTotalPaise: document.totals.totalPaise,
    };
  }
  const noteIds = await idRange(db, 'credit_notes', scope);
  const notes = noteIds
    ? inBatches(
        (after, limit) => creditNotesAfter(db, scope, noteIds, after, limit),
        (row) => row.id,
      )
    : [];
  for await (const row of notes) {
    yield {
      kind: 'credit_note',
      sellerId: row.seller_id,
      serial: row.serial,
      issuedAt: row.issued_at,
      document: row.document as TaxDocument,
      invoiceTotalPaise: Number(row.invoice_total),
    };
  }
}

export function sellerById(db: Db, sellerId: number) {
  return db
    .selectFrom('sellers')
    .select(['id', 'name', 'gstin'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
}

/** The sellers' names now, by id. */
export async function sellerNames(db: Db, sellerIds: readonly number[]): Promise<Map<number, string>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db.selectFrom('sellers').select(['id', 'name']).where('id', 'in', sellerIds).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
