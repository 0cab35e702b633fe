import type { CategoryTree } from '../../../../../contract/categories.ts';
import type { AdminProduct, ProductBody } from '../../../../../contract/products.ts';
import {
  EDITABLE_FEATURES,
  type EditableFeature,
  PARCEL_FIELDS,
  type ParcelField,
} from '../../../../../contract/products-constants.ts';

/** A size row as typed: its stock is text until saved; `held` are units held for shoppers paying now. */
export interface SizeRow {
  key: number;
  size: string;
  stock: string;
  held: number;
}

/** The product form as typed: numbers are text until saved, features are comma-separated. */
export interface Draft {
  name: string;
  prod: 'apparel' | 'accessories';
  userSegment: string;
  genre: string;
  description: string;
  color: string;
  features: Record<EditableFeature, string>;
  mrp: string;
  price: string;
  partner: string;
  seller: string;
  hsnCode: string;
  /** an apparel's sizes */
  sizes: SizeRow[];
  /** the one unsized stock of an accessory or of a one-size genre's product */
  stock: string;
  photos: string[];
  /** a unit's packed weight (grams) and size (cm); empty while unset */
  parcel: Record<ParcelField, string>;
}

/** A field's name as the API names it -> what is wrong with it. */
export type FieldErrors = Record<string, string>;

let rowKeys = 0;
export const sizeRow = (size = '', stock = '0', held = 0): SizeRow => ({
  key: ++rowKeys,
  size,
  stock,
  held,
});

const noParcel = () =>
  Object.fromEntries(PARCEL_FIELDS.map((key) => [key, ''])) as Record<ParcelField, string>;

const noFeatures = () =>
  Object.fromEntries(EDITABLE_FEATURES.map((key) => [key, ''])) as Record<EditableFeature, string>;

export const emptyDraft = (): Draft => ({
  name: '',
  prod: 'apparel',
  userSegment: '',
  genre: '',
  description: '',
  color: '',
  features: noFeatures(),
  mrp: '',
  price: '',
  partner: '',
  seller: '',
  hsnCode: '',
  sizes: [sizeRow()],
  stock: '0',
  photos: [],
  parcel: noParcel(),
});

/**
 * Whether the product has one unsized stock: an accessory, or apparel of a genre the owner's tree marks
 * one-size (names matched regardless of case, as the shop matches them).
 */
export function isUnsized(draft: Pick<Draft, 'prod' | 'userSegment' | 'genre'>, tree: CategoryTree): boolean {
  if (draft.prod === 'accessories') return true;
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const segment = tree.segments.find((s) => same(s.name, draft.userSegment));
  return segment?.genres.find((g) => same(g.name, draft.genre))?.oneSize ?? false;
}

export function draftOf(product: AdminProduct): Draft {
  const features = noFeatures();
  for (const key of EDITABLE_FEATURES) features[key] = (product.features[key] ?? []).join(', ');
  const apparel = product.prod !== 'accessories';
  const unsized = product.sizes.length === 1 && product.sizes[0]?.size === '';
  return {
    name: product.name,
    prod: apparel ? 'apparel' : 'accessories',
    userSegment: product.userSegment,
    genre: product.genre,
    description: product.description,
    color: product.color,
    features,
    mrp: String(product.mrp),
    price: String(product.price),
    partner: product.partner,
    seller: product.seller,
    hsnCode: product.hsnCode ?? '',
    sizes: unsized ? [sizeRow()] : product.sizes.map((s) => sizeRow(s.size, String(s.stock), s.held)),
    stock: unsized ? String(product.sizes[0]?.stock ?? 0) : '0',
    photos: product.photos,
    parcel: Object.fromEntries(
      PARCEL_FIELDS.map((key) => [key, product[key] === null ? '' : String(product[key])]),
    ) as Record<ParcelField, string>,
  };
}

const WHOLE = /^\s*\d{1,9}\s*$/;

/** The discount the prices give, as the shop computes it (whole percent, rounded down); null until valid. */
export function discountOf(draft: Draft): number | null {
  if (!WHOLE.test(draft.mrp) || !WHOLE.test(draft.price)) return null;
  const mrp = Number(draft.mrp);
  const price = Number(draft.price);
  if (mrp < 1 || price > mrp) return null;
  return Math.floor(((mrp - price) * 100) / mrp);
}

/**
 * The body to send, or the fields typed so that they cannot be sent (the server judges everything else);
 * `unsized` (isUnsized) sends the one stock.
 */
export function bodyOf(draft: Draft, unsized: boolean): { body: ProductBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const whole = (text: string, field: string, message: string) => {
    if (!WHOLE.test(text)) errors[field] = message;
    return Number(text);
  };
  const mrp = whole(draft.mrp, 'mrp', 'Enter the MRP in whole rupees');
  const price = whole(draft.price, 'price', 'Enter the price in whole rupees');
  const sizes = unsized
    ? [{ size: '', stock: whole(draft.stock, 'sizes', 'Enter the stock as a whole number') }]
    : draft.sizes.map((row) => ({
        size: row.size,
        stock: whole(row.stock, 'sizes', 'Enter each stock as a whole number'),
      }));
  const parcel = Object.fromEntries(
    PARCEL_FIELDS.map((key) => {
      const typed = draft.parcel[key];
      if (typed.trim() === '') return [key, null];
      return [
        key,
        whole(typed, key, key === 'weightGrams' ? 'Enter whole grams' : 'Enter whole centimetres'),
      ];
    }),
  ) as Record<ParcelField, number | null>;
  if (Object.keys(errors).length > 0) return { errors };
  const features = Object.fromEntries(
    EDITABLE_FEATURES.map((key) => [
      key,
      draft.features[key]
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    ]),
  );
  const { name, prod, userSegment, genre, description, color, partner, seller, photos } = draft;
  return {
    body: {
      name,
      prod,
      userSegment,
      genre,
      description,
      color,
      features,
      mrp,
      price,
      partner,
      seller,
      hsnCode: draft.hsnCode.trim(),
      sizes,
      photos,
      ...parcel,
    },
  };
}
