import { type Static, Type } from 'typebox';
import { PRODUCT_ROW_SIZE, SEARCH_MAX_LENGTH } from './catalogue-constants.ts';
import { FIT_ANSWER_CODES } from './fit-returns-constants.ts';
import { ProductSale } from './offers.ts';
import { SizeChart } from './size-charts.ts';

/** `prod` in every path and answer: apparel (segment/genre listings) or accessories (crafts). */
export const Prod = Type.Union([Type.Literal('apparel'), Type.Literal('accessories')]);
export type Prod = Static<typeof Prod>;

export const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
export type YesNo = Static<typeof YesNo>;

// GET /home ------------------------------------------------------------------------------------

export const HomeItem = Type.Object({ userSegment: Type.String(), genre: Type.String() });
export const HomeResponse = Type.Array(HomeItem);
export type HomeItem = Static<typeof HomeItem>;
export type HomeResponse = Static<typeof HomeResponse>;

// POST /api/item/{userSegment}/{genre}/{filters} and /api/item/accessories/{filters} -------------

/** The selected filters: feature name -> chosen values (the path's URL-encoded JSON). */
export type SelectedFilters = Record<string, string[]>;

const PathText = Type.String({ minLength: 1, maxLength: 100 });

/** `filters` may be empty (no filters), or encoded once or twice. */
export const ListingParams = Type.Object({
  userSegment: PathText,
  genre: PathText,
  filters: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ListingParams = Static<typeof ListingParams>;

export const AccessoriesParams = Type.Object({ filters: Type.Optional(Type.String({ maxLength: 2000 })) });
export type AccessoriesParams = Static<typeof AccessoriesParams>;

/**
 * 0 default (newest first; in a search, the best match first), 1 price low to high, 2 price high to low,
 * 3 popularity (units sold in the last 30 days, then rating), 4 what's new (latest added), 5 better discount.
 */
// an enum rather than a union of literals, so a wrong value is reported as "must be one of 0, 1, …"
export const SortCode = Type.Enum([0, 1, 2, 3, 4, 5]);
export type SortCode = Static<typeof SortCode>;

export const ListingBody = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 10_000 }),
    sort: SortCode,
  },
  { additionalProperties: false },
);
export type ListingBody = Static<typeof ListingBody>;

export const ListingProduct = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** the seller's name, shown as the card's source label */
  source: Type.String(),
  prod: Prod,
  currentPrice: Type.Integer(),
  oldPrice: Type.Integer(),
  discount: Type.Integer(),
  photo1: Type.String(),
  /** apparel only: the first size in stock (the listing heart wishes that size) */
  size: Type.Optional(Type.String()),
  /** apparel only: whether the logged-in shopper has wished it */
  wished: Type.Optional(YesNo),
});
export type ListingProduct = Static<typeof ListingProduct>;

export const FilterFeature = Type.Record(Type.String(), Type.Array(Type.String()));
export type FilterFeature = Static<typeof FilterFeature>;

/**
 * {feature: {value: products it would give}}: every value of the unfiltered result, counted with the
 * other features' choices (a feature's own choices do not narrow its counts); `price` holds the price
 * buckets and `discount` the "n% and above" steps.
 */
export const FilterCounts = Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()));
export type FilterCounts = Static<typeof FilterCounts>;

export const ListingResponse = Type.Object({
  prods: Type.Array(ListingProduct),
  noOfEntries: Type.Integer(),
  /** [{feature: [values present in the current result set]}] */
  filterFeature: Type.Array(FilterFeature),
  filterCounts: FilterCounts,
});
export type ListingResponse = Static<typeof ListingResponse>;

export {
  DISCOUNT_FILTER,
  DISCOUNT_STEPS,
  FEATURE_LABELS,
  HIDDEN_PRODUCT_FIELDS,
  PRICE_BUCKETS,
  PRICE_FILTER,
  PRODUCT_ROW_SIZE,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  SUGGEST_MIN_LENGTH,
} from './catalogue-constants.ts';

// GET /api/search?q=&page=&sort=&filters= (the answer is a ListingResponse) ----------------------

const SearchText = Type.String({ maxLength: SEARCH_MAX_LENGTH });

export const SearchQuery = Type.Object({
  /** what the shopper typed; blank is a 400 */
  q: SearchText,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
  /** a sort code (a query string's text, so an integer rather than the body's enum) */
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, default: 0 })),
  /** as a listing's filters segment: URL-encoded JSON {feature: [values]} */
  filters: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type SearchQuery = Static<typeof SearchQuery>;

// GET /api/suggest?q= ---------------------------------------------------------------------------

export const SuggestQuery = Type.Object({ q: SearchText });
export type SuggestQuery = Static<typeof SuggestQuery>;

export const SuggestResponse = Type.Object({
  /** segments whose name matches, with their products on sale */
  segments: Type.Array(Type.Object({ userSegment: Type.String(), count: Type.Integer() })),
  /** genres (of a segment) whose name matches, with their products on sale */
  genres: Type.Array(
    Type.Object({ userSegment: Type.String(), genre: Type.String(), count: Type.Integer() }),
  ),
  /** up to six products, best match first */
  products: Type.Array(
    Type.Object({
      id: Type.Integer(),
      prod: Prod,
      name: Type.String(),
      photo1: Type.String(),
      currentPrice: Type.Integer(),
    }),
  ),
});
export type SuggestResponse = Static<typeof SuggestResponse>;
export { PAGE_SIZE } from './shopping-rules.ts';

// GET /product/ind/{prod}/{productID} ------------------------------------------------------------

/** Free text: an unknown prod or a non-numeric id is a 404 (no such product), not a 400. */
export const ProductParams = Type.Object({ prod: Type.String(), productID: Type.String() });
export type ProductParams = Static<typeof ProductParams>;

export const ProductInfo = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    prod: Prod,
    genre: Type.String(),
    userSegment: Type.String(),
    /** delivery partner's code, sent back with /api/pincheck */
    partner: Type.String(),
    childKey: Type.String(),
    color: Type.String(),
    description: Type.String(),
    /** the sum of units in stock over all sizes */
    stock: Type.Integer(),
    /** size -> units in stock ('' is the one size of an accessory) */
    additionsize: Type.Record(Type.String(), Type.Integer()),
    /**
     * sizes with no unit free only because shoppers' unpaid checkouts hold them (decision 054): the
     * units held and when the first hold ends, so the page says "in someone's bag" and not "sold out"
     */
    held: Type.Array(
      Type.Object({
        size: Type.String(),
        units: Type.Integer({ minimum: 1 }),
        until: Type.String({ format: 'date-time' }),
      }),
    ),
    /** 'In stock' when the product can be bought; 'Currently unavailable' when withdrawn */
    active: Type.String(),
    currentPrice: Type.Integer(),
    oldPrice: Type.Integer(),
    discount: Type.Integer(),
    /** the sale whose price this is, with when it ends; null when none covers it */
    sale: ProductSale,
    /** 'N' when the back office marked the product's genre not returnable, else 'Y' */
    returnable: YesNo,
    photo1: Type.String(),
    photo2: Type.Optional(Type.String()),
    photo3: Type.Optional(Type.String()),
    photo4: Type.Optional(Type.String()),
    photo5: Type.Optional(Type.String()),
  },
  // features and specifications (fabric, fitType, occasion, craft, …) appear as further string fields
  { additionalProperties: Type.String() },
);
/** Static<> drops the extra fields' index signature; features and specs are read as productInfo[name]. */
export type ProductInfo = Static<typeof ProductInfo> & { [field: string]: unknown };

export const ProductReview = Type.Object({
  fname: Type.String(),
  lname: Type.String(),
  review: Type.String(),
  rating: Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.Null()]),
  reviewDP1: Type.Union([Type.String(), Type.Null()]),
  verifiedPurchase: Type.Boolean(),
});
export type ProductReview = Static<typeof ProductReview>;

export const RatingCount = Type.Object({ rating: Type.Integer(), ratingCount: Type.Integer() });
export type RatingCount = Static<typeof RatingCount>;

/** how an apparel product fits, as a shopper who rated it says: FIT_ANSWERS' codes */
export const FitAnswerSchema = Type.Enum(FIT_ANSWER_CODES);

/**
 * What shoppers say of the fit of the product and its colours (same childKey): the share of answers of
 * each kind in whole percents that add up to 100, and how many answered. Null under FIT_MIN_ANSWERS.
 */
export const FitSplit = Type.Union([
  Type.Object({
    small: Type.Integer({ minimum: 0, maximum: 100 }),
    true: Type.Integer({ minimum: 0, maximum: 100 }),
    large: Type.Integer({ minimum: 0, maximum: 100 }),
    answers: Type.Integer({ minimum: 0 }),
  }),
  Type.Null(),
]);
export type FitSplit = Static<typeof FitSplit>;

export const ProductResponse = Type.Object({
  productInfo: ProductInfo,
  review: Type.Array(ProductReview),
  /** one row per star, 5 down to 1 */
  rating: Type.Array(RatingCount),
  /** the colours of this product and its siblings (same childKey) */
  colorInfo: Type.Array(Type.Object({ color: Type.String(), id: Type.Integer() })),
  /** its seller's size chart for its genre when there is one, else its genre's; null when neither */
  sizeChart: Type.Union([SizeChart, Type.Null()]),
  /** units of this product in the shopper's bag: [] or [{quantity}] */
  addToCart: Type.Array(Type.Object({ quantity: Type.Integer() })),
  /** [{wished: 'Y'|'N'}] */
  wishStatus: Type.Array(Type.Object({ wished: YesNo })),
  loggedin: Type.Boolean(),
  /** ours: what shoppers say of the fit; null for accessories and under FIT_MIN_ANSWERS answers */
  fit: FitSplit,
  /**
   * ours: the size the logged-in customer usually buys in this product's segment and genre (the
   * size of most of their kept apparel lines there, ties to the latest kept); null when unknown
   */
  usualSize: Type.Union([Type.String(), Type.Null()]),
});
export type ProductResponse = Omit<Static<typeof ProductResponse>, 'productInfo'> & {
  productInfo: ProductInfo;
};

// POST /api/{prod}/modifyProd (header key=color) --------------------------------------------------

export const ModifyProdParams = Type.Object({ prod: Type.String() });
export type ModifyProdParams = Static<typeof ModifyProdParams>;

export const ModifyProdBody = Type.Object({
  childKey: Type.String({ minLength: 1, maxLength: 100 }),
  color: Type.String({ minLength: 1, maxLength: 60 }),
});
export type ModifyProdBody = Static<typeof ModifyProdBody>;
export const ModifyProdResponse = Type.Object({ prodId: Type.Integer() });
export type ModifyProdResponse = Static<typeof ModifyProdResponse>;

// GET /api/products?ids=, /api/products/{id}/similar and /api/products/highlights ---------------

/**
 * Product ids, comma-separated: up to PRODUCT_ROW_SIZE (12) whole numbers ("3,17,5"). The schema bounds
 * the text; the route reads each id (a pattern of repeated groups is not one the linear-time check reads).
 */
export const ProductIdsQuery = Type.Object(
  { ids: Type.String({ pattern: '^[0-9,]+$', maxLength: PRODUCT_ROW_SIZE * 10 }) },
  { additionalProperties: false },
);
export type ProductIdsQuery = Static<typeof ProductIdsQuery>;

export const SimilarParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type SimilarParams = Static<typeof SimilarParams>;

/** A row of product cards, with no shopper's wish marks (the answer is the same for everyone). */
export const ProductCards = Type.Object({ prods: Type.Array(ListingProduct) });
export type ProductCards = Static<typeof ProductCards>;

/** A home page row, and the listing it continues in (the first card's segment and genre, or crafts). */
export const HighlightRow = Type.Object({
  prods: Type.Array(ListingProduct),
  listing: Type.Union([
    Type.Object({ prod: Type.Literal('apparel'), userSegment: Type.String(), genre: Type.String() }),
    Type.Object({ prod: Type.Literal('accessories') }),
    Type.Null(),
  ]),
});
export type HighlightRow = Static<typeof HighlightRow>;

/** The home page's rows beyond the spec's: the newest products on sale, and the best rated. */
export const HighlightsResponse = Type.Object({ newArrivals: HighlightRow, topRated: HighlightRow });
export type HighlightsResponse = Static<typeof HighlightsResponse>;

// GET /api/terms ----------------------------------------------------------------------------------

export const TermsResponse = Type.Object({
  /** when the policies last changed (YYYY-MM-DD) */
  updated: Type.String(),
  pages: Type.Array(Type.Object({ path: Type.String(), title: Type.String() })),
});
export type TermsResponse = Static<typeof TermsResponse>;
