import type { Prod, SelectedFilters } from './catalogue.ts';
import { IMAGE_WIDTHS } from './catalogue-constants.ts';
import type { PolicyPage } from './shop-constants.ts';

/** Every URL of the web app, built in one place. */

const encodeFilters = (filters: SelectedFilters = {}) => encodeURIComponent(JSON.stringify(filters));

/** q, then filters, page and sort only when they say something */
function searchQuery(q: string, filters: SelectedFilters, page: number, sort: number): string {
  const query = new URLSearchParams({ q });
  if (Object.keys(filters).length > 0) query.set('filters', JSON.stringify(filters));
  if (page > 1) query.set('page', String(page));
  if (sort !== 0) query.set('sort', String(sort));
  return query.toString();
}

/** every width the server keeps of the photo at `url` (`/images/{file}`, as an API answers it), as a `srcset` */
export const srcSetOf = (url: string) => IMAGE_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');

export const paths = {
  home: () => '/',
  listing: (userSegment: string, genre: string, filters?: SelectedFilters) =>
    `/item/${encodeURIComponent(userSegment)}/${encodeURIComponent(genre)}/${encodeFilters(filters)}`,
  accessories: (filters?: SelectedFilters) => `/accessories/${encodeFilters(filters)}`,
  product: (prod: Prod | string, productId: number | string) =>
    `/product/${encodeURIComponent(prod)}/${encodeURIComponent(String(productId))}`,
  /** a search's results; filters and sort as a listing's, in the query */
  search: (q: string, filters: SelectedFilters = {}, page = 1, sort = 0) =>
    `/search?${searchQuery(q, filters, page, sort)}`,
  wishlist: () => '/wishlist',
  checkout: () => '/checkout',
  profile: () => '/profile',
  login: () => '/login',
  signUp: () => '/signUp',
  orders: () => '/orders',
  /** a cash-on-delivery order's confirmation by the code sent to the shopper's phone */
  codConfirm: (orderId: number | string) => `/orders/${encodeURIComponent(String(orderId))}/confirm`,
  review: (prodId: number | string) => `/review/${encodeURIComponent(String(prodId))}`,
  terms: () => '/terms',
  privacy: () => '/privacy',
  payment: () => '/payment',
  cancellation: () => '/cancellation',
  shipping: () => '/shipping',
  contact: () => '/contact',
  /** the spec's address of the contact page, still answered for links already out there */
  specContact: () => '/concats',
  error: () => '/error',
  comingSoon: () => '/comingSoon',
  noResponse: () => '/noResponse',
  image: (file: string, width?: number) => `/images/${encodeURIComponent(file)}${width ? `?w=${width}` : ''}`,
  /** every width the server keeps of a photo, as an image's `srcset` */
  imageSrcSet: (file: string) => srcSetOf(paths.image(file)),
  /** the shop's logo, as uploaded (never cropped) */
  logo: (file: string, width?: number) =>
    `/images/logo/${encodeURIComponent(file)}${width ? `?w=${width}` : ''}`,
  reviewImage: (file: string, width?: number) =>
    `/reviewimages/${encodeURIComponent(file)}${width ? `?w=${width}` : ''}`,
};

/** Each policy page's address (the contact page's is /contact). */
export const policyPaths: Record<PolicyPage, string> = {
  terms: paths.terms(),
  privacy: paths.privacy(),
  payment: paths.payment(),
  cancellation: paths.cancellation(),
  shipping: paths.shipping(),
  contact: paths.contact(),
};

/**
 * The web app's pages as route patterns (React Router's syntax): the router's routes, and the addresses
 * the server answers 200 for; any other address is the shop's not-found page with a 404.
 */
export const pageRoutes = {
  home: paths.home(),
  listing: '/item/:userSegment/:genre/:filters?',
  accessories: '/accessories/:filters?',
  product: '/product/:prod/:productId',
  search: '/search',
  ...policyPaths,
  specContact: paths.specContact(),
  error: paths.error(),
  comingSoon: paths.comingSoon(),
  noResponse: paths.noResponse(),
  wishlist: paths.wishlist(),
  checkout: paths.checkout(),
  login: paths.login(),
  signUp: paths.signUp(),
  profile: paths.profile(),
  orders: paths.orders(),
  codConfirm: '/orders/:orderId/confirm',
  review: '/review/:prodId',
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern as a regular expression matching as the router does: any case, an optional final slash. */
function patternRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    });
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const pageRegExps = Object.values(pageRoutes).map(patternRegExp);

/** Whether the web app has a page at this path (no query). */
export const isPagePath = (pathname: string): boolean => pageRegExps.some((re) => re.test(pathname));

/** The API's paths, mirrored from the spec's list of calls. */
export const apiPaths = {
  check: () => '/api/check',
  home: () => '/home',
  /** the home page's slides and tiles (contract/shop-window.ts) */
  shopWindow: () => '/api/shop-window',
  terms: () => '/api/terms',
  shop: () => '/api/shop',
  policy: (page: string) => `/api/policies/${encodeURIComponent(page)}`,
  listing: (userSegment: string, genre: string, filters: SelectedFilters) =>
    `/api/item/${encodeURIComponent(userSegment)}/${encodeURIComponent(genre)}/${encodeFilters(filters)}`,
  accessories: (filters: SelectedFilters) => `/api/item/accessories/${encodeFilters(filters)}`,
  search: (q: string, filters: SelectedFilters, page: number, sort: number) =>
    `/api/search?${searchQuery(q, filters, page, sort)}`,
  suggest: (q: string) => `/api/suggest?${new URLSearchParams({ q })}`,
  product: (prod: string, productId: number | string) =>
    `/product/ind/${encodeURIComponent(prod)}/${encodeURIComponent(String(productId))}`,
  /** public rows of product cards: these ids' cards, a product's similar ones, the home page's rows */
  productCards: (ids: readonly number[]) => `/api/products?${new URLSearchParams({ ids: ids.join(',') })}`,
  similar: (productId: number) => `/api/products/${productId}/similar`,
  highlights: () => '/api/products/highlights',
  modifyProd: (prod: string) => `/api/${encodeURIComponent(prod)}/modifyProd`,
  otpSend: () => '/api/otp/send',
  otpVerify: () => '/api/otp/verify',
  signUp: () => '/api/signUp',
  login: () => '/api/login',
  loginCheck: () => '/loginCheck',
  profile: () => '/api/profile',
  editProfile: () => '/editProfile',
  /** a logged-in shopper's passkeys (docs/decisions/053) */
  passkeys: () => '/api/passkeys',
  passkeyOptions: () => '/api/passkeys/options',
  passkey: (passkeyId: string) => `/api/passkeys/${encodeURIComponent(passkeyId)}`,
  sessionPasskeyOptions: () => '/api/session/passkey/options',
  sessionPasskey: () => '/api/session/passkey',
  signOut: () => '/api/userSignout',
  pincheck: () => '/api/pincheck',
  deliveryEstimate: (pincode: string, productId: number) =>
    `/api/delivery-estimate?pincode=${encodeURIComponent(pincode)}&productId=${productId}`,
  pincode: (pincode: string) => `/api/pincodes/${encodeURIComponent(pincode)}`,
  /** the product page's actions (key=addCart, key=wishUpdate) */
  productAction: (prod: string, productId: number | string) =>
    `/product/${encodeURIComponent(prod)}/${encodeURIComponent(String(productId))}`,
  /** the listing heart (key=wishUpdate) */
  listingWish: (productId: number | string) => `/product/${encodeURIComponent(String(productId))}`,
  wishlist: () => '/api/wishlistPage',
  /** "Notify me" on a sold-out size: GET the sizes waited for, POST and DELETE `{size}` */
  notifyMe: (productId: number | string) => `/api/products/${encodeURIComponent(String(productId))}/notify`,
  removeWish: (prod: string, productId: number | string) =>
    `/api/wishlistPage/${encodeURIComponent(prod)}/${encodeURIComponent(String(productId))}`,
  purchasePage: () => '/api/purchasePage',
  deleteItem: (prod: string) => `/api/${encodeURIComponent(prod)}/purchasePage`,
  /** the coupons for the bag */
  coupons: () => '/api/coupons',
  /** POST `{code}` applies a coupon to the bag, DELETE takes it off */
  applyCoupon: () => '/api/coupons/apply',
  orders: () => '/api/orders',
  placedOrder: (paymentId: string) => `/api/orders/placed/${encodeURIComponent(paymentId)}`,
  cancel: () => '/cancel',
  return: () => '/return',
  /** POST `{size, reasonCode}`: exchange a delivered line for another size */
  exchange: (purchaseId: string) => `/api/orders/${encodeURIComponent(purchaseId)}/exchange`,
  rate: () => '/orders/rate',
  review: (prodId: number | string) => `/api/review/${encodeURIComponent(String(prodId))}`,
  upload: (prod: string, prodId: number | string) =>
    `/upload/${encodeURIComponent(prod)}/${encodeURIComponent(String(prodId))}`,
  /** cash on delivery (contract/cod.ts): the offer for the bag, placing, the code's check and a new code */
  codEligibility: (pincode: string) => `/api/cod/eligibility?${new URLSearchParams({ pincode })}`,
  codOrders: () => '/api/cod/orders',
  codConfirm: (orderId: number | string) => `/api/cod/orders/${encodeURIComponent(String(orderId))}/confirm`,
  codCode: (orderId: number | string) => `/api/cod/orders/${encodeURIComponent(String(orderId))}/code`,
  createOrder: () => '/create-order',
  verifyPayment: () => '/verify-payment',
  releasePayment: () => '/api/payments/release',
  /** the simulated checkout window's payment (development and tests only) */
  devPay: () => '/api/dev/pay',
};
