import type { FastifyBaseLogger } from 'fastify';
import type { OfferReportResponse } from '../../../contract/coupons.ts';
import type { OfferState, Sale, SaleBody } from '../../../contract/offers.ts';
import type { Db } from '../../db/connect.ts';
import { indiaTime, rupees, tidyText } from '../../platform/api-values.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { conflict, type FieldErrors, InvalidFields, notFound } from '../../platform/errors.ts';
import { checkWindow, windowState } from './offer-window.ts';
import { LiveSales, NO_SALES, type SaleTerms } from './sale-price.ts';
import * as store from './sales-store.ts';
import { type Coverable, coverage, givenScope, resolveStored } from './scope.ts';
import { checkScope } from './scope-check.ts';

export const NO_SUCH_SALE = 'No such sale';
export const SALE_OVER = 'This sale has ended; schedule a new one instead';
// a timer's delay is a 32-bit number of ms (24.8 days): a later boundary is waited for in steps
const LONGEST_WAIT_MS = 24 * 3600 * 1000;
// a bag page looked at longer ago than this is not taken to have shown a sale's start or end
const RECENT_CHANGE_MS = 3600 * 1000;

/** A bag line as a sale's change is looked for: its product's scope fields and the sale pricing it now. */
export type BagLineSale = Omit<Coverable, 'id'> & { productId: number; saleId: number | null };

/** What moved a bag's price: a sale that started, or one that ended (or was stopped). */
export interface SaleChange {
  title: string;
  change: 'started' | 'ended';
}

/** A sale to come or live, as this instance keeps it: its terms and its first moment (epoch ms). */
interface PendingSale {
  terms: SaleTerms;
  startsAt: number;
}

type LiveListener = (live: LiveSales) => void;

/**
 * The shop's festive sales: the back office schedules, edits and stops them; every price a
 * shopper sees asks `current()`. Each instance keeps the sales to come and live in memory and one timer
 * to the next start or end among them, so a sale starts and ends on every instance at its moment with
 * no request to wake it; its listeners (the catalogue's caches, the facet index) hear each change of the
 * live set. A save is announced ({offers: true}) and every instance reads its sales again.
 */
export class Sales {
  private pending: PendingSale[] = [];
  private live: LiveSales = NO_SALES;
  private liveKey = '[]';
  private readonly listeners = new Set<LiveListener>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private reading: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    // everything: the feed reconnected, and a save announced meanwhile may have been missed
    changes.onChange((change) => {
      if ('offers' in change || 'everything' in change) {
        this.reload().catch((error: unknown) => this.log.error({ err: error }, 'could not read the sales'));
      }
    });
  }

  /** The sales live now, as every price is worked out. */
  current(): LiveSales {
    return this.live;
  }

  /** Hears every change of the live set (a start, an end, a save), after it is current. */
  onChange(listener: LiveListener): void {
    this.listeners.add(listener);
  }

  /**
   * Reads the sales to come and live again; concurrent callers share one read, and a call made while
   * a read runs gets the one after it (which sees every save committed before the call).
   */
  reload(): Promise<void> {
    if (!this.reading) {
      this.reading = this.read().finally(() => {
        this.reading = undefined;
      });
      return this.reading;
    }
    this.next ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.reload();
      });
    return this.next;
  }

  /**
   * Works out the live set for the clock's now, tells the listeners if it changed, and sets the timer to
   * the next start or end. The timer calls it; so may tests that move the clock.
   */
  refresh(): void {
    const at = this.now().getTime();
    this.pending = this.pending.filter((sale) => sale.terms.endsAt > at);
    const live = this.pending.filter((sale) => sale.startsAt <= at).map((sale) => sale.terms);
    const key = JSON.stringify(live);
    if (key !== this.liveKey) {
      this.liveKey = key;
      this.live = new LiveSales(live);
      for (const listener of this.listeners) listener(this.live);
    }
    this.schedule(at);
  }

  /** The shop is closing: no more timers. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async list(): Promise<Sale[]> {
    const at = this.now();
    return (await store.allSales(this.db)).map((row) => toSale(row, at));
  }

  async create(body: SaleBody, actor: string): Promise<Sale> {
    const at = this.now();
    const sale = await this.db.transaction().execute(async (trx) => {
      const columns = await saleColumns(trx, body, at, undefined);
      const id = await store.insertSale(trx, columns);
      const saved = await this.saved(trx, id, at);
      await recordAudit(trx, audit(actor, 'sale.create', saved));
      return saved;
    });
    await this.announced();
    return sale;
  }

  /** Replaces every field of a sale to come or live; an ended or stopped one is 409. */
  async update(id: number, body: SaleBody, actor: string): Promise<Sale> {
    const at = this.now();
    const sale = await this.db.transaction().execute(async (trx) => {
      const row = await store.lockSale(trx, id);
      if (!row) throw notFound(NO_SUCH_SALE);
      if (isOver(row, at)) throw conflict(SALE_OVER);
      const columns = await saleColumns(trx, body, at, row.starts_at);
      await store.updateSale(trx, id, columns);
      const saved = await this.saved(trx, id, at);
      await recordAudit(trx, audit(actor, 'sale.update', saved, toSale(row, at)));
      return saved;
    });
    await this.announced();
    return sale;
  }

  /** Ends a live sale now, or switches off one to come; an ended or stopped one is 409. */
  async switchOff(id: number, actor: string): Promise<Sale> {
    const at = this.now();
    const sale = await this.db.transaction().execute(async (trx) => {
      const row = await store.lockSale(trx, id);
      if (!row) throw notFound(NO_SUCH_SALE);
      if (isOver(row, at)) throw conflict(SALE_OVER);
      await store.stopSale(trx, id, at);
      const saved = await this.saved(trx, id, at);
      await recordAudit(trx, audit(actor, 'sale.stop', saved));
      return saved;
    });
    await this.announced();
    return sale;
  }

  /** The sales' lines of GET /admin/api/offers/report (the coupons' are theirs). */
  async report(): Promise<OfferReportResponse> {
    const at = this.now();
    const [rows, totals] = await Promise.all([store.allSales(this.db), store.saleTotals(this.db)]);
    const bySale = new Map(totals.map((t) => [t.sale_id, t]));
    return rows.map((row) => {
      const total = bySale.get(row.id);
      return {
        kind: 'sale',
        id: row.id,
        title: row.title,
        state: stateOf(row, at),
        uses: Number(total?.uses ?? 0),
        discountGiven: rupees(Number(total?.saving_paise ?? 0)),
        salesValue: rupees(Number(total?.paid_paise ?? 0)),
      };
    });
  }

  /**
   * The latest sale change of the last hour that moved one of these bag lines' prices, within the
   * caller's transaction: a sale that ended or was stopped while covering a line it no longer prices,
   * or one that started and prices a line now. Read only when a bag's amount changed under its shopper.
   */
  async changedLately(db: Db, lines: readonly BagLineSale[]): Promise<SaleChange | undefined> {
    const at = this.now();
    const since = new Date(at.getTime() - RECENT_CHANGE_MS);
    const changes: (SaleChange & { moment: number })[] = [];
    for (const row of await store.salesChangedSince(db, since)) {
      const priced = lines.some((line) => line.saleId === row.id);
      if (row.starts_at > since && row.starts_at <= at && priced) {
        changes.push({ title: row.title, change: 'started', moment: row.starts_at.getTime() });
      }
      const end = row.stopped_at ?? row.ends_at;
      const ranFrom = row.starts_at < end;
      if (end > since && end <= at && ranFrom && !priced && lines.some(coveredBy(row))) {
        changes.push({ title: row.title, change: 'ended', moment: end.getTime() });
      }
    }
    const latest = changes.sort((a, b) => b.moment - a.moment)[0];
    return latest && { title: latest.title, change: latest.change };
  }

  private async saved(trx: Db, id: number, at: Date): Promise<Sale> {
    const row = await store.saleById(trx, id);
    if (!row) throw notFound(NO_SUCH_SALE);
    return toSale(row, at);
  }

  /**
   * After a save commits: every instance is told, this one too, at once (the feed delivers here before
   * it returns); the answer waits for this instance's read, so the saver's next page shows the sale.
   */
  private async announced(): Promise<void> {
    this.changes.announce({ offers: true });
    await (this.next ?? this.reading)?.catch(() => undefined);
  }

  private async read(): Promise<void> {
    const rows = await store.pendingSales(this.db, this.now());
    this.pending = rows.map((row) => ({ startsAt: row.starts_at.getTime(), terms: termsOf(row) }));
    this.refresh();
  }

  private schedule(at: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const next = Math.min(
      ...this.pending.map((sale) => (sale.startsAt > at ? sale.startsAt : sale.terms.endsAt)),
    );
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => this.refresh(), Math.min(next - at, LONGEST_WAIT_MS));
    this.timer.unref();
  }
}

/** A sale's terms as pricing needs them, its scope's seller names resolved to the ids kept beside them. */
function termsOf(row: store.SaleRow): SaleTerms {
  return {
    id: row.id,
    title: row.title,
    percentOff: row.percent_off,
    endsAt: row.ends_at.getTime(),
    scope: resolveStored(row.scope),
  };
}

/** Whether the sale's scope covers a bag line's product. */
function coveredBy(row: store.SaleRow): (line: BagLineSale) => boolean {
  const covers = coverage(termsOf(row).scope);
  return (line) => covers({ ...line, id: line.productId });
}

/** Stopped, or past its end. */
const isOver = (row: store.SaleRow, at: Date) => row.stopped_at !== null || row.ends_at <= at;

/**
 * The back office's states: a sale stopped before it began was switched off ('disabled'); one stopped
 * while live ended then ('ended').
 */
function stateOf(row: store.SaleRow, at: Date): OfferState {
  if (row.stopped_at) return row.stopped_at <= row.starts_at ? 'disabled' : 'ended';
  return windowState(row.starts_at, row.ends_at, at);
}

function toSale(row: store.SaleRow, at: Date): Sale {
  return {
    id: row.id,
    title: row.title,
    percentOff: row.percent_off,
    scope: givenScope(row.scope),
    startsAt: indiaTime(row.starts_at),
    endsAt: indiaTime(row.stopped_at ?? row.ends_at),
    state: stateOf(row, at),
  };
}

/**
 * The body as columns, or every field's error at once: the title not blank, the window (checkWindow),
 * and a scope naming something, all of it the catalogue's and the sellers' (checkScope).
 */
async function saleColumns(
  db: Db,
  body: SaleBody,
  at: Date,
  startedAt: Date | undefined,
): Promise<store.SaleColumns> {
  const title = tidyText(body.title);
  const window = checkWindow(body, at, startedAt);
  const scope = await checkScope(db, body.scope);
  const errors: FieldErrors = { ...window.problems, ...scope.problems };
  if (title === '') errors.title = 'Required';
  if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
  return {
    title,
    percent_off: body.percentOff,
    scope: scope.stored,
    starts_at: window.startsAt,
    ends_at: window.endsAt,
  };
}

/** The audit entry of a save: the sale's terms now, and before an edit. */
function audit(actor: string, action: string, sale: Sale, before?: Sale) {
  const terms = ({ id: _id, state: _state, ...rest }: Sale) => rest;
  return {
    actor,
    action,
    subject: `sale:${sale.id}`,
    details: { ...terms(sale), ...(before && { before: terms(before) }) },
  };
}
