import { GSTR1_CSV_TABLES, type Gstr1CsvTable, periodProblem } from '../../../contract/books.ts';
import type { Gstr1Query, Gstr1Response, Gstr8Query, Gstr8Response } from '../../../contract/gstr.ts';
import { monthBounds } from '../../../contract/india-time.ts';
import type { Db } from '../../db/connect.ts';
import { conflict, type FieldErrors, InvalidFields, notFound } from '../../platform/errors.ts';
import { shopOnRecord } from '../shop/service.ts';
import { gstr1Csv } from './gstr-csv.ts';
import { Gstr1Fold, gstr1Json } from './gstr1.ts';
import { Gstr8Fold } from './gstr8.ts';
import * as store from './store.ts';

/** GSTR-1 as the offline tool's JSON, or one of its sections as CSV. */
export type Gstr1Answer =
  | { format: 'json'; body: Gstr1Response }
  | { format: 'csv'; text: string; filename: string };

const SELLER_ID = /^[0-9]{1,18}$/;
const MAX_ID = 2_147_483_647;
const FORMATS = ['json', 'csv'] as const;

const isTable = (table: string): table is Gstr1CsvTable =>
  (GSTR1_CSV_TABLES as readonly string[]).includes(table);

/** What is wrong with GSTR-1's query, field by field; its good values when nothing is. */
function gstr1Request(query: Gstr1Query, now: Date) {
  const fields: FieldErrors = {};
  const { seller = '', period = '', format = 'json', table } = query;
  if (!SELLER_ID.test(seller))
    fields.seller = seller ? 'A seller is given by its id, a whole number' : 'Choose a seller';
  const periodWrong = periodProblem(period, now);
  if (periodWrong) fields.period = periodWrong;
  if (!(FORMATS as readonly string[]).includes(format))
    fields.format = `The format is one of ${FORMATS.join(', ')}`;
  const tableWanted = format === 'csv' || table !== undefined;
  if (tableWanted && !isTable(table ?? ''))
    fields.table = `The table is one of ${GSTR1_CSV_TABLES.join(', ')}`;
  if (Object.keys(fields).length > 0) throw new InvalidFields(fields);
  return { sellerId: Number(seller), period, csv: format === 'csv' ? (table as Gstr1CsvTable) : null };
}

/**
 * The owner's GST returns (contract "GSTR-1", "GSTR-8"; decision 070), built from the invoices and credit
 * notes as issued, never from order lines: every figure is one a PDF printed. A month is read in batches and
 * folded into its groups; only the groups are held.
 */
export class Books {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async gstr1(query: Gstr1Query): Promise<Gstr1Answer> {
    const { sellerId, period, csv } = gstr1Request(query, this.now());
    const seller = sellerId <= MAX_ID ? await store.sellerById(this.db, sellerId) : undefined;
    if (!seller) throw notFound('No such seller');
    if (!seller.gstin) throw conflict(`${seller.name} has no GSTIN: a seller files GSTR-1 under its GSTIN`);
    const fold = new Gstr1Fold();
    for await (const doc of store.monthDocuments(this.db, { sellerId, ...monthBounds(period) }))
      fold.add(doc);
    const sections = fold.sections();
    if (csv) {
      const filename = `gstr1-${seller.gstin}-${period}-${csv}.csv`;
      return { format: 'csv', text: gstr1Csv(sections, csv), filename };
    }
    const etin = (await shopOnRecord(this.db)).gstin;
    return { format: 'json', body: gstr1Json(sections, { gstin: seller.gstin, period, etin }) };
  }

  async gstr8(query: Gstr8Query): Promise<Gstr8Response> {
    const { period = '' } = query;
    const periodWrong = periodProblem(period, this.now());
    if (periodWrong) throw new InvalidFields({ period: periodWrong });
    const { gstin } = await shopOnRecord(this.db);
    if (!gstin) throw conflict("The shop has no GSTIN: add it in the shop's details to file GSTR-8");
    const fold = new Gstr8Fold();
    for await (const doc of store.monthDocuments(this.db, monthBounds(period))) fold.add(doc);
    return fold.json({ gstin, period }, await store.sellerNames(this.db, fold.sellerIds()));
  }
}
