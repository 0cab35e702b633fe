/**
 * Product rows on their way to the facet index's thread (decision 038): the store reads a batch of rows
 * as one JSON text, which the shop's thread passes on as it came, and the index's thread decodes here.
 * Decoding a million rows field by field and cloning them across took most of the shop thread's start.
 */
import type { Prod } from '../../../contract/catalogue.ts';
import type { IndexedProduct } from './facet-index/types.ts';
import { foldText } from './search.ts';

/** One product as `store.ts` writes it (INDEX_ROW), field by field in this order. */
export type IndexRow = [
  id: number,
  prod: Prod,
  userSegment: string,
  genre: string,
  features: Record<string, unknown>,
  pricePaise: number,
  oldPricePaise: number,
  sellerId: number,
  launchedAt: number,
  createdAt: number,
  active: boolean,
  terms: string[],
  name: string,
  revision: number | null,
];

/** The products of a JSON array of rows. */
export function indexedProducts(json: string): IndexedProduct[] {
  return (JSON.parse(json) as IndexRow[]).map((row) => ({
    id: row[0],
    prod: row[1],
    userSegment: row[2],
    genre: row[3],
    features: row[4],
    pricePaise: row[5],
    oldPricePaise: row[6],
    sellerId: row[7],
    launchedAt: row[8],
    createdAt: row[9],
    active: row[10],
    terms: row[11],
    // folded as a query is, so that the name's words compare with the query's
    nameWords: foldText(row[12]).split(' ').filter(Boolean),
    revision: row[13],
  }));
}
