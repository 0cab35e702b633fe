import type { Gstr1CsvTable } from '../../../../contract/books.ts';

/** Every URL of the back office, built in one place: its screens (under /admin/) and its API. */

const id = (value: number | string) => encodeURIComponent(String(value));

/** a query string of the set values, '' when none is */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A report's India days, both included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

export const paths = {
  dashboard: () => '/admin/',
  orders: () => '/admin/orders',
  order: (orderId: number | string) => `/admin/orders/${id(orderId)}`,
  returns: () => '/admin/returns',
  refunds: () => '/admin/refunds',
  cod: () => '/admin/cod',
  reports: () => '/admin/reports',
  reviews: () => '/admin/reviews',
  products: () => '/admin/products',
  newProduct: () => '/admin/products/new',
  product: (productId: number | string) => `/admin/products/${id(productId)}`,
  lowStock: () => '/admin/low-stock',
  staff: () => '/admin/staff',
  passkeys: () => '/admin/passkeys',
  activity: () => '/admin/activity',
  sellers: () => '/admin/sellers',
  delivery: () => '/admin/delivery',
  settings: () => '/admin/settings',
  offers: () => '/admin/offers',
  sizeCharts: () => '/admin/size-charts',
  categories: () => '/admin/categories',
  shopWindow: () => '/admin/home-page',
  gstReturns: () => '/admin/gst-returns',
  settlements: () => '/admin/settlements',
};

export const apiPaths = {
  session: () => '/admin/api/session',
  sessionCode: () => '/admin/api/session/code',
  sessionPasskeyOptions: () => '/admin/api/session/passkey/options',
  sessionPasskey: () => '/admin/api/session/passkey',
  passkeyOptions: () => '/admin/api/passkeys/options',
  passkeys: () => '/admin/api/passkeys',
  passkey: (passkeyId: string) => `/admin/api/passkeys/${id(passkeyId)}`,
  orders: () => '/admin/api/orders',
  order: (orderId: number | string) => `/admin/api/orders/${id(orderId)}`,
  ship: (purchaseId: string) => `/admin/api/orders/${id(purchaseId)}/ship`,
  deliver: (purchaseId: string) => `/admin/api/orders/${id(purchaseId)}/deliver`,
  cancel: (purchaseId: string) => `/admin/api/orders/${id(purchaseId)}/cancel`,
  shipping: () => '/admin/api/shipping',
  couriers: (purchaseId: string) => `/admin/api/orders/${id(purchaseId)}/couriers`,
  label: (purchaseId: string) => `/admin/api/orders/${id(purchaseId)}/label`,
  shipments: () => '/admin/api/shipments',
  shipmentLabels: () => '/admin/api/shipments/labels',
  manifest: () => '/admin/api/shipments/manifest',
  pickup: () => '/admin/api/shipments/pickup',
  returns: () => '/admin/api/returns',
  decideReturn: (purchaseId: string) => `/admin/api/returns/${id(purchaseId)}`,
  receiveReturn: (purchaseId: string) => `/admin/api/returns/${id(purchaseId)}/receive`,
  refunds: () => '/admin/api/refunds',
  retryRefund: (refundId: number) => `/admin/api/refunds/${id(refundId)}/retry`,
  refundPaid: (refundId: number) => `/admin/api/refunds/${id(refundId)}/paid`,
  reviews: () => '/admin/api/reviews',
  hideReview: (reviewId: number) => `/admin/api/reviews/${id(reviewId)}/hide`,
  showReview: (reviewId: number) => `/admin/api/reviews/${id(reviewId)}/show`,
  staff: () => '/admin/api/staff',
  person: (staffId: number) => `/admin/api/staff/${id(staffId)}`,
  activity: () => '/admin/api/activity',
  dashboard: () => '/admin/api/dashboard',
  genresReturnable: () => '/admin/api/genres/returnable',
  stock: () => '/admin/api/stock',
  products: () => '/admin/api/products',
  product: (productId: number) => `/admin/api/products/${id(productId)}`,
  colours: (productId: number) => `/admin/api/products/${id(productId)}/colours`,
  withdraw: (productId: number) => `/admin/api/products/${id(productId)}/withdraw`,
  restore: (productId: number) => `/admin/api/products/${id(productId)}/restore`,
  photos: () => '/admin/api/products/photos',
  choices: () => '/admin/api/catalogue/choices',
  shopWindow: () => '/admin/api/shop-window',
  /** the shop's segment and genre pairs on sale (the spec's GET /home) */
  home: () => '/home',
  catalogueExport: () => '/admin/api/catalogue/export',
  catalogueImport: (mode: 'dry-run' | 'apply') => `/admin/api/catalogue/import?mode=${mode}`,
  lowStock: () => '/admin/api/stock/low',
  settings: () => '/admin/api/settings',
  setup: () => '/admin/api/setup',
  removeDemo: () => '/admin/api/demo/remove',
  sellers: () => '/admin/api/sellers',
  seller: (sellerId: number) => `/admin/api/sellers/${id(sellerId)}`,
  deactivateSeller: (sellerId: number) => `/admin/api/sellers/${id(sellerId)}/deactivate`,
  activateSeller: (sellerId: number) => `/admin/api/sellers/${id(sellerId)}/activate`,
  partners: () => '/admin/api/partners',
  partner: (code: string) => `/admin/api/partners/${id(code)}`,
  partnerPincodes: (code: string, mode: 'dry-run' | 'apply') =>
    `/admin/api/partners/${id(code)}/pincodes?mode=${mode}`,
  allIndia: (code: string) => `/admin/api/partners/${id(code)}/pincodes/all-india`,
  codOutstanding: () => '/admin/api/cod/outstanding',
  codRemittances: (mode: 'dry-run' | 'apply') => `/admin/api/cod/remittances?mode=${mode}`,
  shop: () => '/admin/api/shop',
  sales: () => '/admin/api/sales',
  sale: (saleId: number) => `/admin/api/sales/${id(saleId)}`,
  stopSale: (saleId: number) => `/admin/api/sales/${id(saleId)}/stop`,
  coupons: () => '/admin/api/coupons',
  coupon: (couponId: number) => `/admin/api/coupons/${id(couponId)}`,
  disableCoupon: (couponId: number) => `/admin/api/coupons/${id(couponId)}/disable`,
  offersReport: () => '/admin/api/offers/report',
  /** a report of a range of India days, both included (the Reports screen's charts) */
  report: (name: 'sales' | 'returns' | 'top-products' | 'top-genres' | 'offers', range: DayRange) =>
    `/admin/api/reports/${name}${query({ ...range })}`,
  /** one row per order line placed in the range */
  ordersCsv: (range: DayRange) => `/admin/api/reports/orders.csv${query({ ...range })}`,
  sizeCharts: () => '/admin/api/size-charts',
  categories: () => '/admin/api/categories',
  /** a chart by its keys (DELETE): the genre's own when `seller` is null */
  sizeChart: (keys: { userSegment: string; genre: string; seller: string | null }) =>
    `/admin/api/size-charts${query(keys)}`,
  sizeChartsExport: () => '/admin/api/size-charts/export',
  sizeChartsImport: (mode: 'dry-run' | 'apply') => `/admin/api/size-charts/import?mode=${mode}`,
  sellerCommission: (sellerId: number) => `/admin/api/sellers/${id(sellerId)}/commission`,
  /** a seller's GSTR-1 for a month: the portal's JSON, or one of its tables as CSV */
  gstr1: (sellerId: number, period: string, table?: Gstr1CsvTable) =>
    `/admin/api/books/gstr1${query({ seller: sellerId, period, ...(table ? { format: 'csv', table } : {}) })}`,
  gstr8: (period: string) => `/admin/api/books/gstr8${query({ period })}`,
  settlements: (period: string) => `/admin/api/settlements${query({ period })}`,
  /** a seller's statement for a month: JSON, or as CSV or PDF */
  statement: (sellerId: number, period: string, format?: 'csv' | 'pdf') =>
    `/admin/api/settlements/${id(sellerId)}${query({ period, format })}`,
  paySeller: (sellerId: number) => `/admin/api/settlements/${id(sellerId)}/pay`,
};
