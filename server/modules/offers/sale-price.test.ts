import { describe, expect, it } from 'vitest';
import { sale } from '../../test/sales.ts';
import { discountOf, LiveSales, salePricePaise } from './sale-price.ts';
import { coverage, type ResolvedScope } from './scope.ts';

const kurti = { id: 7, prod: 'apparel' as const, userSegment: 'Women', genre: 'Kurti', sellerId: 3 };
const stole = { id: 8, prod: 'accessories' as const, userSegment: 'Women', genre: 'Stole', sellerId: 4 };

describe('a sale price', () => {
  it('is the price less the percentage, rounded to the rupee half up, never below a rupee', () => {
    expect(salePricePaise(279_900, 30)).toBe(195_900); // 1,959.3
    expect(salePricePaise(279_500, 30)).toBe(195_700); // 1,956.5 rounds up
    expect(salePricePaise(99_950, 30)).toBe(70_000); // 699.65
    expect(salePricePaise(100, 90)).toBe(100);
  });

  it('recomputes the discount on the MRP as the products table does', () => {
    expect(discountOf(195_900, 559_800)).toBe(65);
    expect(discountOf(100_000, 100_000)).toBe(0);
  });
});

describe('the live sales', () => {
  it('cover by segment and genre (apparel), crafts (accessories), product and seller', () => {
    expect(new LiveSales([sale(1, 10, { segments: ['Women'] })]).saleFor(stole)).toBeUndefined();
    expect(new LiveSales([sale(1, 10, { segments: ['Women'] })]).saleFor(kurti)?.id).toBe(1);
    expect(new LiveSales([sale(1, 10, { genres: ['Women\nKurti'] })]).saleFor(kurti)?.id).toBe(1);
    expect(new LiveSales([sale(1, 10, { genres: ['Men\nKurti'] })]).saleFor(kurti)).toBeUndefined();
    expect(new LiveSales([sale(1, 10, { crafts: true })]).saleFor(stole)?.id).toBe(1);
    expect(new LiveSales([sale(1, 10, { crafts: true })]).saleFor(kurti)).toBeUndefined();
    expect(new LiveSales([sale(1, 10, { productIds: [8] })]).saleFor(stole)?.id).toBe(1);
    expect(new LiveSales([sale(1, 10, { sellerIds: [3] })]).saleFor(kurti)?.id).toBe(1);
    expect(new LiveSales([sale(1, 10, { all: true })]).saleFor(stole)?.id).toBe(1);
  });

  it('give the shopper the better of two sales, never both', () => {
    const live = new LiveSales([sale(1, 10, { all: true }), sale(2, 30, { segments: ['Women'] })]);
    expect(live.price(kurti, 100_000, 200_000)).toMatchObject({ pricePaise: 70_000, discount: 65 });
    expect(live.price(stole, 100_000, 200_000)).toMatchObject({ pricePaise: 90_000, discount: 55 });
    expect(new LiveSales([]).price(kurti, 100_000, 200_000)).toEqual({ pricePaise: 100_000, discount: 50 });
  });
});

describe('the live sales looked up by key', () => {
  it('find the sale that the first covering scope of the best-first list gives, for every product', () => {
    const segments = ['Women', 'Men', 'Girls'];
    const genres = ['Kurti', 'Saree', 'Frock'];
    const scopes: Partial<ResolvedScope>[] = [
      { segments: ['Women'] },
      { genres: ['Men\nKurti', 'Girls\nFrock'] },
      { crafts: true },
      { sellerIds: [2, 5] },
      { productIds: [3, 11, 19] },
      { all: true },
      { segments: ['Girls'], sellerIds: [1], productIds: [4] },
    ];
    // percentages that tie, so the older sale must win a tie
    const sales = scopes.map((scope, i) => sale(i + 1, 10 + ((i * 7) % 4) * 5, scope));
    for (let n = 1; n <= sales.length; n++) {
      for (const live of [sales.slice(0, n), sales.slice(-n)]) {
        const best = [...live].sort((a, b) => b.percentOff - a.percentOff || a.id - b.id);
        const looked = new LiveSales(live);
        for (let id = 1; id <= 24; id++) {
          const product = {
            id,
            prod: id % 4 === 0 ? ('accessories' as const) : ('apparel' as const),
            userSegment: segments[id % 3] as string,
            genre: genres[Math.floor(id / 3) % 3] as string,
            sellerId: id % 6,
          };
          expect(looked.saleFor(product)?.id).toBe(best.find((s) => coverage(s.scope)(product))?.id);
        }
      }
    }
  });
});
