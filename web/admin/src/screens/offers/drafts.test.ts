import { describe, expect, it } from 'vitest';
import type { Coupon } from '../../../../../contract/coupons.ts';
import type { Sale } from '../../../../../contract/offers.ts';
import {
  couponBodyOf,
  couponDraftOf,
  type ScopeDraft,
  saleBodyOf,
  saleDraftOf,
  scopeDraftOf,
  scopeOf,
} from './drafts.ts';

const chosen = (parts: Partial<ScopeDraft>): ScopeDraft => ({ ...scopeDraftOf({ segments: [] }), ...parts });

describe('the scope picker’s draft', () => {
  it('sends everything as {all: true}, whatever was ticked before', () => {
    expect(scopeOf({ ...chosen({ segments: ['Women'] }), all: true })).toEqual({ scope: { all: true } });
  });

  it('sends only the parts chosen, product ids as numbers from a comma list', () => {
    const draft = chosen({
      genres: [{ userSegment: 'Women', genre: 'Kurti' }],
      productIds: ' 12, 40 ,41, ',
      sellers: ['Bagru Print House'],
    });
    expect(scopeOf(draft)).toEqual({
      scope: {
        genres: [{ userSegment: 'Women', genre: 'Kurti' }],
        productIds: [12, 40, 41],
        sellers: ['Bagru Print House'],
      },
    });
    expect(scopeOf(chosen({ crafts: true }))).toEqual({ scope: { crafts: true } });
  });

  it('refuses product ids that are not numbers beside their field, and a scope that names nothing', () => {
    expect(scopeOf(chosen({ productIds: '12; kurta' }))).toEqual({
      errors: { 'scope.productIds': expect.stringContaining('numbers separated by commas') },
    });
    expect(scopeOf(chosen({}))).toEqual({
      errors: { scope: expect.stringContaining('Choose what it covers') },
    });
  });

  it('shows a saved scope as it was chosen', () => {
    const scope = { segments: ['Men'], productIds: [7, 9], crafts: true };
    expect(scopeOf(scopeDraftOf(scope))).toEqual({ scope });
    expect(scopeDraftOf(scope).productIds).toBe('7, 9');
  });
});

const SALE: Sale = {
  id: 3,
  title: 'Diwali Sale',
  percentOff: 30,
  scope: { all: true },
  startsAt: '2026-10-31T18:30:00.000Z',
  endsAt: '2026-11-02T18:29:00.000Z',
  state: 'scheduled',
};

describe('the sale form', () => {
  it('edits a sale in India time and sends it back with the +05:30 offset', () => {
    const draft = saleDraftOf(SALE);
    expect(draft).toMatchObject({ startsAt: '2026-11-01T00:00', endsAt: '2026-11-02T23:59' });
    expect(saleBodyOf(draft)).toEqual({
      body: {
        title: 'Diwali Sale',
        percentOff: 30,
        scope: { all: true },
        startsAt: '2026-11-01T00:00:00+05:30',
        endsAt: '2026-11-02T23:59:00+05:30',
      },
    });
  });

  it('leaves out what was left empty, for the server to name as required', () => {
    const outcome = saleBodyOf({ ...saleDraftOf(undefined), title: ' Holi ' });
    expect(outcome).toEqual({
      body: {
        title: 'Holi',
        percentOff: undefined,
        scope: { all: true },
        startsAt: undefined,
        endsAt: undefined,
      },
    });
    expect(JSON.stringify('body' in outcome && outcome.body)).toBe('{"title":"Holi","scope":{"all":true}}');
  });
});

describe('the coupon form', () => {
  it('starts a new coupon with the API’s defaults: one use per shopper, on sale prices, any order', () => {
    const draft = { ...couponDraftOf(undefined), code: 'FLAT200', title: 'Flat ₹200 off', value: '200' };
    expect(couponBodyOf(draft)).toEqual({
      body: expect.objectContaining({
        code: 'FLAT200',
        kind: 'flat',
        value: 200,
        perShopper: 1,
        firstOrderOnly: false,
        onSalePrices: true,
        totalUses: undefined,
        minBag: undefined,
      }),
    });
  });

  it('sends a cap only with a percentage', () => {
    const draft = { ...couponDraftOf(undefined), value: '10', maxDiscount: '500' };
    expect(couponBodyOf({ ...draft, kind: 'percent' })).toMatchObject({ body: { maxDiscount: 500 } });
    expect(couponBodyOf({ ...draft, kind: 'flat' })).toMatchObject({ body: { maxDiscount: undefined } });
  });

  it('edits a coupon as it was saved, no limit staying no limit', () => {
    const coupon: Coupon = {
      id: 4,
      code: 'FEST10',
      title: 'Festive 10%',
      kind: 'percent',
      value: 10,
      maxDiscount: 300,
      minBag: 999,
      scope: { sellers: ['Bagru Print House'] },
      startsAt: '2026-11-01T00:00:00+05:30',
      endsAt: '2026-11-30T23:59:00+05:30',
      totalUses: null,
      perShopper: 2,
      firstOrderOnly: true,
      onSalePrices: false,
      uses: 0,
      state: 'scheduled',
    };
    expect(couponBodyOf(couponDraftOf(coupon))).toEqual({
      body: {
        code: 'FEST10',
        title: 'Festive 10%',
        kind: 'percent',
        value: 10,
        maxDiscount: 300,
        minBag: 999,
        scope: { sellers: ['Bagru Print House'] },
        startsAt: '2026-11-01T00:00:00+05:30',
        endsAt: '2026-11-30T23:59:00+05:30',
        totalUses: undefined,
        perShopper: 2,
        firstOrderOnly: true,
        onSalePrices: false,
      },
    });
  });

  it('refuses a scope that names nothing before sending', () => {
    const draft = { ...couponDraftOf(undefined), scope: chosen({}) };
    expect(couponBodyOf(draft)).toEqual({ errors: { scope: expect.any(String) } });
  });
});
