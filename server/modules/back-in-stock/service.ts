import {
  BACK_IN_STOCK_LIMIT_MESSAGE,
  type BackInStockResponse,
  MAX_OPEN_BACK_IN_STOCK_REQUESTS,
} from '../../../contract/back-in-stock.ts';
import type { Db } from '../../db/connect.ts';
import { parseProductId } from '../../platform/api-values.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { smsVariable } from '../../platform/sms/templates.ts';
import { Notifications } from '../notifications/service.ts';
import * as store from './store.ts';

/**
 * "Notify me" on a sold-out size (decision 036): a customer waits for a size, and the
 * transaction that brings it back in stock queues one SMS per request and marks it notified.
 */
export class BackInStock {
  constructor(private readonly db: Db) {}

  /** The sizes of the product the customer is waiting for. */
  async waiting(customerId: number, idText: string): Promise<BackInStockResponse> {
    const productId = await this.existing(this.db, idText);
    return { sizes: await store.openSizes(this.db, customerId, productId) };
  }

  /** Waits for a sold-out size; answers whether this asked anew (false: already waiting) and the sizes. */
  async request(customerId: number, idText: string, size: string) {
    return this.db.transaction().execute(async (trx) => {
      const productId = await this.existing(trx, idText);
      const sku = await store.lockedSize(trx, productId, size);
      if (!sku) throw badRequest(`This product has no size ${size}`);
      if (sku.available > 0) throw conflict(`Size ${size} is in stock: you can add it to your bag now`);
      const created = await store.insertRequest(trx, customerId, sku.id);
      // counted after the insert, so two requests at once cannot both slip under the limit unseen
      if (created && (await store.openCount(trx, customerId)) > MAX_OPEN_BACK_IN_STOCK_REQUESTS) {
        throw conflict(BACK_IN_STOCK_LIMIT_MESSAGE);
      }
      return { created, sizes: await store.openSizes(trx, customerId, productId) };
    });
  }

  /** Stops waiting for the size; fine when the customer was not waiting. */
  async cancel(customerId: number, idText: string, size: string): Promise<BackInStockResponse> {
    const productId = await this.existing(this.db, idText);
    await store.deleteOpen(this.db, customerId, productId, size);
    return { sizes: await store.openSizes(this.db, customerId, productId) };
  }

  /**
   * In the transaction that raised the stock of these products: each open request for a size that can be
   * sold now gets its SMS queued and is marked notified, together or not at all (Inventory's listener).
   */
  static async tellWaiting(trx: Db, productIds: number[]): Promise<void> {
    for (const request of await store.takeAnswered(trx, productIds)) {
      await Notifications.queue(trx, {
        kind: 'back_in_stock',
        customerId: request.customer_id,
        subject: request.id,
        variables: { product: smsVariable(request.name), size: request.size },
      });
    }
  }

  private async existing(db: Db, idText: string): Promise<number> {
    const id = parseProductId(idText);
    if (id === undefined || !(await store.productExists(db, id))) throw notFound(`No product "${idText}"`);
    return id;
  }
}
