import type { OfferScope } from '../../../contract/offers.ts';
import type { Db } from '../../db/connect.ts';
import type { FieldErrors } from '../../platform/errors.ts';
import * as store from './coupons-store.ts';

/**
 * What a scope names that the shop does not have, as the back office's form shows it beside each part
 * (`scope.productIds`, `scope.segments`, ...): an offer on nothing is a typing mistake, not an offer.
 */
export async function scopeProblems(db: Db, scope: OfferScope): Promise<FieldErrors> {
  if ('all' in scope) return {};
  const parts = [scope.segments, scope.genres, scope.productIds, scope.sellers];
  if (parts.every((part) => !part?.length) && !scope.crafts) return { scope: 'Choose what it covers' };
  const errors: FieldErrors = {};
  const products = await store.unknownProducts(db, scope.productIds ?? []);
  if (products.length > 0) errors['scope.productIds'] = `No product ${products.join(', ')}`;
  const segments: string[] = [];
  for (const segment of scope.segments ?? []) {
    if (!(await store.segmentExists(db, segment))) segments.push(segment);
  }
  if (segments.length > 0) errors['scope.segments'] = `No products in ${segments.join(', ')}`;
  const genres: string[] = [];
  for (const { userSegment, genre } of scope.genres ?? []) {
    if (!(await store.segmentExists(db, userSegment, genre))) genres.push(`${userSegment} ${genre}`);
  }
  if (genres.length > 0) errors['scope.genres'] = `No products in ${genres.join(', ')}`;
  const sellerIds = await store.sellerIdsByName(db);
  const sellers = (scope.sellers ?? []).filter((name) => sellerIds(name).length === 0);
  if (sellers.length > 0) errors['scope.sellers'] = `No seller named ${sellers.join(', ')}`;
  return errors;
}
