import type { Prod } from '../../../contract/catalogue.ts';
import type { OfferScope } from '../../../contract/offers.ts';
import type { StoredScope } from '../../db/schema.ts';

/**
 * What an offer covers, with its sellers' names resolved to ids (a seller renamed later keeps its sales).
 * Plain arrays, so that it travels to the facet index's thread as it is.
 */
export interface ResolvedScope {
  all: boolean;
  segments: string[];
  /** `${userSegment}\n${genre}` */
  genres: string[];
  crafts: boolean;
  productIds: number[];
  sellerIds: number[];
}

/** What a scope looks at of a product. */
export interface Coverable {
  id: number;
  prod: Prod;
  userSegment: string;
  genre: string;
  sellerId: number;
}

export const genreKey = (userSegment: string, genre: string) => `${userSegment}\n${genre}`;

/** The scope as the contract gives it, with each seller's name replaced by its ids (`sellerIds`). */
export function resolveScope(scope: OfferScope, sellerIds: (name: string) => number[]): ResolvedScope {
  if ('all' in scope) {
    return { all: true, segments: [], genres: [], crafts: false, productIds: [], sellerIds: [] };
  }
  return {
    all: false,
    segments: scope.segments ?? [],
    genres: (scope.genres ?? []).map((g) => genreKey(g.userSegment, g.genre)),
    crafts: scope.crafts ?? false,
    productIds: scope.productIds ?? [],
    sellerIds: (scope.sellers ?? []).flatMap(sellerIds),
  };
}

/** A stored scope (sales and coupons) resolved with the seller ids kept beside its names when it was saved. */
export function resolveStored(stored: StoredScope): ResolvedScope {
  return resolveScope(givenScope(stored), (name) => {
    const id = stored.sellerIds?.[name];
    return id === undefined ? [] : [id];
  });
}

/** The scope as the owner gave it, without the seller ids kept beside it. */
export function givenScope(stored: StoredScope): OfferScope {
  const { sellerIds: _ids, ...scope } = stored;
  return scope as OfferScope;
}

/**
 * A test of whether the scope covers a product, made once per scope: it runs for every product of the
 * catalogue when a sale starts. Segments and genres name apparel; crafts are the accessories.
 */
export function coverage(scope: ResolvedScope): (product: Coverable) => boolean {
  if (scope.all) return () => true;
  const segments = new Set(scope.segments);
  const genres = new Set(scope.genres);
  const ids = new Set(scope.productIds);
  const sellers = new Set(scope.sellerIds);
  return (p) =>
    ids.has(p.id) ||
    sellers.has(p.sellerId) ||
    (p.prod === 'accessories'
      ? scope.crafts
      : segments.has(p.userSegment) || genres.has(genreKey(p.userSegment, p.genre)));
}
