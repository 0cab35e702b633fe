import { EDITABLE_FEATURES, MAX_PHOTOS, type ProductBody } from '../../../contract/products.ts';
import type { ProductColumns } from './store.ts';

/** A field's name (as the API names it) and what is wrong with it (never `columns`). */
export type FieldErrors = Record<string, string> & { columns?: never };

/** What saving a product needs to know besides the body: the names the shop knows. */
export interface Lookups {
  sellers: Map<string, number>;
  partners: Map<string, number>;
  /** a photo name is usable when it was uploaded or the product already shows it */
  photoKnown: (name: string) => boolean;
}

export interface ValidProduct {
  columns: Omit<ProductColumns, 'specs'>;
  sizes: { size: string; stock: number }[];
}

const PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,115}\.webp$/;
const HSN = /^[0-9]{4}([0-9]{2}){0,2}$/;
const EDITABLE = new Set<string>(EDITABLE_FEATURES);

const required = (value: string, field: string, errors: FieldErrors) => {
  if (value.trim() === '') errors[field] = 'Required';
  return value.trim();
};

function checkPrices(body: ProductBody, errors: FieldErrors): void {
  if (body.mrp < 1) errors.mrp = 'MRP must be at least ₹1';
  if (body.price < 1) errors.price = 'Price must be at least ₹1';
  else if (body.price > body.mrp) errors.price = 'Price cannot be above the MRP';
}

function checkSizes(body: ProductBody, errors: FieldErrors): { size: string; stock: number }[] {
  const sizes = body.sizes.map(({ size, stock }) => ({ size: size.trim(), stock }));
  if (body.prod === 'accessories') {
    if (sizes.length !== 1 || sizes[0]?.size !== '') errors.sizes = 'An accessory has one unsized stock';
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
function checkFeatures(body: ProductBody, sizes: { size: string }[], errors: FieldErrors) {
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
  if (body.prod === 'apparel') features.size = sizes.map((s) => s.size);
  return features;
}

/** The body as columns and sizes, or every field's error at once. */
export function validateProduct(body: ProductBody, lookups: Lookups): ValidProduct | FieldErrors {
  const errors: FieldErrors = {};
  const name = required(body.name, 'name', errors);
  if (body.prod !== 'apparel' && body.prod !== 'accessories') errors.prod = 'Choose apparel or accessories';
  const userSegment = required(body.userSegment, 'userSegment', errors);
  const genre = required(body.genre, 'genre', errors);
  const color = required(body.color, 'color', errors);
  checkPrices(body, errors);
  const sellerId = lookups.sellers.get(body.seller.trim());
  if (sellerId === undefined) errors.seller = `No seller named "${body.seller.slice(0, 60)}"`;
  const partnerId = lookups.partners.get(body.partner.trim());
  if (partnerId === undefined) errors.partner = `No delivery partner "${body.partner.slice(0, 40)}"`;
  const hsnCode = body.hsnCode?.trim() || null;
  if (hsnCode !== null && !HSN.test(hsnCode)) errors.hsnCode = 'An HSN code has 4, 6 or 8 digits';
  const sizes = checkSizes(body, errors);
  checkPhotos(body.photos, lookups, errors);
  const features = checkFeatures(body, sizes, errors);
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
    },
    sizes,
  };
}

export const isValid = (result: ValidProduct | FieldErrors): result is ValidProduct =>
  typeof result.columns === 'object';
