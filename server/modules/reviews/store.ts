import { sql } from 'kysely';
import type { FitAnswer } from '../../../contract/fit-returns-constants.ts';
import type { Db } from '../../db/connect.ts';

export async function findProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'prod', sql<string>`coalesce(products.photos[1], '')`.as('photo1')])
    .where('id', '=', productId)
    .executeTakeFirst();
}

export async function ownReview(db: Db, customerId: number, productId: number) {
  return db
    .selectFrom('reviews')
    .select(['rating', 'body', 'photo', 'fit'])
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export interface ReviewChange {
  customerId: number;
  productId: number;
  verified: boolean;
}

/**
 * The shopper's one review of the product, made or replaced: the rating, and the text and fit unless
 * they are left out (a rating from the orders screen keeps the text). A photo uploaded before stays.
 */
export async function saveReview(
  db: Db,
  change: ReviewChange & { rating: number; body: string | undefined; fit: FitAnswer | undefined },
): Promise<void> {
  const { customerId, productId, rating, body, fit, verified } = change;
  await db
    .insertInto('reviews')
    .values({
      customer_id: customerId,
      product_id: productId,
      rating,
      body: body ?? '',
      photo: null,
      verified_purchase: verified,
      fit: fit ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['customer_id', 'product_id']).doUpdateSet({
        rating,
        ...(body !== undefined && { body }),
        ...(fit !== undefined && { fit }),
        verified_purchase: verified,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * Sets the photo of the shopper's review, which is made without a rating when the photo comes first.
 * Answers the photo it replaced, if any, for the caller to delete.
 */
export async function savePhoto(db: Db, change: ReviewChange & { photo: string }): Promise<string | null> {
  const { customerId, productId, photo, verified } = change;
  return db.transaction().execute(async (trx) => {
    // two uploads to one review take turns, so each learns of the photo the other left behind
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`review-photo:${customerId}:${productId}`}))`.execute(
      trx,
    );
    const before = await ownReview(trx, customerId, productId);
    await trx
      .insertInto('reviews')
      .values({
        customer_id: customerId,
        product_id: productId,
        rating: null,
        photo,
        verified_purchase: verified,
      })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'product_id'])
          .doUpdateSet({ photo, verified_purchase: verified, updated_at: sql`now()` }),
      )
      .execute();
    return before?.photo ?? null;
  });
}

// The back office ------------------------------------------------------------------------------------

function listed(db: Db) {
  return db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .innerJoin('customers', 'customers.id', 'reviews.customer_id')
    .select([
      'reviews.id',
      'reviews.product_id',
      'products.name as product_name',
      'customers.fname',
      'customers.lname',
      'reviews.rating',
      'reviews.body',
      'reviews.photo',
      'reviews.hidden',
      'reviews.created_at',
    ]);
}

export type ListedReview = NonNullable<Awaited<ReturnType<typeof listedReview>>>;

export async function listedReview(db: Db, id: number) {
  return listed(db).where('reviews.id', '=', id).executeTakeFirst();
}

/** Newest first, and after a review (by its id) when asked. */
export async function latestReviews(db: Db, query: { before?: number; limit: number }) {
  let page = listed(db)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(query.limit);
  if (query.before !== undefined) {
    page = page.where(
      sql<boolean>`(reviews.created_at, reviews.id) < (SELECT created_at, id FROM reviews WHERE id = ${query.before})`,
    );
  }
  return page.execute();
}

export async function setHidden(db: Db, id: number, hidden: boolean): Promise<void> {
  await db.updateTable('reviews').set({ hidden }).where('id', '=', id).execute();
}

/** Whether the photo is a hidden review's (a small partial index answers it). */
export async function isHiddenPhoto(db: Db, file: string): Promise<boolean> {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('photo', '=', file)
    .where('hidden', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the shopper's uploaded photo of the product off their review, for a return to keep (decision 046):
 * answers false, changing nothing, unless it is their review's photo.
 */
export async function takePhoto(
  db: Db,
  customerId: number,
  productId: number,
  photo: string,
): Promise<boolean> {
  const rows = await db
    .updateTable('reviews')
    .set({ photo: null, updated_at: sql`now()` })
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .where('photo', '=', photo)
    .returning('id')
    .execute();
  return rows.length > 0;
}
