/**
 * Sales for benchmarks: live sales over the large catalogue with scopes of every kind
 * (segments, genres, crafts, sellers, product ids), 5% to 50% off so that many overlap. As the contract
 * has them (for the `sales` table) and as the facet index gets them.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { OfferScope } from '../contract/offers.ts';
import { SELLERS } from '../server/demo/catalogue/sellers.ts';
import type { SaleTerms } from '../server/modules/offers/sale-price.ts';
import { resolveScope } from '../server/modules/offers/scope.ts';
import { benchGenres } from './catalogue.ts';

const DAY_MS = 86_400_000;

interface BenchSale {
  title: string;
  percentOff: number;
  scope: OfferScope;
}

/** `count` sales, the same for the same arguments: in turn a segment, a genre, the crafts, a seller, 1,000 ids. */
export function benchSaleBodies(count: number, products: number, first = 1): BenchSale[] {
  const genres = benchGenres().map((g) => g.spec);
  const segments = [...new Set(genres.map((g) => g.segment))];
  const scope = (i: number): OfferScope => {
    const n = Math.floor(i / 5);
    switch (i % 5) {
      case 0:
        return { segments: [segments[n % segments.length] as string] };
      case 1: {
        const { segment, genre } = genres[(n * 7) % genres.length] as (typeof genres)[number];
        return { genres: [{ userSegment: segment, genre }] };
      }
      case 2:
        return { crafts: true };
      case 3:
        return { sellers: [(SELLERS[n % SELLERS.length] as (typeof SELLERS)[number]).name] };
      default:
        return {
          productIds: Array.from({ length: 1_000 }, (_, k) => 1 + ((k * 7_919 + n * 104_729) % products)),
        };
    }
  };
  // numbered from `first`, so that another first number gives other scopes and percentages
  return Array.from({ length: count }, (_, k) => {
    const i = first - 1 + k;
    return { title: `Bench sale ${i + 1}`, percentOff: 5 + ((i * 7) % 46), scope: scope(i) };
  });
}

/** The bench database's seller ids by name (generate.ts numbers the demo's sellers from 1). */
const sellerIds = (name: string) => SELLERS.flatMap((s, i) => (s.name === name ? [i + 1] : []));

/** The sales as the facet index gets them, live for a day. */
export function benchSales(count: number, products: number, first = 1): SaleTerms[] {
  return benchSaleBodies(count, products, first).map((sale, i) => ({
    id: first + i,
    title: sale.title,
    percentOff: sale.percentOff,
    endsAt: Date.now() + DAY_MS,
    scope: resolveScope(sale.scope, sellerIds),
  }));
}

/** One sale of everything, `percentOff` off. */
export const saleOfEverything = (id: number, percentOff: number): SaleTerms => ({
  id,
  title: `Bench sale ${id}`,
  percentOff,
  endsAt: Date.now() + DAY_MS,
  scope: resolveScope({ all: true }, sellerIds),
});

/** Puts `count` sales in the `sales` table (migration 020), live from now for a day; answers their ids. */
export async function insertBenchSales<T>(db: Kysely<T>, count: number, products: number): Promise<number[]> {
  const ids: number[] = [];
  for (const sale of benchSaleBodies(count, products)) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO sales (title, percent_off, scope, starts_at, ends_at)
      VALUES (${sale.title}, ${sale.percentOff}, ${JSON.stringify(sale.scope)}::jsonb, now(),
        now() + interval '1 day')
      RETURNING id`.execute(db);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Removes the sales insertBenchSales put in. */
export async function removeBenchSales<T>(db: Kysely<T>, ids: number[]): Promise<void> {
  await sql`DELETE FROM sales WHERE id = ANY(${ids}::int[])`.execute(db);
}
