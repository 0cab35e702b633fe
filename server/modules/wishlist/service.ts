import type { WishlistResponse } from '../../../contract/shopping.ts';
import type { Db } from '../../db/connect.ts';
import { parseProductId, rupees } from '../../platform/api-values.ts';
import type { BagOwner } from '../../platform/bag-owner.ts';
import { notFound } from '../../platform/errors.ts';
import { chooseSize, type ProductChoice } from '../bag/service.ts';
import type { LiveSales } from '../offers/sale-price.ts';
import type { Sales } from '../offers/sales.ts';
import * as store from './store.ts';

/**
 * The shopper's wishlist, a customer's or a visitor's: one wish per product, with the size wished
 * (apparel) or '', and the price it was wished at; prices are the live sales' (offers/), so a sale
 * shows as "Price dropped".
 */
export class Wishlist {
  constructor(
    private readonly db: Db,
    private readonly sales: Pick<Sales, 'current'>,
  ) {}

  /** Puts the product in the wishlist or takes it out; answers whether it is in it now. */
  async update(owner: BagOwner, choice: ProductChoice, wished: boolean): Promise<boolean> {
    if (!wished) {
      if (String(choice.prodID) !== choice.productID) throw notFound(`No product "${choice.prodID}" here`);
      await this.remove(owner, choice.prod, choice.productID);
      return false;
    }
    const { productId, size } = await chooseSize(this.db, choice);
    const product = await store.productPrice(this.db, productId);
    const wishedPricePaise = product ? salePrice(product, this.sales.current()) : 0;
    await store.putWish(this.db, owner, productId, size, wishedPricePaise);
    return true;
  }

  /** Taking out what is not in the wishlist is fine; an unknown product is a 404. */
  async remove(owner: BagOwner, prod: string | undefined, idText: string): Promise<void> {
    const id = parseProductId(idText);
    const actual = id === undefined ? undefined : await store.productProd(this.db, id);
    if (id === undefined || !actual || (prod && prod !== actual)) {
      throw notFound(`No product "${idText}"${prod ? ` among ${prod}` : ''}`);
    }
    await store.removeWish(this.db, owner, id);
  }

  /** The wishlist page; no owner yet is an empty wishlist. */
  async list(owner: BagOwner | undefined): Promise<WishlistResponse> {
    const rows = owner ? await store.wishes(this.db, owner) : [];
    const live = this.sales.current();
    return {
      prods: rows.map((row) => ({
        productId: row.productId,
        name: row.name,
        photo1: row.photo1,
        prod: row.prod,
        size: row.size,
        currentPrice: rupees(salePrice(row, live)),
        wishedPrice: rupees(row.wished_price_paise),
      })),
    };
  }

  /** At login, inside the caller's transaction: the visitor's wishes join the account's (a union). */
  async adoptGuestWishes(trx: Db, sessionId: string, customerId: number): Promise<void> {
    await store.adoptWishes(trx, sessionId, customerId);
  }
}

/** The product's price now, in paise: its own, or its best live sale's. */
const salePrice = (row: store.PricedProduct, live: LiveSales) =>
  live.priceOf({ ...row, id: row.productId }).pricePaise;
