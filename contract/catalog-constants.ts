/**
 * The catalogue's plain constants, apart from the schemas so that the web app can import them as values
 * without bundling TypeBox. contract/catalog.ts re-exports them.
 */

/** Fields never shown as specifications (spec section 3). */
export const HIDDEN_PRODUCT_FIELDS = [
  'sellerId',
  'seller',
  'launchDate',
  'weightCat',
  'priceRange',
  'discountRange',
  'sku',
] as const;

// Feature keys and their display labels (unknown keys show as they are) ----------------------------

export const FEATURE_LABELS: Record<string, string> = {
  fabric: 'fabric',
  color: 'color',
  size: 'size',
  sleeveSize: 'sleeve size',
  neckLine: 'neck line',
  fitType: 'fit type',
  occasion: 'occasion',
  material: 'material',
  craft: 'craft',
  pattern: 'pattern',
};

/** The widths every photo is kept in (a two-column card on a phone wants about 480). */
export const IMAGE_WIDTHS = [320, 480, 640, 960] as const;
