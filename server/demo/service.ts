import { DEMO_HAS_ORDERS, type DemoRemoved } from '../../contract/demo.ts';
import type { Db } from '../db/connect.ts';
import { dropEmptyDemoPairs } from '../modules/categories/service.ts';
import { recordAudit } from '../platform/audit.ts';
import type { ChangeFeed } from '../platform/changes.ts';
import { conflict } from '../platform/errors.ts';
import { removeDemoDrawings, removeImages } from '../platform/images/service.ts';
import * as store from './store.ts';

/** The audit log's action of a removal; a shop whose demo was removed is never filled with it again. */
export const DEMO_REMOVED = 'demo.remove';

export const PAYMENT_BEING_PLACED =
  'A shopper has just paid and the order is being placed: the demo can no longer be removed';

type OwnProduct = NonNullable<Awaited<ReturnType<typeof store.ownProductOnDemoOwners>>>;

/** Which of the owner's products to change first, in words. */
function onDemoOwner(product: OwnProduct): string {
  const what = product.demoSeller
    ? `is sold by the demo seller "${product.seller}": give it one of your own sellers`
    : `is delivered by the demo partner "${product.partner}": give it one of your own delivery partners`;
  const others = Number(product.total) - 1;
  const more = others > 0 ? ` (and ${others} more of your products use the demo's sellers or partners)` : '';
  return `Your product "${product.name}" ${what} first, then remove the demo${more}`;
}

/**
 * The demo catalogue a shop was started with (seed.ts): removed in one action by the owner, exactly
 * its rows (marked `demo`) and what cannot outlive them, never the shop's own; refused once the shop
 * has orders.
 */
export class DemoShop {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly dataDir: string,
  ) {}

  async remove(actor: string): Promise<DemoRemoved> {
    const { removed, productPhotos, reviewPhotos } = await this.db.transaction().execute(async (trx) => {
      await store.lockOrders(trx);
      if (await store.hasOrders(trx)) throw conflict(DEMO_HAS_ORDERS);
      if (await store.hasPaymentsBeingPlaced(trx)) throw conflict(PAYMENT_BEING_PLACED);
      await store.lockDemoOwners(trx);
      const own = await store.ownProductOnDemoOwners(trx);
      if (own) throw conflict(onDemoOwner(own));

      // the demo's slides and tiles name its products and photos: they go first
      await store.deleteWindow(trx);
      const reviews = await store.deleteReviews(trx);
      const products = await store.deleteProducts(trx);
      const named = new Set(products.flat());
      const kept = await store.photosInUse(trx, [...named]);
      const productPhotos = new Set([...named].filter((photo) => !kept.has(photo)));
      const reviewPhotos = new Set(reviews.filter((photo) => photo !== null));
      const removed = {
        products: products.length,
        sellers: await store.deleteSellers(trx),
        partners: await store.deletePartners(trx),
        customers: await store.deleteCustomers(trx),
        reviews: reviews.length,
        photos: productPhotos.size + reviewPhotos.size,
      };
      await store.pruneSearchWords(trx);
      await dropEmptyDemoPairs(trx);
      if (Object.values(removed).some((count) => count > 0)) {
        await recordAudit(trx, { actor, action: DEMO_REMOVED, subject: 'demo', details: removed });
      }
      return { removed, productPhotos, reviewPhotos };
    });
    // listings, search, the home list and product pages of every instance drop the demo at once
    if (removed.products + removed.reviews > 0) this.changes.announce({ everything: true });
    await removeImages(this.dataDir, 'images', productPhotos);
    await removeImages(this.dataDir, 'reviewimages', reviewPhotos);
    await removeDemoDrawings(this.dataDir);
    return { removed };
  }
}
