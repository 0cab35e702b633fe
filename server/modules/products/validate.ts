import {
  EDITABLE_FEATURES,
  MAX_PHOTOS,
  PARCEL_FIELDS,
  PARCEL_LIMITS,
  type ParcelField,
  type ProductBody,
} from '../../../contract/products.ts';
import type { FieldErrors as Fields } from '../../platform/errors.ts';
import { nameProblem, type Pair, type PlacedPair } from '../categories/service.ts';
import type { ProductColumns } from './store.ts';

/** A field's name (as the API names it) and what is wrong with it (never `columns`). */
export type FieldErrors = Fields & { columns?: never };

/** What saving a product needs to know besides the body: the names the shop knows. */
export interface Lookups {
  /** the shop's sellers by name: a live product needs an active one */
  sellers: Map<string, { id: number; active: boolean }>;
  partners: Map<string, number>;
  /** a photo name is usable when it was uploaded or the product already shows it */
  photoKnown: (name: string) => boolean;
  /** the segment and genre as the owner's tree spells them, and whether the genre is one-size */
  place: (pair: Pair) => PlacedPair;
}

export interface ValidProduct {
  columns: Omit<ProductColumns, 'specs'>;
  sizes: { size: string; stock: number }[];
}

const PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,115}\.webp$/;
const HSN = /^[0-9]{4}([0-9]{2}){0,2}$/;
const EDITABLE = new Set<string>(EDITABLE_FEATURES);

export const CHOOSE_SELLER = 'Choose a seller from the list';
export const CHOOSE_PARTNER = 'Choose a delivery partner from the list';

/** A live product's seller was deactivated (Sellers): its products stay off the shop until it is activated. */
export const sellerInactive = (name: string) =>
  `${name} is deactivated: activate the seller first, or keep the product withdrawn`;

/** What is wrong with the seller a product names, or undefined; `live` when the product is to be on sale. */
function sellerProblem(name: string, lookups: Lookups, live: boolean): string | undefined {
  const seller = lookups.sellers.get(name);
  if (name === '') return CHOOSE_SELLER;
  if (!seller) return `No seller is named "${name.slice(0, 60)}": ${CHOOSE_SELLER.toLowerCase()}`;
  return live && !seller.active ? sellerInactive(name) : undefined;
}

const required = (value: string, field: string, errors: FieldErrors) => {
  if (value.trim() === '') errors[field] = 'Required';
  return value.trim();
};

function checkPrices(body: ProductBody, errors: FieldErrors): void {
  if (body.mrp < 1) errors.mrp = 'MRP must be at least ₹1';
  if (body.price < 1) errors.price = 'Price must be at least ₹1';
  else if (body.price > body.mrp) errors.price = 'Price cannot be above the MRP';
}

/** One unsized stock, as an accessory and a one-size genre's product have. */
const unsized = (sizes: { size: string }[]) => sizes.length === 1 && sizes[0]?.size === '';

function checkSizes(
  body: ProductBody,
  place: PlacedPair,
  errors: FieldErrors,
): { size: string; stock: number }[] {
  const sizes = body.sizes.map(({ size, stock }) => ({ size: size.trim(), stock }));
  if (body.prod === 'accessories') {
    if (!unsized(sizes)) errors.sizes = 'An accessory has one unsized stock';
  } else if (place.oneSize) {
    if (!unsized(sizes)) errors.sizes = `${place.genre} is one-size: one stock, without a size`;
  } else if (sizes.length === 0) {
    errors.sizes = 'Add at least one size';
  } else if (sizes.some((s) => s.size === '')) {
    errors.sizes = 'Every size needs a name';
  } else if (new Set(sizes.map((s) => s.size)).size !== sizes.length) {
    errors.sizes = 'Each size once';
  }
  return sizes;
}

function checkPhotos(photos: string[], lookups: Lookups, errors: FieldErrors): void {
  if (photos.length === 0) errors.photos = 'Add at least one photo';
  else if (photos.length > MAX_PHOTOS) errors.photos = `At most ${MAX_PHOTOS} photos`;
  else if (new Set(photos).size !== photos.length) errors.photos = 'Each photo once';
  else {
    const unknown = photos.find((name) => !PHOTO_NAME.test(name) || !lookups.photoKnown(name));
    if (unknown !== undefined) errors.photos = `No uploaded photo named "${unknown.slice(0, 60)}"`;
  }
}

/** The filterable features: the editable ones as given (blank values dropped), then colour and sizes. */
function checkFeatures(body: ProductBody, sizes: { size: string }[], oneSize: boolean, errors: FieldErrors) {
  const features: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(body.features)) {
    if (!EDITABLE.has(key)) {
      errors[`features.${key}`] = 'Not a feature the shop filters by';
      continue;
    }
    const kept = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
    if (kept.length > 0) features[key] = kept;
  }
  features.color = [body.color.trim()];
  // a one-size genre's product has no size to filter by
  if (body.prod === 'apparel' && !oneSize) features.size = sizes.map((s) => s.size);
  return features;
}

const PARCEL_COLUMN = {
  weightGrams: 'weight_grams',
  lengthCm: 'length_cm',
  breadthCm: 'breadth_cm',
  heightCm: 'height_cm',
} as const satisfies Record<ParcelField, string>;
type ParcelColumns = Partial<Record<(typeof PARCEL_COLUMN)[ParcelField], number | null>>;

/** What is wrong with a parcel field's value: the range in its unit. */
export const parcelProblem = (field: ParcelField) => {
  const { min, max } = PARCEL_LIMITS[field];
  return `Whole ${field === 'weightGrams' ? 'grams' : 'centimetres'}, ${min} to ${max}`;
};

/** The weight and size given as columns (null: unset); those left out are not among them, so they are kept. */
function checkParcel(body: ProductBody, errors: FieldErrors): ParcelColumns {
  const columns: ParcelColumns = {};
  for (const field of PARCEL_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    const { min, max } = PARCEL_LIMITS[field];
    if (value === null || (Number.isInteger(value) && value >= min && value <= max))
      columns[PARCEL_COLUMN[field]] = value;
    else errors[field] = parcelProblem(field);
  }
  return columns;
}

/**
 * The body as columns and sizes, or every field's error at once; `live` when the product is to be on sale
 * after the save (its seller must then be active).
 */
export function validateProduct(
  body: ProductBody,
  lookups: Lookups,
  live: boolean,
): ValidProduct | FieldErrors {
  const errors: FieldErrors = {};
  const name = required(body.name, 'name', errors);
  if (body.prod !== 'apparel' && body.prod !== 'accessories') errors.prod = 'Choose apparel or accessories';
  // apparel's pair as the owner's tree spells it ("home" is the segment "Home"); crafts' as given
  const given = {
    userSegment: required(body.userSegment, 'userSegment', errors),
    genre: required(body.genre, 'genre', errors),
  };
  const place = body.prod === 'apparel' ? lookups.place(given) : { ...given, oneSize: false };
  if (body.prod === 'apparel') {
    // the pair joins the owner's tree: its names are held to the tree's rules
    const segmentProblem = given.userSegment && nameProblem(given.userSegment, true);
    const genreProblem = given.genre && nameProblem(given.genre, false);
    if (segmentProblem) errors.userSegment = segmentProblem;
    if (genreProblem) errors.genre = genreProblem;
  }
  const { userSegment, genre } = place;
  const color = required(body.color, 'color', errors);
  checkPrices(body, errors);
  const sellerId = lookups.sellers.get(body.seller.trim())?.id;
  const sellerError = sellerProblem(body.seller.trim(), lookups, live);
  if (sellerError) errors.seller = sellerError;
  const partner = body.partner.trim();
  const partnerId = lookups.partners.get(partner);
  if (partner === '') errors.partner = CHOOSE_PARTNER;
  else if (partnerId === undefined)
    errors.partner = `No delivery partner "${partner.slice(0, 40)}": ${CHOOSE_PARTNER.toLowerCase()}`;
  const hsnCode = body.hsnCode?.trim() || null;
  if (hsnCode !== null && !HSN.test(hsnCode)) errors.hsnCode = 'An HSN code has 4, 6 or 8 digits';
  const sizes = checkSizes(body, place, errors);
  checkPhotos(body.photos, lookups, errors);
  const features = checkFeatures(body, sizes, place.oneSize, errors);
  const parcel = checkParcel(body, errors);
  if (Object.keys(errors).length > 0 || sellerId === undefined || partnerId === undefined) return errors;
  return {
    columns: {
      prod: body.prod as 'apparel' | 'accessories',
      name,
      user_segment: userSegment,
      genre,
      description: body.description.trim(),
      color,
      features: JSON.stringify(features),
      current_price_paise: body.price * 100,
      old_price_paise: body.mrp * 100,
      seller_id: sellerId,
      partner_id: partnerId,
      hsn_code: hsnCode,
      photos: body.photos,
      ...parcel,
    },
    sizes,
  };
}

export const isValid = (result: ValidProduct | FieldErrors): result is ValidProduct =>
  typeof result.columns === 'object';
