import type { CouponBody, Coupon as CouponRow } from '../../../../../contract/coupons.ts';
import type { SaleBody, Sale as SaleRow } from '../../../../../contract/offers.ts';
import type { OfferScopeValue } from '../../../../../contract/offers-constants.ts';
import type { FieldErrors } from '../../api/useSave.ts';
import { fromIndiaInput, indiaInputValue } from '../../lib/format.ts';

/**
 * The offer forms' drafts (what the inputs hold, as text) and the bodies sent from them. The server
 * checks every rule and names the field it refuses; only what the text itself cannot say (a product id
 * that is no number, a scope that names nothing) is refused here, in the same `fields` shape.
 */

export interface GenrePair {
  userSegment: string;
  genre: string;
}

export interface ScopeDraft {
  all: boolean;
  segments: string[];
  genres: GenrePair[];
  crafts: boolean;
  /** as typed: ids separated by commas */
  productIds: string;
  sellers: string[];
}

export const sameGenre = (a: GenrePair, b: GenrePair) =>
  a.userSegment === b.userSegment && a.genre === b.genre;

export function scopeDraftOf(scope: OfferScopeValue): ScopeDraft {
  if ('all' in scope) {
    return { all: true, segments: [], genres: [], crafts: false, productIds: '', sellers: [] };
  }
  return {
    all: false,
    segments: scope.segments ?? [],
    genres: scope.genres ?? [],
    crafts: scope.crafts ?? false,
    productIds: (scope.productIds ?? []).join(', '),
    sellers: scope.sellers ?? [],
  };
}

const PRODUCT_IDS = /^\d+(\s*,\s*\d+)*$/;

/** The scope to send, or the fields to correct first. */
export function scopeOf(draft: ScopeDraft): { scope: OfferScopeValue } | { errors: FieldErrors } {
  if (draft.all) return { scope: { all: true } };
  const ids = draft.productIds.trim().replace(/,$/, '');
  if (ids && !PRODUCT_IDS.test(ids)) {
    return {
      errors: { 'scope.productIds': 'Product ids are numbers separated by commas, as in 12, 40, 41' },
    };
  }
  const productIds = ids ? ids.split(',').map(Number) : [];
  const { segments, genres, crafts, sellers } = draft;
  if (!segments.length && !genres.length && !crafts && !productIds.length && !sellers.length) {
    return { errors: { scope: 'Choose what it covers: everything, or at least one of the parts below' } };
  }
  return {
    scope: {
      ...(segments.length ? { segments } : {}),
      ...(genres.length ? { genres } : {}),
      ...(crafts ? { crafts } : {}),
      ...(productIds.length ? { productIds } : {}),
      ...(sellers.length ? { sellers } : {}),
    },
  };
}

/** A number field: absent when empty (the server then says it is required, or uses its default). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
const whenOf = (text: string) => fromIndiaInput(text) || undefined;
const textOf = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** What a form sends: the body, or the fields to correct before sending. */
export type Outcome<Body> = { body: Partial<Body> } | { errors: FieldErrors };

export interface SaleDraft {
  title: string;
  percentOff: string;
  startsAt: string;
  endsAt: string;
  scope: ScopeDraft;
}

export const saleDraftOf = (sale: SaleRow | undefined): SaleDraft => ({
  title: sale?.title ?? '',
  percentOff: textOf(sale?.percentOff),
  startsAt: sale ? indiaInputValue(sale.startsAt) : '',
  endsAt: sale ? indiaInputValue(sale.endsAt) : '',
  scope: scopeDraftOf(sale?.scope ?? { all: true }),
});

export function saleBodyOf(draft: SaleDraft): Outcome<SaleBody> {
  const scoped = scopeOf(draft.scope);
  if ('errors' in scoped) return scoped;
  return {
    body: {
      title: draft.title.trim(),
      percentOff: numberOf(draft.percentOff),
      scope: scoped.scope,
      startsAt: whenOf(draft.startsAt),
      endsAt: whenOf(draft.endsAt),
    },
  };
}

export type CouponKind = CouponBody['kind'];

export interface CouponDraft {
  code: string;
  title: string;
  kind: CouponKind;
  value: string;
  maxDiscount: string;
  minBag: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  perShopper: string;
  firstOrderOnly: boolean;
  onSalePrices: boolean;
  scope: ScopeDraft;
}

/** A new coupon starts with the API's defaults: one use per shopper, on sale prices too, any order. */
export const couponDraftOf = (coupon: CouponRow | undefined): CouponDraft => ({
  code: coupon?.code ?? '',
  title: coupon?.title ?? '',
  kind: coupon?.kind ?? 'flat',
  value: textOf(coupon?.value),
  maxDiscount: textOf(coupon?.maxDiscount),
  minBag: coupon?.minBag ? String(coupon.minBag) : '',
  startsAt: coupon ? indiaInputValue(coupon.startsAt) : '',
  endsAt: coupon ? indiaInputValue(coupon.endsAt) : '',
  totalUses: textOf(coupon?.totalUses),
  perShopper: textOf(coupon?.perShopper ?? 1),
  firstOrderOnly: coupon?.firstOrderOnly ?? false,
  onSalePrices: coupon?.onSalePrices ?? true,
  scope: scopeDraftOf(coupon?.scope ?? { all: true }),
});

export function couponBodyOf(draft: CouponDraft): Outcome<CouponBody> {
  const scoped = scopeOf(draft.scope);
  if ('errors' in scoped) return scoped;
  return {
    body: {
      code: draft.code.trim(),
      title: draft.title.trim(),
      kind: draft.kind,
      value: numberOf(draft.value),
      // a cap is a percentage's: a flat amount is its own cap
      maxDiscount: draft.kind === 'percent' ? numberOf(draft.maxDiscount) : undefined,
      minBag: numberOf(draft.minBag),
      scope: scoped.scope,
      startsAt: whenOf(draft.startsAt),
      endsAt: whenOf(draft.endsAt),
      totalUses: numberOf(draft.totalUses),
      perShopper: numberOf(draft.perShopper),
      firstOrderOnly: draft.firstOrderOnly,
      onSalePrices: draft.onSalePrices,
    },
  };
}
