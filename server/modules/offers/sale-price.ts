import { type Coverable, genreKey, type ResolvedScope } from './scope.ts';

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
 * `round(price * (100 - percentOff) / 100)` in whole rupees, half up (decision 041), and
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

/**
 * The live sales, looked up by what a scope names: the shopper gets the best covering sale, never two.
 * Each kind of key (product id, seller, segment, genre, the crafts, everything) maps to the best sale
 * naming it, so finding a product's sale is a few lookups however many sales are live: it runs for every
 * card of every answer, and for every product of the catalogue when the sales change.
 */
export class LiveSales {
  /** best first (ties go to the older sale): a sale's rank is its place here */
  private readonly ranked: SaleTerms[];
  private readonly all: number;
  private readonly crafts: number;
  private readonly byId = new Map<number, number>();
  private readonly bySeller = new Map<number, number>();
  private readonly bySegment = new Map<string, number>();
  private readonly byGenre = new Map<string, number>();

  constructor(readonly sales: readonly SaleTerms[]) {
    this.ranked = [...sales].sort((a, b) => b.percentOff - a.percentOff || a.id - b.id);
    // no sale: a rank past the last, which ranked[] answers with undefined
    this.all = this.ranked.length;
    this.crafts = this.ranked.length;
    for (const [rank, { scope }] of this.ranked.entries()) {
      if (scope.all) this.all = Math.min(this.all, rank);
      if (scope.crafts) this.crafts = Math.min(this.crafts, rank);
      keepFirst(this.byId, scope.productIds, rank);
      keepFirst(this.bySeller, scope.sellerIds, rank);
      keepFirst(this.bySegment, scope.segments, rank);
      keepFirst(this.byGenre, scope.genres, rank);
    }
  }

  get size(): number {
    return this.ranked.length;
  }

  /** The sale a product gets now, if any covers it (as coverage() in scope.ts has a scope cover it). */
  saleFor(product: Coverable): SaleTerms | undefined {
    if (this.ranked.length === 0) return undefined;
    const none = this.ranked.length;
    let best = Math.min(
      this.all,
      this.byId.get(product.id) ?? none,
      this.bySeller.get(product.sellerId) ?? none,
    );
    if (product.prod === 'accessories') best = Math.min(best, this.crafts);
    else {
      best = Math.min(best, this.bySegment.get(product.userSegment) ?? none);
      if (this.byGenre.size > 0) {
        best = Math.min(best, this.byGenre.get(genreKey(product.userSegment, product.genre)) ?? none);
      }
    }
    return this.ranked[best];
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

/** Maps each key to the rank given unless an earlier (better) sale has it already. */
function keepFirst<K>(ranks: Map<K, number>, keys: readonly K[], rank: number): void {
  for (const key of keys) if (!ranks.has(key)) ranks.set(key, rank);
}
