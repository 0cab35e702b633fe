import { randomUUID } from 'node:crypto';
import { ADMIN_PAGE_SIZE, type AdminReview, type AdminReviewsResponse } from '../../../contract/admin.ts';
import type { FitAnswer } from '../../../contract/fit-returns-constants.ts';
import { RATE_FIRST_MESSAGE, type RateBody } from '../../../contract/orders.ts';
import type { PostReviewBody, ReviewPageResponse } from '../../../contract/reviews.ts';
import type { Db } from '../../db/connect.ts';
import { parseProductId } from '../../platform/api-values.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { removeReviewImage, storeReviewImage } from '../../platform/images/service.ts';
import type { Limit, RateLimits } from '../../platform/rate-limit.ts';
import type { Catalogue } from '../catalogue/service.ts';
import { purchaseOf } from '../orders/service.ts';
import * as store from './store.ts';

export const NOT_DELIVERED_MESSAGE = 'You can rate a product once it has been delivered';

/** Every photo sent counts, kept or refused: decoding it costs the same either way. */
export const UPLOAD_LIMIT: Limit = {
  bucket: 'review-upload:customer',
  max: 20,
  windowMs: 60 * 60 * 1000,
  message: 'Too many photos uploaded; please try again in a while',
};

function toAdminReview(row: store.ListedReview): AdminReview {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    customerName: `${row.fname} ${row.lname}`.trim(),
    rating: row.rating,
    text: row.body,
    photo: row.photo && `/reviewimages/${encodeURIComponent(row.photo)}`,
    hidden: row.hidden,
    createdAt: row.created_at.toISOString(),
  };
}

export const FIT_APPAREL_ONLY = 'Only clothes have a fit: leave fit out for this product';

/** The fit said of the product (the schema checked its value): clothes only. */
function fitOf(product: { prod: string }, fit: FitAnswer | undefined): FitAnswer | undefined {
  if (fit !== undefined && product.prod !== 'apparel') throw badRequest(FIT_APPAREL_ONLY);
  return fit;
}

/** 1 to 5 stars, as a JSON number; anything else asks the shopper to rate first. */
function starsOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) {
    throw badRequest(RATE_FIRST_MESSAGE);
  }
  return value;
}

/**
 * A photo the shopper uploaded of the product, taken off their review for a return to keep (decision
 * 046): false, nothing changed, unless it is their review's photo.
 */
export function takeReviewPhoto(
  db: Db,
  customerId: number,
  productId: number,
  photo: string,
): Promise<boolean> {
  return store.takePhoto(db, customerId, productId, photo);
}

/**
 * Ratings, reviews and review photos: one review per shopper and product, whose rating, text and
 * photo may come in any order. Every change shows on the product page at once.
 */
export class Reviews {
  constructor(
    private readonly db: Db,
    private readonly catalogue: Catalogue,
    private readonly dataDir: string,
    private readonly limits: RateLimits,
  ) {}

  async page(customerId: number, idText: string): Promise<ReviewPageResponse> {
    const product = await this.product(idText);
    const own = await store.ownReview(this.db, customerId, product.id);
    return {
      name: product.name,
      prod: product.prod,
      photo1: product.photo1,
      rating: own?.rating ?? null,
      review: own?.body ?? '',
      reviewDP1: own?.photo ?? null,
      fit: own?.fit ?? null,
    };
  }

  /** From the orders screen: only a product the shopper has received may be rated. */
  async rate(customerId: number, body: RateBody): Promise<void> {
    const rating = starsOf(body.rating);
    const productId = parseProductId(String(body.productId));
    const purchase = productId === undefined ? 'none' : await purchaseOf(this.db, customerId, productId);
    if (productId === undefined || purchase === 'none') {
      throw notFound(`You have no order of product ${body.productId}`);
    }
    const fit = fitOf(await this.product(String(productId), body.prod), body.fit);
    if (purchase !== 'received') throw conflict(NOT_DELIVERED_MESSAGE);
    await store.saveReview(this.db, {
      customerId,
      productId,
      rating,
      body: body.review?.trim(),
      fit,
      verified: true,
    });
    await this.changed(productId, fit);
  }

  /** From the review page or the product page: any shopper may review; a buyer's is verified. */
  async post(customerId: number, idText: string, body: PostReviewBody): Promise<void> {
    const rating = starsOf(body.userRating);
    const product = await this.product(idText, body.prod);
    const fit = fitOf(product, body.fit);
    const productId = product.id;
    await store.saveReview(this.db, {
      customerId,
      productId,
      rating,
      body: body.userReview?.trim() ?? '',
      fit,
      verified: await this.verified(customerId, productId),
    });
    await this.changed(productId, fit);
  }

  /** Its page is read afresh; its colours' too when a fit was said, as their fit split counts it. */
  private async changed(productId: number, fit: FitAnswer | undefined): Promise<void> {
    if (fit === undefined) this.catalogue.productChanged(productId);
    else await this.catalogue.fitChanged(productId);
  }

  /** Stores the photo (415 unless it is one) and makes it the review's; answers its file name. */
  async upload(customerId: number, prod: string, idText: string, photo: Buffer): Promise<string> {
    await this.limits.take([{ limit: UPLOAD_LIMIT, subject: String(customerId) }]);
    const { id: productId } = await this.product(idText, prod);
    // a new name for every upload: a replaced photo's cached copies never stand in for the new one
    const file = `rv-${productId}-${randomUUID()}.webp`;
    await storeReviewImage(this.dataDir, file, photo);
    await this.keepPhoto(customerId, productId, file);
    this.catalogue.productChanged(productId);
    return file;
  }

  /** The back office's list: newest first, a page at a time. */
  async latest(before: number | undefined): Promise<AdminReviewsResponse> {
    const rows = await store.latestReviews(this.db, { before, limit: ADMIN_PAGE_SIZE });
    return {
      reviews: rows.map(toAdminReview),
      next: rows.length === ADMIN_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
    };
  }

  /**
   * The back office hides a review from the product page and its rating, its photo no longer served
   * (`hiddenPhoto`), or shows it again; recorded with who did it.
   */
  async setHidden(id: number, hidden: boolean, actor: string): Promise<AdminReview> {
    const review = await this.db.transaction().execute(async (trx) => {
      await store.setHidden(trx, id, hidden);
      const changed = await store.listedReview(trx, id);
      if (!changed) throw notFound(`No review ${id}`);
      await recordAudit(trx, {
        actor,
        action: hidden ? 'review.hide' : 'review.show',
        subject: `review:${id}`,
        details: { productId: changed.product_id },
      });
      return changed;
    });
    // a hidden review's fit no longer counts on the product's colours either
    await this.catalogue.fitChanged(review.product_id);
    return toAdminReview(review);
  }

  /** Whether a review photo is hidden from shoppers: its URL answers 404 then. */
  async hiddenPhoto(file: string): Promise<boolean> {
    return store.isHiddenPhoto(this.db, file);
  }

  /** Makes the stored photo the review's and deletes the one it replaces; a photo not kept is deleted. */
  private async keepPhoto(customerId: number, productId: number, file: string): Promise<void> {
    const verified = await this.verified(customerId, productId);
    let replaced: string | null;
    try {
      replaced = await store.savePhoto(this.db, { customerId, productId, photo: file, verified });
    } catch (error) {
      await removeReviewImage(this.dataDir, file);
      throw error;
    }
    if (replaced) await removeReviewImage(this.dataDir, replaced);
  }

  /** The product of a path's id (digits only), in the given category if one is named: 404 otherwise. */
  private async product(idText: string, prod?: string) {
    const id = parseProductId(idText);
    const product = id === undefined ? undefined : await store.findProduct(this.db, id);
    if (!product || (prod !== undefined && prod !== product.prod)) {
      throw notFound(`No product "${idText.slice(0, 20)}"${prod ? ` among ${prod.slice(0, 40)}` : ''}`);
    }
    return product;
  }

  private async verified(customerId: number, productId: number): Promise<boolean> {
    return (await purchaseOf(this.db, customerId, productId)) === 'received';
  }
}
