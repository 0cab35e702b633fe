import { TCS_BP } from '../../../contract/books.ts';
import type { Gstr8Response, TcsRow } from '../../../contract/gstr.ts';
import { returnPeriod, signOf } from './gstr1.ts';
import { basisPointsOf, rupees } from './money.ts';
import type { MonthDocument } from './store.ts';

/**
 * The operator's GSTR-8 for a month (contract "GSTR-8"), folded from every seller's documents one at a
 * time: per seller GSTIN, the taxable value supplied and returned, and the TCS on the net, which the law
 * puts on the month's net value per seller (not per line).
 */

interface SellerMonth {
  stin: string;
  sellerId: number;
  supR: number;
  retsupR: number;
  /** net taxable value of intra-state supplies, and of inter-state ones */
  intra: number;
  inter: number;
}

/** TCS on a part's net: a negative month pays nothing. */
const tcsOn = (net: number, bp: number) => basisPointsOf(Math.max(0, net), bp);

export class Gstr8Fold {
  private readonly sellers = new Map<string, SellerMonth>();

  /** A document of a seller without a GSTIN has no row: the return is per registration. */
  add(doc: MonthDocument): void {
    const stin = doc.document.seller.gstin;
    if (!stin) return;
    const month = this.sellers.get(stin) ?? {
      stin,
      sellerId: doc.sellerId,
      supR: 0,
      retsupR: 0,
      intra: 0,
      inter: 0,
    };
    // one registration under two seller records is reported under the lower id
    month.sellerId = Math.min(month.sellerId, doc.sellerId);
    const taxable = doc.document.totals.taxablePaise;
    if (doc.kind === 'invoice') month.supR += taxable;
    else month.retsupR += taxable;
    if (doc.document.interState) month.inter += signOf(doc) * taxable;
    else month.intra += signOf(doc) * taxable;
    this.sellers.set(stin, month);
  }

  sellerIds(): number[] {
    return [...new Set([...this.sellers.values()].map((month) => month.sellerId))];
  }

  /** The return, `names` the sellers' names by id; rows by GSTIN, totals the sums of the rows. */
  json(header: { gstin: string; period: string }, names: ReadonlyMap<number, string>): Gstr8Response {
    const rows = [...this.sellers.values()]
      .sort((a, b) => (a.stin < b.stin ? -1 : a.stin > b.stin ? 1 : 0))
      .map((month) => ({ month, figures: figuresOf(month) }));
    const totals = rows.reduce((sum, { figures }) => {
      for (const key of FIGURE_KEYS) sum[key] += figures[key];
      return sum;
    }, noTcs());
    return {
      gstin: header.gstin,
      fp: returnPeriod(header.period),
      tcs: rows.map(({ month, figures }) => ({
        stin: month.stin,
        sellerId: month.sellerId,
        name: names.get(month.sellerId) ?? '',
        ...inRupees(figures),
      })),
      totals: inRupees(totals),
    };
  }
}

/** A row's figures in paise: the month's supplies, returns, net, and the TCS on each part's net. */
type TcsFigures = Omit<TcsRow, 'stin' | 'sellerId' | 'name'>;
const FIGURE_KEYS = ['supR', 'retsupR', 'amt', 'iamt', 'camt', 'samt'] as const;
const noTcs = (): TcsFigures => ({ supR: 0, retsupR: 0, amt: 0, iamt: 0, camt: 0, samt: 0 });

function figuresOf(month: SellerMonth): TcsFigures {
  const half = tcsOn(month.intra, TCS_BP / 2);
  return {
    supR: month.supR,
    retsupR: month.retsupR,
    amt: month.supR - month.retsupR,
    iamt: tcsOn(month.inter, TCS_BP),
    camt: half,
    samt: half,
  };
}

function inRupees(figures: TcsFigures): TcsFigures {
  const written = noTcs();
  for (const key of FIGURE_KEYS) written[key] = rupees(figures[key]);
  return written;
}
