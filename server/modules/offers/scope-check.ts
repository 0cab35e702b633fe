import type { OfferScope } from '../../../contract/offers.ts';
import type { Db } from '../../db/connect.ts';
import type { StoredScope } from '../../db/schema.ts';
import type { FieldErrors } from '../../platform/errors.ts';
import { genreKey } from './scope.ts';
import * as store from './scope-store.ts';

/** A scope as a sale or a coupon is saved with: its problems, none when it may be saved. */
export interface CheckedScope {
  problems: FieldErrors;
  /** the scope with its seller names' ids beside it (a seller renamed later keeps its offers) */
  stored: StoredScope;
}

/**
 * What a scope names that the shop does not have, as the back office's form shows it beside each part
 * (`scope.productIds`, `scope.segments`, ...): an offer on nothing is a typing mistake, not an offer.
 * Sales and coupons alike.
 */
export async function checkScope(db: Db, scope: OfferScope): Promise<CheckedScope> {
  if ('all' in scope) return { problems: {}, stored: scope };
  const { segments = [], genres = [], crafts = false, productIds = [], sellers = [] } = scope;
  if (segments.length + genres.length + productIds.length + sellers.length === 0 && !crafts) {
    return { problems: { scope: 'Choose what it covers' }, stored: scope };
  }
  const [products, knownSegments, knownGenres, sellerIds] = await Promise.all([
    store.existingProductIds(db, productIds),
    store.existingSegments(db, segments),
    store.existingGenres(db, genres),
    store.sellerIdsByName(db, sellers),
  ]);
  const problems: FieldErrors = {};
  const unknown = (field: string, what: string, names: string[]) => {
    if (names.length > 0) problems[`scope.${field}`] = `${what} ${names.join(', ')}`;
  };
  unknown('productIds', 'No product', productIds.filter((id) => !products.has(id)).map(String));
  unknown(
    'segments',
    'No products in',
    segments.filter((s) => !knownSegments.has(s)),
  );
  unknown(
    'genres',
    'No products in',
    genres
      .filter((g) => !knownGenres.has(genreKey(g.userSegment, g.genre)))
      .map((g) => `${g.userSegment} ${g.genre}`),
  );
  unknown(
    'sellers',
    'No seller named',
    sellers.filter((name) => !sellerIds.has(name)),
  );
  const stored = { ...scope, ...(sellers.length > 0 && { sellerIds: Object.fromEntries(sellerIds) }) };
  return { problems, stored };
}
