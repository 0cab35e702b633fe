import { type Static, Type } from 'typebox';
import { FitAnswerSchema, Prod } from './catalogue.ts';

export * from './after-sale-constants.ts';

/** The review page, the product page's review modal and review photos. Login required. */

export const ReviewParams = Type.Object({ prodId: Type.String() });
export type ReviewParams = Static<typeof ReviewParams>;

// GET /api/review/{prodId} ----------------------------------------------------------------------------

/** the product, and the shopper's own review of it so far (rating null, review '' and photo null when none) */
export const ReviewPageResponse = Type.Object({
  name: Type.String(),
  prod: Prod,
  rating: Type.Union([Type.Integer(), Type.Null()]),
  photo1: Type.String(),
  review: Type.String(),
  reviewDP1: Type.Union([Type.String(), Type.Null()]),
  /** ours: the fit the shopper said, null when none */
  fit: Type.Union([FitAnswerSchema, Type.Null()]),
});
export type ReviewPageResponse = Static<typeof ReviewPageResponse>;

// POST /api/review/{prodId} ---------------------------------------------------------------------------

/**
 * Any logged-in shopper may review; one review per shopper and product (a new one replaces the old,
 * keeping a photo uploaded before). `userRating` must be 1-5 (400 RATE_FIRST_MESSAGE of contract/orders.ts
 * otherwise). A shopper who received the product is marked as a verified purchase. 404 for an unknown product.
 * `fit` (ours), apparel only (400 for an accessory): how it fits; left out, the fit said before stays.
 */
export const PostReviewBody = Type.Object(
  {
    userReview: Type.Optional(Type.String({ maxLength: 2000 })),
    userRating: Type.Optional(Type.Unknown()),
    prod: Type.Optional(Type.String({ maxLength: 40 })),
    fit: Type.Optional(FitAnswerSchema),
  },
  { additionalProperties: false },
);
export type PostReviewBody = Static<typeof PostReviewBody>;
export const PostReviewResponse = Type.Object({});

// POST /upload/{prod}/{prodId} (multipart, field `file`) -----------------------------------------------

/**
 * The photo of the shopper's review of the product, checked by its content (JPEG, PNG, WebP, GIF, AVIF,
 * HEIF), re-encoded to WebP without metadata, at most UPLOAD_LIMIT_BYTES: 415 for anything that is not
 * a whole image, 413 when larger, 400 without a `file` field. Kept with the review (created without a
 * rating when the photo comes first) and shown as reviewDP1 from /reviewimages/{file}.
 */
export const UploadParams = Type.Object({ prod: Type.String(), prodId: Type.String() });
export type UploadParams = Static<typeof UploadParams>;
export const UploadResponse = Type.Object({ file: Type.String() });
export type UploadResponse = Static<typeof UploadResponse>;
