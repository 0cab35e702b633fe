import { type Static, Type } from 'typebox';
import { Profile } from './accounts.ts';
import { Prod } from './catalogue.ts';
import { CodBreakdown } from './cod.ts';
import { BagCouponApplied } from './coupons.ts';

// the limits and their messages, for the server modules that import the schemas beside them
export * from './shopping-messages.ts';
export * from './shopping-rules.ts';

/** The logged-in shopper's delivery check, wishlist and bag. Prices in whole rupees. */

// POST /api/pincheck --------------------------------------------------------------------------------

/** 6 digits, the first 1-9; as text or as a JSON number. */
export const Pincode = Type.Union([
  Type.String({ pattern: '^[1-9][0-9]{5}$' }),
  Type.Integer({ minimum: 100_000, maximum: 999_999 }),
]);

export const PincheckBody = Type.Object(
  { pincode: Pincode, partner: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type PincheckBody = Static<typeof PincheckBody>;
/** true: the partner serves the pincode; false: it does not, or no such pincode exists */
export const PincheckResponse = Type.Boolean();

// GET /api/pincodes/{pincode} (public) ---------------------------------------------------------------

export const PincodeParams = Type.Object({ pincode: Type.String({ pattern: '^[1-9][0-9]{5}$' }) });
export type PincodeParams = Static<typeof PincodeParams>;
/** where a pincode is, as haat's pincode table has it (the district as the city); 404 for an unknown one */
export const PincodePlace = Type.Object({
  pincode: Type.String(),
  city: Type.String(),
  state: Type.String(),
});
export type PincodePlace = Static<typeof PincodePlace>;

// Shared by the product page's calls ----------------------------------------------------------------

export const ProductActionParams = Type.Object({ prod: Type.String(), productID: Type.String() });
export type ProductActionParams = Static<typeof ProductActionParams>;
/** the listing heart's POST /product/{productID} */
export const ListingWishParams = Type.Object({ productID: Type.String() });
export type ListingWishParams = Static<typeof ListingWishParams>;

/** the product's id (also in the path), as a number or its digits */
const ProdId = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]);
/** a size of the product; '' (or absent) for accessories */
const Size = Type.String({ maxLength: 40 });

// POST /product/{prod}/{productID} and /product/{productID}, header key=wishUpdate ------------------

export const WishUpdateBody = Type.Object(
  { prodID: ProdId, size: Type.Optional(Size), wished: Type.Boolean() },
  { additionalProperties: false },
);
export type WishUpdateBody = Static<typeof WishUpdateBody>;
/** whether the product is in the wishlist now */
export const WishUpdateResponse = Type.Boolean();

// GET /api/wishlistPage ------------------------------------------------------------------------------

export const WishlistItem = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  photo1: Type.String(),
  prod: Prod,
  size: Type.String(),
  /** the price now, and the price when it was wished: lower now is "Price dropped" */
  currentPrice: Type.Integer(),
  wishedPrice: Type.Integer(),
});
export type WishlistItem = Static<typeof WishlistItem>;
/** newest first */
export const WishlistResponse = Type.Object({ prods: Type.Array(WishlistItem) });
export type WishlistResponse = Static<typeof WishlistResponse>;

// POST /api/wishlistPage/{prod}/{productId}, header key=removeWish -----------------------------------

export const RemoveWishParams = Type.Object({ prod: Type.String(), productId: Type.String() });
export type RemoveWishParams = Static<typeof RemoveWishParams>;
export const RemoveWishBody = Type.Object({ size: Type.Optional(Size) }, { additionalProperties: false });
export type RemoveWishBody = Static<typeof RemoveWishBody>;
/** always false: the product is not in the wishlist now */
export const RemoveWishResponse = Type.Literal(false);

// POST /product/{prod}/{productID}, header key=addCart ----------------------------------------------

export const AddCartBody = Type.Object(
  { prodID: ProdId, size: Type.Optional(Size), addCart: Type.Enum([0, 1]) },
  { additionalProperties: false },
);
export type AddCartBody = Static<typeof AddCartBody>;
/** units of this product and size now in the bag */
export const AddCartResponse = Type.Object({ cartInd: Type.Integer() });
export type AddCartResponse = Static<typeof AddCartResponse>;

// GET /api/purchasePage -----------------------------------------------------------------------------

export const BagLine = Type.Object({
  /** the product's id */
  id: Type.Integer(),
  /** this line's id: the cartId of key=deleteItem (orderId is the same) */
  orderID: Type.Integer(),
  orderId: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  photo: Type.String(),
  color: Type.String(),
  size: Type.String(),
  spec: Type.Object({ color: Type.String(), size: Type.String() }),
  fabric: Type.String(),
  quantity: Type.Integer(),
  order: Type.Integer(),
  currentPrice: Type.Integer(),
  oldPrice: Type.Integer(),
  price: Type.Object({ currentPrice: Type.Integer(), oldPrice: Type.Integer() }),
  discount: Type.Integer(),
  /** available units of this size now */
  stock: Type.Integer(),
  prod: Prod,
  /** the product's delivery partner, as POST /api/pincheck names it */
  partner: Type.String(),
});
export type BagLine = Static<typeof BagLine>;

/** the shopper's profile and address, as GET /api/profile answers them (but the gender and SMS choice); '' for what is unset */
export const UserInfo = Type.Omit(Profile, ['gender', 'smsUpdates']);
export type UserInfo = Static<typeof UserInfo>;

/** the price breakdown the spec's business constants define, computed once on the server */
export const PriceDetails = Type.Object({
  /** sum of old price x quantity */
  totalPrice: Type.Integer(),
  /** sum of (current - old) x quantity: negative or 0 */
  discount: Type.Integer(),
  /** 0 when totalPrice + discount is above freeDeliveryAbove (or the bag is empty), else the charge */
  deliveryCharge: Type.Integer(),
  amountToPay: Type.Integer(),
  freeDeliveryAbove: Type.Integer(),
});
export type PriceDetails = Static<typeof PriceDetails>;

/** a visitor's bag page has no shopper yet (decision 022) */
export const NoUserInfo = Type.Object({}, { additionalProperties: false });

/**
 * lines oldest first; `priceDetails.amountToPay` is after the applied coupon, and `breakdown` shows it
 * as its own line (`coupon` null without one, or when the applied code no longer fits the bag)
 */
export const PurchasePageResponse = Type.Object({
  prods: Type.Array(BagLine),
  userInfo: Type.Union([UserInfo, NoUserInfo]),
  priceDetails: PriceDetails,
  coupon: BagCouponApplied,
  /** `codFee` 0: the bag page shows the online price (cash on delivery adds its fee at checkout) */
  breakdown: CodBreakdown,
  /** the sentence /create-order would refuse this bag with (above ORDER_MAX_UNITS or ORDER_MAX_RUPEES), else null */
  orderLimit: Type.Union([Type.String(), Type.Null()]),
});
export type PurchasePageResponse = Static<typeof PurchasePageResponse>;

// POST /api/{prod}/purchasePage, header key=deleteItem -----------------------------------------------

export const DeleteItemParams = Type.Object({ prod: Type.String() });
export type DeleteItemParams = Static<typeof DeleteItemParams>;
export const DeleteItemBody = Type.Object(
  {
    cartId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]),
    /** sent by the web app; the line id alone decides */
    size: Type.Optional(Size),
  },
  { additionalProperties: false },
);
export type DeleteItemBody = Static<typeof DeleteItemBody>;
/** units left on that line (0: the line is gone) */
export const DeleteItemResponse = Type.Object({ quantity: Type.Integer() });
export type DeleteItemResponse = Static<typeof DeleteItemResponse>;
