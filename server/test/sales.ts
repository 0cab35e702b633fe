import type { SaleTerms } from '../modules/offers/sale-price.ts';
import type { ResolvedScope } from '../modules/offers/scope.ts';

/** Sale `id`, `percentOff` off what `scope` names and nothing else, live until 2027. */
export const sale = (id: number, percentOff: number, scope: Partial<ResolvedScope>): SaleTerms => ({
  id,
  title: `Sale ${id}`,
  percentOff,
  endsAt: Date.UTC(2027, 0, 1),
  scope: { all: false, segments: [], genres: [], crafts: false, productIds: [], sellerIds: [], ...scope },
});
