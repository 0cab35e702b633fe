import { TOP_PRODUCTS_DEFAULT, TOP_PRODUCTS_MAX } from '../../../contract/books.ts';
import { OTHER_REASON_TITLE, RETURN_REASONS } from '../../../contract/fit-returns-constants.ts';
import { dayStart, daysBetween, nextDay } from '../../../contract/india-time.ts';
import {
  LIMIT_PROBLEM,
  type OffersReport,
  RETURN_REPORT_REASONS,
  type ReportRangeQuery,
  type ReturnsReport,
  rangeProblems,
  type SalesReport,
  type TopGenresReport,
  type TopProductsReport,
  type TopQuery,
} from '../../../contract/reports.ts';
import type { Db } from '../../db/connect.ts';
import { InvalidFields } from '../../platform/errors.ts';
import { rupees } from '../books/money.ts';
import { ordersCsv } from './orders-csv.ts';
import * as store from './store.ts';

/** A good range: its days and the moments they cover. */
interface Range {
  from: string;
  to: string;
  bounds: store.Bounds;
}

const LIMIT_PATTERN = /^[0-9]{1,3}$/;

/** The range asked for (and the limit, when the route takes one), or a 400 naming every bad parameter. */
function checked(query: ReportRangeQuery, limit?: string): Range & { limit: number } {
  const fields = rangeProblems(query.from, query.to);
  const count = limit === undefined ? TOP_PRODUCTS_DEFAULT : Number(limit);
  const limitGood =
    (limit === undefined || LIMIT_PATTERN.test(limit)) && count >= 1 && count <= TOP_PRODUCTS_MAX;
  if (!limitGood) fields.limit = LIMIT_PROBLEM;
  const { from = '', to = '' } = query;
  if (Object.keys(fields).length > 0) throw new InvalidFields(fields);
  return { from, to, bounds: { from: dayStart(from), to: dayStart(nextDay(to)) }, limit: count };
}

/** Sums of paise by India day: a day may come in more than one row (refunds, and COD lines never paid). */
function byDay(rows: readonly { day: string; paise: string }[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.day, (sums.get(row.day) ?? 0) + Number(row.paise));
  return sums;
}

const ZERO_SALES = { orders: 0, units: 0, gross: 0, discounts: 0, refunds: 0, net: 0 };
type SalesPaise = typeof ZERO_SALES;

const salesInRupees = ({ orders, units, gross, discounts, refunds, net }: SalesPaise) => ({
  orders,
  units,
  gross: rupees(gross),
  discounts: rupees(discounts),
  refunds: rupees(refunds),
  net: rupees(net),
});

const ZERO_RETURNS = { returns: 0, units: 0, value: 0, accepted: 0, rejected: 0, received: 0 };
type ReturnsFigures = typeof ZERO_RETURNS;

/** The sum of figures, key by key. */
function added<K extends string>(
  zero: Record<K, number>,
  rows: readonly Record<K, number>[],
): Record<K, number> {
  const total = { ...zero };
  for (const row of rows) for (const key of Object.keys(zero) as K[]) total[key] += row[key];
  return total;
}

/**
 * The back office's reports (contract/reports.ts, decision 070): the shop's sales by day, its best
 * products and genres, its returns by reason, what its offers brought, and the orders CSV. Every figure is
 * summed in paise and written in rupees last.
 */
export class Reports {
  constructor(private readonly db: Db) {}

  async sales(query: ReportRangeQuery): Promise<SalesReport> {
    const { from, to, bounds } = checked(query);
    const [sold, takenBack] = await Promise.all([
      store.salesByDay(this.db, bounds),
      store.takenBackByDay(this.db, bounds),
    ]);
    const soldOn = new Map(sold.map((row) => [row.day, row]));
    const refundsOn = byDay(takenBack);
    const days = daysBetween(from, to).map((date): SalesPaise & { date: string } => {
      const row = soldOn.get(date);
      const gross = Number(row?.gross ?? 0);
      const discounts = gross - Number(row?.paid ?? 0);
      const refunds = refundsOn.get(date) ?? 0;
      return {
        date,
        orders: Number(row?.orders ?? 0),
        units: Number(row?.units ?? 0),
        gross,
        discounts,
        refunds,
        net: gross - discounts - refunds,
      };
    });
    return {
      from,
      to,
      days: days.map((day) => ({ date: day.date, ...salesInRupees(day) })),
      totals: salesInRupees(added<keyof SalesPaise>(ZERO_SALES, days)),
    };
  }

  async topProducts(query: TopQuery): Promise<TopProductsReport> {
    const { from, to, bounds, limit } = checked(query, query.limit);
    const rows = await store.topProducts(this.db, bounds, limit);
    return {
      from,
      to,
      products: rows.map((row) => ({
        productId: row.id,
        name: row.name,
        units: Number(row.units),
        net: rupees(Number(row.net)),
      })),
    };
  }

  async topGenres(query: TopQuery): Promise<TopGenresReport> {
    const { from, to, bounds, limit } = checked(query, query.limit);
    const rows = await store.topGenres(this.db, bounds, limit);
    return {
      from,
      to,
      genres: rows.map((row) => ({
        section: row.crafts ? 'crafts' : 'apparel',
        segment: row.segment,
        genre: row.genre,
        units: Number(row.units),
        net: rupees(Number(row.net)),
      })),
    };
  }

  async returns(query: ReportRangeQuery): Promise<ReturnsReport> {
    const { from, to, bounds } = checked(query);
    const rows = await store.returnsByReason(this.db, bounds);
    const byReason = new Map(rows.map((row) => [row.reason_code ?? 'other', row]));
    const reasons = RETURN_REPORT_REASONS.map((reason) => {
      const row = byReason.get(reason);
      const figures: ReturnsFigures = {
        returns: Number(row?.returns ?? 0),
        units: Number(row?.units ?? 0),
        value: Number(row?.value ?? 0),
        accepted: Number(row?.accepted ?? 0),
        rejected: Number(row?.rejected ?? 0),
        received: Number(row?.received ?? 0),
      };
      return { reason, figures };
    });
    const inRupees = (figures: ReturnsFigures) => ({ ...figures, value: rupees(figures.value) });
    return {
      from,
      to,
      reasons: reasons.map(({ reason, figures }) => ({
        reason,
        title: reason === 'other' ? OTHER_REASON_TITLE : RETURN_REASONS[reason],
        ...inRupees(figures),
      })),
      totals: inRupees(
        added(
          ZERO_RETURNS,
          reasons.map((r) => r.figures),
        ),
      ),
    };
  }

  async offers(query: ReportRangeQuery): Promise<OffersReport> {
    const { from, to, bounds } = checked(query);
    const [sales, coupons] = await Promise.all([
      store.salesBrought(this.db, bounds),
      store.couponsBrought(this.db, bounds),
    ]);
    const figures = (row: { orders: string; units: string; discount: string; net: string }) => ({
      orders: Number(row.orders),
      units: Number(row.units),
      discount: rupees(Number(row.discount)),
      net: rupees(Number(row.net)),
    });
    return {
      from,
      to,
      offers: [
        ...sales.map((row) => ({
          kind: 'sale' as const,
          id: row.id,
          title: row.title,
          code: null,
          ...figures(row),
        })),
        ...coupons.map((row) => ({
          kind: 'coupon' as const,
          id: row.id,
          title: row.title,
          code: row.code,
          ...figures(row),
        })),
      ],
    };
  }

  /** The orders CSV: the range checked now (a 400 before any byte), its rows read as they are sent. */
  ordersCsv(query: ReportRangeQuery): { from: string; to: string; rows: AsyncGenerator<string> } {
    const { from, to, bounds } = checked(query);
    return { from, to, rows: ordersCsv(this.db, bounds) };
  }
}
