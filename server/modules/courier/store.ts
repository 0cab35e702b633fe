import type { Db } from '../../db/connect.ts';

/**
 * What a product's delivery date depends on: its partner and the partner's promise, its seller's pickup
 * pincode and handover days.
 */
export function productShipping(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select([
      'delivery_partners.code as partner',
      'delivery_partners.min_days',
      'delivery_partners.max_days',
      'sellers.pincode',
      'sellers.handover_days',
    ])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}
