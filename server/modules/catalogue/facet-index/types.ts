/**
 * What goes into the facet index and what comes out of it: the products it keeps, the figures sort 3
 * reads, a query and its answer. Apart from the index's code, so that the stores and the service that
 * feed and ask it take these without importing the index itself.
 */
import type { Prod, SelectedFilters, SortCode } from '../../../../contract/catalogue.ts';
import type { SearchTerms } from '../search.ts';

/**
 * Which products a listing shows: one segment and genre of apparel, all accessories, or every product
 * on sale that matches a search.
 */
export type ListingScope =
  | { prod: 'apparel'; userSegment: string; genre: string }
  | { prod: 'accessories' }
  | { prod: 'search'; terms: SearchTerms };

/** A product as the index keeps it (see store.indexRows). */
export interface IndexedProduct {
  id: number;
  prod: Prod;
  userSegment: string;
  genre: string;
  features: Record<string, unknown>;
  /** its own price, before any sale */
  pricePaise: number;
  /** its MRP (products.old_price_paise): the discount is worked out from it */
  oldPricePaise: number;
  sellerId: number;
  launchedAt: number;
  createdAt: number;
  active: boolean;
  /** the folded words a search matches (products.search_terms) */
  terms: string[];
  /** the folded words of the name, for relevance */
  nameWords: string[];
  /** the transaction that last wrote the row (migration 013), null before any */
  revision: number | null;
}

/** Product ids and a figure of each, as they travel to the index's thread (typed arrays copy fast). */
export interface Figures {
  ids: Int32Array;
  values: Float64Array;
}

/** Units sold in the popularity window and average ratings (sort 3). */
export interface PopularityFigures {
  units: Figures;
  rating: Figures;
}

export interface FacetQuery {
  scope: ListingScope;
  filters: SelectedFilters;
  sort: SortCode;
  offset: number;
  limit: number;
  /** false: only the page's ids and the total (suggestions) */
  counts: boolean;
}

export interface FacetAnswer {
  total: number;
  /** feature values among the matches (features only) */
  inResult: { feature: string; value: string }[];
  /** every value of the unfiltered scope with its count under the other features' choices */
  counts: Map<string, Map<string, number>>;
  ids: number[];
}
