import { type Coverable, coverage, type ResolvedScope } from './scope.ts';

/** A sale live now, as pricing needs it (plain data: it also goes to the facet index's thread). */
export interface SaleTerms {
  id: number;
  title: string;
  percentOff: number;
  /** epoch ms: when it ends (or was stopped) */
  endsAt: number;
  scope: ResolvedScope;
}

/** A price after a sale, and the discount on the MRP recomputed from the two. */
export interface SalePrice {
  pricePaise: number;
  discount: number;
}

/**
 * `round(price * (100 - percentOff) / 100)` in whole rupees, half up (shared/design.md, "Offers"), and
 * never below one rupee.
 */
export function salePricePaise(pricePaise: number, percentOff: number): number {
  return Math.max(100, percentInRupees(pricePaise, 100 - percentOff));
}

/** A percentage of a paise amount, in whole rupees rounded half up (as paise; integers throughout). */
export function percentInRupees(paise: number, percent: number): number {
  return Math.floor((paise * percent + 5_000) / 10_000) * 100;
}

/** The discount as the products table computes it (migration 001): whole percent of the MRP, rounded down. */
export function discountOf(pricePaise: number, oldPricePaise: number): number {
  return Math.floor(((oldPricePaise - pricePaise) * 100) / oldPricePaise);
}

/** A product as the stores read it for pricing: what a scope looks at, and its own two prices in paise. */
export interface ProductPriceRow {
  id: number;
  prod: Coverable['prod'];
  user_segment: string;
  genre: string;
  seller_id: number;
  current_price_paise: number;
  old_price_paise: number;
}

/** The live sales with their coverage tests made once: the shopper gets the best covering sale, never two. */
export class LiveSales {
  private readonly tests: { sale: SaleTerms; covers: (p: Coverable) => boolean }[];

  constructor(readonly sales: readonly SaleTerms[]) {
    // best first, so the first that covers a product is its sale; ties go to the older sale
    this.tests = [...sales]
      .sort((a, b) => b.percentOff - a.percentOff || a.id - b.id)
      .map((sale) => ({ sale, covers: coverage(sale.scope) }));
  }

  get size(): number {
    return this.tests.length;
  }

  /** The sale a product gets now, if any covers it. */
  saleFor(product: Coverable): SaleTerms | undefined {
    return this.tests.find((t) => t.covers(product))?.sale;
  }

  /** The product's price now: its own, or its sale's. */
  price(product: Coverable, pricePaise: number, oldPricePaise: number): SalePrice & { sale?: SaleTerms } {
    const sale = this.saleFor(product);
    if (!sale) return { pricePaise, discount: discountOf(pricePaise, oldPricePaise) };
    const salePaise = salePricePaise(pricePaise, sale.percentOff);
    return { pricePaise: salePaise, discount: discountOf(salePaise, oldPricePaise), sale };
  }

  /** A product row's price now (`price` for the stores' column names). */
  priceOf(row: ProductPriceRow): SalePrice & { sale?: SaleTerms } {
    const product = {
      id: row.id,
      prod: row.prod,
      userSegment: row.user_segment,
      genre: row.genre,
      sellerId: row.seller_id,
    };
    return this.price(product, row.current_price_paise, row.old_price_paise);
  }
}

export const NO_SALES = new LiveSales([]);
