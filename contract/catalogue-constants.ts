/**
 * The catalogue's plain constants, apart from the schemas so that the web app can import them as values
 * without bundling TypeBox. contract/catalogue.ts re-exports them.
 */

/** Fields never shown as specifications (the spec's entities and fields). */
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

/**
 * How wide photos are shown (an image's `sizes`), so that the web app and the server's page markup
 * (decision 021) pick the same file: the product gallery's photo, and a listing card at each density.
 */
export const GALLERY_SIZES = '(max-width: 800px) 100vw, 50vw';
export const CARD_SIZES = {
  1: '(max-width: 500px) 50vw, (max-width: 1000px) 50vw, 34vw',
  2: '(max-width: 500px) 50vw, (max-width: 1000px) 34vw, 25vw',
  3: '(max-width: 500px) 50vw, (max-width: 700px) 34vw, 17vw',
} as const;
/** How many cards a listing shows in a row at first (the default density). */
export const DEFAULT_DENSITY: keyof typeof CARD_SIZES = 2;
/**
 * A listing's cards whose photos are fetched at once (two rows on a phone, a row on a desktop); the
 * others wait until they near the screen, so that the first photos and the app's script get the bandwidth.
 */
export const FIRST_CARDS = 4;

// Discovery: ranges, sorts and search (decision 017) -------------------------------------------------

/** Filter names that are ranges over the card's numbers, not product features. */
export const PRICE_FILTER = 'price';
export const DISCOUNT_FILTER = 'discount';

/** Price buckets offered with their counts, in whole rupees, both edges inclusive ("<min>-<max>"). */
export const PRICE_BUCKETS = ['0-499', '500-999', '1000-1999', '2000-4999', '5000-999999'] as const;

/** Discount choices offered with their counts: n% and above. */
export const DISCOUNT_STEPS = ['10', '20', '30', '40', '50', '60', '70'] as const;

/** Sort codes: the spec's 0 to 2, then 3 to 5 (each ends with the product id as tiebreaker). */
export const SORT_LABELS: Record<number, string> = {
  0: 'Default',
  1: 'Price low to high',
  2: 'Price high to low',
  3: 'Popularity',
  4: "What's new",
  5: 'Better discount',
};

/** The most cards a row of products shows (similar, recently viewed, the home page's rows). */
export const PRODUCT_ROW_SIZE = 12;

/** The longest search text accepted; a longer one is a 400. */
export const SEARCH_MAX_LENGTH = 100;
/** Suggestions start from this many characters. */
export const SUGGEST_MIN_LENGTH = 2;
