import type { FacetQuery, Figures, ListingScope } from '../modules/catalogue/facet-index/types.ts';

/** A query of the facet index for one scope's first page with every count (or as the overrides say). */
export const facetQuery = (scope: ListingScope, overrides: Partial<FacetQuery> = {}): FacetQuery => ({
  scope,
  filters: {},
  sort: 0,
  offset: 0,
  limit: 20,
  counts: true,
  ...overrides,
});

/** Popularity figures (units sold or ratings) from [product id, figure] pairs. */
export const figures = (pairs: [number, number][]): Figures => ({
  ids: Int32Array.from(pairs, ([id]) => id),
  values: Float64Array.from(pairs, ([, value]) => value),
});
