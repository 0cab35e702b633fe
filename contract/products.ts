import { type Static, Type } from 'typebox';
import { ErrorResponse } from './errors.ts';
import { EDITABLE_FEATURES, PARCEL_CSV_COLUMNS } from './products-constants.ts';

/**
 * The back office's catalogue: products as the shop owner edits them, their photos, the CSV
 * import and export, and low stock. Prices are whole rupees; the discount follows from them.
 */

export {
  ADMIN_PRODUCTS_PAGE_SIZE,
  EDITABLE_FEATURES,
  type EditableFeature,
  MAX_PHOTOS,
  PARCEL_CSV_COLUMNS,
  PARCEL_FIELDS,
  PARCEL_LIMITS,
  type ParcelField,
} from './products-constants.ts';

const Text = (maxLength: number) => Type.String({ maxLength });

/**
 * A parcel field (PARCEL_LIMITS): a whole number in its range, or null for none. Any number passes the
 * schema: the service answers a bad one beside its field. Left out of a change: kept.
 */
const ParcelValue = Type.Optional(Type.Union([Type.Number(), Type.Null()]));
/** The parcel fields as answered: null while unset. */
const ParcelAnswer = Type.Union([Type.Integer(), Type.Null()]);

export const ProductSize = Type.Object(
  {
    /** '' for accessories, which come in one size */
    size: Text(20),
    stock: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    /** read-only (units held for shoppers paying now): accepted as GET answers it, and ignored */
    held: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type ProductSize = Static<typeof ProductSize>;

/**
 * What the owner edits: POST /admin/api/products, PUT /admin/api/products/{id}. The product as
 * GET /admin/api/products/{id} answers it is a body these accept back: its read-only fields (id, sku,
 * childKey, active, discount, pausedWithSeller, sizes[].held) are accepted and ignored.
 */
export const ProductBody = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    sku: Type.Optional(Type.String({ maxLength: 100 })),
    childKey: Type.Optional(Type.String({ maxLength: 100 })),
    active: Type.Optional(Type.Boolean()),
    discount: Type.Optional(Type.Integer()),
    pausedWithSeller: Type.Optional(Type.Boolean()),
    name: Text(200),
    prod: Type.String({ maxLength: 20 }),
    userSegment: Text(60),
    genre: Text(60),
    description: Text(5000),
    color: Text(40),
    features: Type.Record(Type.String({ maxLength: 30 }), Type.Array(Text(60), { maxItems: 10 })),
    mrp: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    price: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    /** a delivery partner's code */
    partner: Text(40),
    /** a seller's name */
    seller: Text(200),
    /** null or omitted: the genre's code */
    hsnCode: Type.Optional(Type.Union([Text(8), Type.Null()])),
    sizes: Type.Array(ProductSize, { maxItems: 20 }),
    /** names of uploaded photos (POST /admin/api/products/photos), in order */
    photos: Type.Array(Text(120), { maxItems: 10 }),
    /** a unit's packed weight in grams and size in cm, for courier bookings */
    weightGrams: ParcelValue,
    lengthCm: ParcelValue,
    breadthCm: ParcelValue,
    heightCm: ParcelValue,
  },
  { additionalProperties: false },
);
export type ProductBody = Static<typeof ProductBody>;

/** One size as the list shows it: its stock and the units held for shoppers paying now. */
export const AdminSizeStock = Type.Object({
  size: Type.String(),
  stock: Type.Integer(),
  held: Type.Integer(),
});

export const AdminProduct = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  /** the design: colour siblings share it */
  childKey: Type.String(),
  active: Type.Boolean(),
  discount: Type.Integer(),
  name: Type.String(),
  prod: Type.String(),
  userSegment: Type.String(),
  genre: Type.String(),
  description: Type.String(),
  color: Type.String(),
  features: Type.Record(Type.String(), Type.Array(Type.String())),
  mrp: Type.Integer(),
  price: Type.Integer(),
  partner: Type.String(),
  seller: Type.String(),
  hsnCode: Type.Union([Type.String(), Type.Null()]),
  /** off the shop because its seller is deactivated: activating the seller brings it back */
  pausedWithSeller: Type.Boolean(),
  sizes: Type.Array(AdminSizeStock),
  photos: Type.Array(Type.String()),
  weightGrams: ParcelAnswer,
  lengthCm: ParcelAnswer,
  breadthCm: ParcelAnswer,
  heightCm: ParcelAnswer,
});
export type AdminProduct = Static<typeof AdminProduct>;

export const ProductIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$' }) });

export const AdminProductsQuery = Type.Object(
  {
    q: Type.Optional(Text(100)),
    status: Type.Optional(Type.Union([Type.Literal('live'), Type.Literal('withdrawn'), Type.Literal('all')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export type AdminProductsQuery = Static<typeof AdminProductsQuery>;

export const AdminProductRow = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  prod: Type.String(),
  userSegment: Type.String(),
  genre: Type.String(),
  /** the first photo's URL, 320 px wide */
  photo: Type.Union([Type.String(), Type.Null()]),
  price: Type.Integer(),
  mrp: Type.Integer(),
  stock: Type.Integer(),
  sizes: Type.Array(AdminSizeStock),
  active: Type.Boolean(),
});
export type AdminProductRow = Static<typeof AdminProductRow>;

export const AdminProductsResponse = Type.Object({
  products: Type.Array(AdminProductRow),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AdminProductsResponse = Static<typeof AdminProductsResponse>;

/** POST /admin/api/products/{id}/colours: a sibling of the same design in another colour. */
export const ColourBody = Type.Object(
  {
    color: Text(40),
    name: Type.Optional(Text(200)),
    sizes: Type.Optional(Type.Array(ProductSize, { maxItems: 20 })),
    photos: Type.Optional(Type.Array(Text(120), { maxItems: 10 })),
  },
  { additionalProperties: false },
);
export type ColourBody = Static<typeof ColourBody>;

export const PhotoResponse = Type.Object({ photo: Type.String() });

/** GET /admin/api/catalogue/choices: the names a product may use or offer again, each sorted. */
export const CatalogueChoices = Type.Object({
  segments: Type.Array(Type.String()),
  genres: Type.Array(Type.String()),
  /** sellers' names */
  sellers: Type.Array(Type.String()),
  /** delivery partners' codes */
  partners: Type.Array(Type.String()),
});
export type CatalogueChoices = Static<typeof CatalogueChoices>;

/** POST /admin/api/catalogue/import?mode=dry-run|apply */
export const ImportQuery = Type.Object(
  { mode: Type.Union([Type.Literal('dry-run'), Type.Literal('apply')]) },
  { additionalProperties: false },
);
export const ImportResponse = Type.Object({
  /** data rows read (one per size) */
  rows: Type.Integer(),
  /** products the rows create or change */
  products: Type.Integer(),
  /** `line <n>, column <header>: <message>`; line 1 is the header row */
  errors: Type.Array(Type.String()),
  applied: Type.Boolean(),
});
export type ImportResponse = Static<typeof ImportResponse>;

/** Apply refused: the dry run's report, with the reason; or the upload itself refused, without a report. */
export const ImportRefused = Type.Union([
  Type.Object({ error: Type.String(), ...ImportResponse.properties }),
  ErrorResponse,
]);

/** GET /admin/api/catalogue/export: the catalogue as CSV, one row per size. */
export const CsvAnswer = {
  description: 'the catalogue as CSV (CSV_COLUMNS), one row per size',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;

/** A size at or below the low-stock threshold, with its product. */
export const LowStockSize = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  sku: Type.String(),
  size: Type.String(),
  stock: Type.Integer(),
  active: Type.Boolean(),
});
export type LowStockSize = Static<typeof LowStockSize>;

export const LowStockResponse = Type.Object({
  threshold: Type.Integer(),
  sizes: Type.Array(LowStockSize),
});
export type LowStockResponse = Static<typeof LowStockResponse>;

/** The CSV's columns, in order (one row per size; list values joined by "|"). */
export const CSV_COLUMNS = [
  'sku',
  'design',
  'name',
  'section',
  'segment',
  'genre',
  'description',
  'colour',
  ...EDITABLE_FEATURES,
  'mrp',
  'price',
  'partner',
  'seller',
  'hsn',
  ...Object.values(PARCEL_CSV_COLUMNS),
  'active',
  'photos',
  'size',
  'stock',
] as const;
