import { periodProblem, UTR_PATTERN } from '../../../contract/books.ts';
import { indiaDay, monthBounds } from '../../../contract/india-time.ts';
import type { Seller } from '../../../contract/sellers.ts';
import type {
  LedgerLine,
  Payout,
  PayoutRecorded,
  SettlementList,
  SettlementSeller,
  Statement,
  StatementFormat,
  StatementTotals,
} from '../../../contract/settlements.ts';
import { STATEMENT_FORMATS } from '../../../contract/settlements.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import { conflict, InvalidFields, notFound } from '../../platform/errors.ts';
import { inBatches } from '../books/batches.ts';
import { rupees } from '../books/money.ts';
import { lockSeller, NO_SUCH_SELLER, type Sellers } from '../sellers/service.ts';
import { FIGURES, type Figures, type LedgerEntry, ledgerEntry, reversed } from './ledger.ts';
import * as store from './store.ts';

const UTR_FORMAT = 'A UTR is 12 to 22 letters and digits, as the bank gives it';
export const UTR_TAKEN = 'That UTR is already recorded for a payout';
export const NOTHING_PAYABLE = 'Nothing of that month is payable to this seller now';

/** A ledger row: the line as read and what ledger.ts made of it. */
export interface LedgerRow {
  line: store.LedgerLineRow;
  entry: LedgerEntry;
}

/** A seller's statement before it is written: its rows are read (in batches) as the writer goes. */
export interface StatementSource {
  seller: Seller;
  period: string;
  payouts: store.PayoutRow[];
  rows: () => AsyncGenerator<LedgerRow>;
}

const rupeesOf = (figures: Figures) =>
  Object.fromEntries(FIGURES.map((key) => [key, rupees(figures[key])])) as Record<keyof Figures, number>;

/**
 * A ledger row's cells as the statement's CSV and PDF write them (STATEMENT_CSV_COLUMNS): purchase id,
 * product, quantity, the India day of delivery, the status, then the figures as `money` writes paise.
 */
export const statementCells = (
  { line }: LedgerRow,
  status: string,
  figures: Figures,
  money: (paise: number) => string,
): string[] => [
  line.purchase_id,
  line.name,
  String(line.quantity),
  line.delivered_at ? indiaDay(line.delivered_at) : '',
  status,
  ...FIGURES.map((key) => money(figures[key])),
];

/** A ledger row as the statement's JSON writes it. */
function ledgerLine({ line, entry }: LedgerRow): LedgerLine {
  return {
    purchaseId: line.purchase_id,
    orderId: line.order_id,
    productId: line.product_id,
    name: line.name,
    quantity: line.quantity,
    deliveredAt: (line.delivered_at ?? new Date(0)).toISOString(),
    payableFrom: entry.payableFrom?.toISOString() ?? null,
    status: entry.status,
    ...rupeesOf(entry.figures),
    ...(entry.status === 'returned' && { reversal: rupeesOf(reversed(entry.figures)) }),
    payoutId: line.payout_id,
  };
}

/**
 * A statement's totals, kept in paise as its rows go by: the seven figures over the rows not returned,
 * and the nets of the rows payable, held and paid.
 */
export class Totals {
  private readonly figures: Figures = {
    saleValue: 0,
    taxableValue: 0,
    commission: 0,
    commissionGst: 0,
    tcs: 0,
    tds: 0,
    net: 0,
  };
  private readonly byStatus = { payable: 0, held: 0, paid: 0 };
  lines = 0;

  add({ figures, status }: LedgerEntry): void {
    this.lines += 1;
    if (status === 'returned') return;
    for (const key of FIGURES) this.figures[key] += figures[key];
    this.byStatus[status] += figures.net;
  }

  /** In paise. */
  get paise(): Figures & { payable: number; held: number; paid: number } {
    return { ...this.figures, ...this.byStatus };
  }

  /** In rupees, as the JSON answers write them. */
  rupees(): StatementTotals {
    const { payable, held, paid } = this.byStatus;
    return { ...rupeesOf(this.figures), payable: rupees(payable), held: rupees(held), paid: rupees(paid) };
  }
}

const toPayout = (row: store.PayoutRow): Payout => ({
  id: row.id,
  amount: rupees(Number(row.amount_paise)),
  utr: row.utr,
  paidAt: new Date(row.paid_at).toISOString(),
  lines: row.lines ?? 0,
});

function checkPeriod(period: string | undefined, now: Date): string {
  const problem = periodProblem(period, now);
  if (problem) throw new InvalidFields({ period: problem });
  return period as string;
}

/** The statement's format: json when absent; anything else 400 naming `format`. */
export function statementFormat(format: string | undefined): StatementFormat {
  const chosen = format ?? 'json';
  if (!(STATEMENT_FORMATS as readonly string[]).includes(chosen))
    throw new InvalidFields({ format: `The format is one of ${STATEMENT_FORMATS.join(', ')}` });
  return chosen as StatementFormat;
}

/**
 * Sellers' settlements (decision 070): the ledger is derived when read, from the delivered lines, their
 * invoices and the payouts, never kept as a second copy. A settlement period is the India month of
 * delivery. Paying records which payable rows a payout paid, each at most once.
 */
export class Settlements {
  constructor(
    private readonly db: Db,
    private readonly sellers: Sellers,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The scope's ledger rows, read a batch at a time, each made by ledger.ts as of `now`. */
  private async *ledger(db: Db, scope: store.LedgerScope, now: Date): AsyncGenerator<LedgerRow> {
    const lines = inBatches(
      (after, limit) => store.ledgerLines(db, scope, after, limit),
      (line) => line.id,
    );
    for await (const line of lines) yield { line, entry: ledgerEntry(line, now) };
  }

  /** Every seller with a row delivered in the period: its rows counted and its nets summed by status. */
  async summary(period: string | undefined): Promise<SettlementList> {
    const now = this.now();
    const month = checkPeriod(period, now);
    const bySeller = new Map<number, Totals>();
    for await (const { line, entry } of this.ledger(this.db, monthBounds(month), now)) {
      const totals = bySeller.get(line.seller_id) ?? new Totals();
      totals.add(entry);
      bySeller.set(line.seller_id, totals);
    }
    const sellers: SettlementSeller[] = [];
    // the sellers' list is by name
    for (const seller of await this.sellers.list()) {
      const totals = bySeller.get(seller.id);
      if (!totals) continue;
      const { payable, held, paid } = totals.rupees();
      sellers.push({
        sellerId: seller.id,
        name: seller.name,
        gstin: seller.gstin,
        commissionPercent: seller.commissionPercent,
        lines: totals.lines,
        payable,
        held,
        paid,
      });
    }
    return { period: month, sellers };
  }

  /** The seller's statement for the period; 400 for a bad period, 404 for an unknown seller. */
  async statement(sellerId: number, period: string | undefined): Promise<StatementSource> {
    const now = this.now();
    const month = checkPeriod(period, now);
    const seller = await this.sellers.get(sellerId);
    const payouts = await store.payoutsOf(this.db, sellerId, month);
    const scope = { sellerId, ...monthBounds(month) };
    return { seller, period: month, payouts, rows: () => this.ledger(this.db, scope, now) };
  }

  /**
   * Records that the owner paid the seller every row of the period payable now. One transaction holds
   * the seller's row (FOR UPDATE), so a second payment at once waits and then finds those rows paid.
   */
  async pay(sellerId: number, body: { period: string; utr: string }, actor: string): Promise<PayoutRecorded> {
    const now = this.now();
    const fields: Record<string, string> = {};
    const periodWrong = periodProblem(body.period, now);
    if (periodWrong) fields.period = periodWrong;
    if (!UTR_PATTERN.test(body.utr)) fields.utr = UTR_FORMAT;
    if (Object.keys(fields).length > 0) throw new InvalidFields(fields);
    const { period, utr } = body;
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await lockSeller(trx, sellerId))) throw notFound(NO_SUCH_SELLER);
        if (await store.utrTaken(trx, utr)) throw conflict(UTR_TAKEN);
        const payout = await store.insertPayout(trx, { sellerId, period, utr, paidBy: actor });
        const { amount, lines } = await this.payRows(
          trx,
          payout.id,
          { sellerId, ...monthBounds(period) },
          now,
        );
        if (lines === 0) throw conflict(NOTHING_PAYABLE);
        await store.setPayoutAmount(trx, payout.id, amount);
        await recordAudit(trx, {
          actor,
          action: 'settlement.pay',
          subject: `seller:${sellerId}`,
          details: { payoutId: payout.id, period, utr, amountPaise: amount, lines },
        });
        const paidAt = new Date(payout.paid_at).toISOString();
        return { id: payout.id, sellerId, period, amount: rupees(amount), utr, paidAt, lines };
      });
    } catch (error) {
      if (store.isUtrTaken(error)) throw conflict(UTR_TAKEN);
      throw error;
    }
  }

  /** The scope's payable rows put in the payout a batch at a time, each with its net; their sum and count. */
  private async payRows(trx: Db, payoutId: number, scope: store.LedgerScope, now: Date) {
    let amount = 0;
    let lines = 0;
    let batch: { lineId: number; netPaise: number }[] = [];
    for await (const { line, entry } of this.ledger(trx, scope, now)) {
      if (entry.status !== 'payable') continue;
      batch.push({ lineId: line.id, netPaise: entry.figures.net });
      amount += entry.figures.net;
      lines += 1;
      if (batch.length === 500) {
        await store.insertPayoutLines(trx, payoutId, batch);
        batch = [];
      }
    }
    await store.insertPayoutLines(trx, payoutId, batch);
    return { amount, lines };
  }
}

/** The statement as JSON text, streamed: its rows as they are read, then the totals they make. */
export async function* statementJson(source: StatementSource): AsyncGenerator<string> {
  const { seller } = source;
  const head: Omit<Statement, 'lines' | 'totals' | 'payouts'> = {
    seller: { id: seller.id, name: seller.name, legalName: seller.legalName, gstin: seller.gstin },
    period: source.period,
    commissionPercent: seller.commissionPercent,
  };
  yield `${JSON.stringify(head).slice(0, -1)},"lines":[`;
  const totals = new Totals();
  for await (const row of source.rows()) {
    yield `${totals.lines > 0 ? ',' : ''}${JSON.stringify(ledgerLine(row))}`;
    totals.add(row.entry);
  }
  yield `],"totals":${JSON.stringify(totals.rupees())},"payouts":${JSON.stringify(source.payouts.map(toPayout))}}`;
}
