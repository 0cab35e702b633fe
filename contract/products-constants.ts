/**
 * The back office catalogue's plain constants, apart from the schemas so that the back office can import
 * them as values without bundling TypeBox. contract/products.ts re-exports them.
 */

/** The filterable features the owner sets by hand; `color` and `size` follow from colour and sizes. */
export const EDITABLE_FEATURES = [
  'fabric',
  'sleeveSize',
  'neckLine',
  'fitType',
  'occasion',
  'material',
  'craft',
  'pattern',
] as const;
export type EditableFeature = (typeof EDITABLE_FEATURES)[number];

export const MAX_PHOTOS = 5;
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/**
 * A unit's packed weight (grams) and size (centimetres), which courier bookings send: whole numbers in
 * these ranges, or null while the owner has not said (a booking then counts 500 g and a garment's box).
 * They are the back office's, never the shop's.
 */
export const PARCEL_LIMITS = {
  weightGrams: { min: 1, max: 100_000 },
  lengthCm: { min: 1, max: 300 },
  breadthCm: { min: 1, max: 300 },
  heightCm: { min: 1, max: 300 },
} as const;
export type ParcelField = keyof typeof PARCEL_LIMITS;
export const PARCEL_FIELDS = Object.keys(PARCEL_LIMITS) as ParcelField[];

/** Each parcel field's column in the catalogue's CSV (empty: null; a file without the column keeps it). */
export const PARCEL_CSV_COLUMNS = {
  weightGrams: 'weight_g',
  lengthCm: 'length_cm',
  breadthCm: 'breadth_cm',
  heightCm: 'height_cm',
} as const satisfies Record<ParcelField, string>;
