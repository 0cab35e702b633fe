import type { AddCartResponse, BagLine, PurchasePageResponse, UserInfo } from '../../../contract/shopping.ts';
import {
  MAX_UNITS_MESSAGE,
  type OrderLimits,
  orderLimitRefusal,
  SELECT_SIZE_MESSAGE,
  STOCK_LIMIT_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../../../contract/shopping-messages.ts';
import { MAX_UNITS_PER_PRODUCT } from '../../../contract/shopping-rules.ts';
import type { Db } from '../../db/connect.ts';
import { parseProductId, rupees } from '../../platform/api-values.ts';
import type { BagOwner } from '../../platform/bag-owner.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Inventory } from '../inventory/service.ts';
import type { BagOffer, CouponLine, Coupons } from '../offers/coupons.ts';
import { discountOf, type LiveSales } from '../offers/sale-price.ts';
import type { Sales } from '../offers/sales.ts';
import type { DeliveryTerms, Shop } from '../shop/service.ts';
import { bagChange, type GuestLine, mergedQuantity } from './bag-changes.ts';
import { priceBreakdown } from './pricing.ts';
import * as store from './store.ts';

const MAX_LINE_ID = 2_147_483_647;

/** What a product page's call names: the path's prod and id, the body's id and size. */
export interface ProductChoice {
  /** the path's prod; absent on the listing heart's path */
  prod?: string;
  productID: string;
  prodID: number | string;
  size?: string | undefined;
}

export interface ChosenSize {
  productId: number;
  active: boolean;
  skuId: number;
  size: string;
}

/**
 * The product and size a bag or wishlist call means. Unknown product, or path and body naming
 * different ones: 404. Apparel needs one of its sizes; accessories and one-size genres have one size ('').
 */
export async function chooseSize(db: Db, choice: ProductChoice): Promise<ChosenSize> {
  const id = parseProductId(choice.productID);
  const product = id === undefined ? undefined : await store.productWithSizes(db, id);
  if (
    !product ||
    String(choice.prodID) !== choice.productID ||
    (choice.prod && choice.prod !== product.prod)
  ) {
    throw notFound(`No product "${choice.productID}"${choice.prod ? ` among ${choice.prod}` : ''}`);
  }
  const size = choice.size ?? '';
  const sku = product.skus.find((s) => s.size === size);
  // a one-size genre's product, as an accessory, has the one size ''; other apparel needs a size chosen
  if (product.prod === 'apparel' && size === '' && !sku) throw badRequest(SELECT_SIZE_MESSAGE);
  if (!sku) throw badRequest(`Product ${product.id} has no size "${size}"`);
  return { productId: product.id, active: product.active, skuId: sku.id, size };
}

/**
 * The shopper's bag, a customer's or a visitor's (decision 022); every change runs in one transaction
 * holding the owner's row lock.
 */
export class Bag {
  constructor(
    private readonly db: Db,
    private readonly inventory: Inventory,
    /** the delivery charge and free-delivery threshold the owner set */
    private readonly shop: Shop,
    /** the live sales, whose prices the bag's lines are */
    private readonly sales: Pick<Sales, 'current'>,
    /** the code applied to the bag, which the breakdown shows */
    private readonly coupons: Coupons,
    /** what one checkout may hold: the bag page says so before create-order refuses */
    private readonly orderLimits: OrderLimits,
  ) {}

  /**
   * addCart 1: one more unit of the size, within MAX_UNITS_PER_PRODUCT and the size's stock; 0: drops the
   * size's line.
   */
  async change(owner: BagOwner, choice: ProductChoice, addCart: 0 | 1): Promise<AddCartResponse> {
    const chosen = await chooseSize(this.db, choice);
    return this.db.transaction().execute(async (trx) => {
      await store.lockOwner(trx, owner);
      if (addCart === 0) {
        await store.deleteLine(trx, owner, chosen.skuId);
        return { cartInd: 0 };
      }
      if (!chosen.active) throw conflict(UNAVAILABLE_MESSAGE);
      if ((await store.productUnits(trx, owner, chosen.productId)) >= MAX_UNITS_PER_PRODUCT) {
        throw conflict(MAX_UNITS_MESSAGE);
      }
      const quantity = (await store.lineQuantity(trx, owner, chosen.skuId)) + 1;
      if (quantity > (await this.inventory.available(trx, chosen.skuId))) {
        throw conflict(STOCK_LIMIT_MESSAGE);
      }
      await store.setLine(trx, owner, chosen.skuId, quantity);
      return { cartInd: quantity };
    });
  }

  /** One unit off one of the shopper's lines (the line goes at zero); another's line is a 404. */
  async takeOne(owner: BagOwner, prod: string, lineId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await store.lockOwner(trx, owner);
      // line ids are 32-bit in the database: a larger one names no line
      const line = lineId <= MAX_LINE_ID ? await store.ownLine(trx, owner, lineId) : undefined;
      if (!line || line.prod !== prod) throw notFound(`No cart line ${lineId}`);
      const quantity = line.quantity - 1;
      if (quantity === 0) await store.deleteLine(trx, owner, line.sku_id);
      else await store.setLine(trx, owner, line.sku_id, quantity);
      return quantity;
    });
  }

  /** The bag page; a visitor's has no shopper details (`userInfo` {}), and no owner yet an empty bag. */
  async purchasePage(owner: BagOwner | undefined): Promise<PurchasePageResponse> {
    const [rows, customer, delivery] = await Promise.all([
      owner ? store.bagLines(this.db, owner) : [],
      owner && 'customerId' in owner ? store.customerInfo(this.db, owner.customerId) : undefined,
      this.shop.deliveryTerms(),
    ]);
    const live = this.sales.current();
    const lines = rows.map((row) => pricedLine(row, live));
    const offer = owner && lines.length > 0 ? await this.coupons.onBag(this.db, owner, lines) : undefined;
    const breakdown = priceBreakdown(lines, delivery, couponPaise(offer));
    return {
      prods: rows.map((row, i) => bagLine(row, lines[i] as PricedLine)),
      userInfo: customer ? userInfo(customer) : {},
      priceDetails: {
        totalPrice: rupees(breakdown.totalPaise),
        discount: rupees(breakdown.discountPaise),
        deliveryCharge: rupees(breakdown.deliveryChargePaise),
        amountToPay: rupees(breakdown.amountToPayPaise),
        freeDeliveryAbove: rupees(delivery.freeAbovePaise),
      },
      coupon: offer?.fit.fits
        ? { code: offer.code, title: offer.title, saving: rupees(offer.fit.savingPaise) }
        : null,
      breakdown: {
        totalMrp: rupees(breakdown.totalPaise),
        discount: rupees(breakdown.discountPaise),
        coupon: -rupees(breakdown.couponPaise),
        delivery: rupees(breakdown.deliveryChargePaise),
        amount: rupees(breakdown.amountToPayPaise),
        codFee: 0,
      },
      orderLimit: orderLimitRefusal(this.orderLimits, lines, breakdown.amountToPayPaise) ?? null,
    };
  }

  /**
   * At login, inside the caller's transaction: the visitor's lines join the account's, quantities adding
   * up within MAX_UNITS_PER_PRODUCT and the stock of each size; the visitor's lines then go. Answers one
   * sentence per visitor line not kept as it was (decision 022).
   */
  async adoptGuestLines(trx: Db, sessionId: string, customerId: number): Promise<string[]> {
    const guest = { sessionId };
    const account = { customerId };
    await store.lockOwner(trx, account);
    const changes: string[] = [];
    for (const line of await store.bagLines(trx, guest)) {
      const guestLine: GuestLine = { name: line.name, size: line.size, quantity: line.quantity };
      const existing = await store.lineQuantity(trx, account, line.skuId);
      const merged = mergedQuantity({
        existing,
        added: line.quantity,
        otherSizes: (await store.productUnits(trx, account, line.productId)) - existing,
        available: line.active ? await this.inventory.available(trx, line.skuId) : 0,
        withdrawn: !line.active,
      });
      if (merged.quantity > existing) await store.setLine(trx, account, line.skuId, merged.quantity);
      const sentence = bagChange(guestLine, merged);
      if (sentence) changes.push(sentence);
    }
    await store.deleteAllLines(trx, guest);
    await this.coupons.adopt(trx, sessionId, customerId);
    return changes;
  }
}

type LineRow = Awaited<ReturnType<typeof store.bagLines>>[number];

/**
 * A bag line at its price now, the shop's own or its best live sale's (offers/) and which sale that is
 * (null for none: the offers' report counts a sale's lines), with what a coupon looks at (its product's
 * scope and own price).
 */
function pricedLine(row: LineRow, live: LiveSales) {
  const price = live.priceOf({ ...row, id: row.productId });
  return {
    skuId: row.skuId,
    productId: row.productId,
    name: row.name,
    size: row.size,
    quantity: row.quantity,
    unitPricePaise: price.pricePaise,
    unitOldPricePaise: row.old_price_paise,
    ownPricePaise: row.current_price_paise,
    saleId: price.sale?.id ?? null,
    prod: row.prod,
    userSegment: row.user_segment,
    genre: row.genre,
    sellerId: row.seller_id,
  };
}

/** The owner's bag priced as the bag page prices it: what a coupon is worked out on. */
export async function bagLines(db: Db, owner: BagOwner, live: LiveSales): Promise<CouponLine[]> {
  return (await store.bagLines(db, owner)).map((row) => pricedLine(row, live));
}

type PricedLine = ReturnType<typeof pricedLine>;

/** The applied coupon's saving, when it fits the bag. */
const couponPaise = (offer: BagOffer | undefined) => (offer?.fit.fits ? offer.fit.savingPaise : 0);

/** What prices a bag: the live sales, then the applied coupon. */
export interface BagPricing {
  live: LiveSales;
  coupons: Coupons;
}

/**
 * The shopper's bag priced in paise at the live sales' prices and its coupon, as a payment snapshots it;
 * `db` may be a transaction.
 */
async function pricedBag(db: Db, customerId: number, delivery: DeliveryTerms, { live, coupons }: BagPricing) {
  const rows = await store.bagLines(db, { customerId });
  const lines = rows.map((row) => pricedLine(row, live));
  // what decides whether each line can be sold and shipped, beside its price
  const fulfilment = rows.map((row) => ({ name: row.name, partner: row.partner, active: row.active }));
  const coupon = lines.length > 0 ? await coupons.onBag(db, { customerId }, lines) : undefined;
  return { lines, fulfilment, coupon, breakdown: priceBreakdown(lines, delivery, couponPaise(coupon)) };
}

/**
 * The bag as it will be paid for, inside the caller's transaction: the shopper's row is locked first,
 * so no bag change slips in between pricing and whatever the caller does next. `coupon`: the applied
 * code, priced on the lines (or why it no longer fits).
 */
export async function lockedBag(trx: Db, customerId: number, delivery: DeliveryTerms, pricing: BagPricing) {
  await store.lockOwner(trx, { customerId });
  const bag = await pricedBag(trx, customerId, delivery, pricing);
  return { ...bag, shopper: userInfo(await store.customerInfo(trx, customerId)) };
}

/** Serialises the caller's transaction with the shopper's bag changes and checkouts. */
export async function lockBag(trx: Db, customerId: number): Promise<void> {
  await store.lockOwner(trx, { customerId });
}

/** Within the transaction that places an order (holding lockBag): the paid sizes leave the bag. */
export async function removePurchased(trx: Db, customerId: number, skuIds: readonly number[]): Promise<void> {
  await store.deleteLines(trx, { customerId }, skuIds);
}

function bagLine(row: LineRow, priced: PricedLine): BagLine {
  const currentPrice = rupees(priced.unitPricePaise);
  const oldPrice = rupees(row.old_price_paise);
  return {
    id: row.productId,
    orderID: row.lineId,
    orderId: row.lineId,
    name: row.name,
    title: row.name,
    photo: row.photo,
    color: row.color,
    size: row.size,
    spec: { color: row.color, size: row.size },
    fabric: row.fabric,
    quantity: row.quantity,
    order: row.quantity,
    currentPrice,
    oldPrice,
    price: { currentPrice, oldPrice },
    discount: discountOf(priced.unitPricePaise, row.old_price_paise),
    stock: row.stock,
    prod: row.prod,
    partner: row.partner,
  };
}

/** The customer as the purchase page and the shipping address show them ('' for unset fields). */
function userInfo(c: Awaited<ReturnType<typeof store.customerInfo>>): UserInfo {
  return {
    fname: c.fname,
    lname: c.lname,
    houseNo: c.house_no ?? '',
    roadName: c.road_name ?? '',
    areaName: c.area_name ?? '',
    postOffice: c.post_office ?? '',
    city: c.city ?? '',
    pin: c.pin ?? '',
    state: c.state ?? '',
    phoneNo: c.phone,
    altPhoneNumber: c.alt_phone ?? '',
    mailID: c.email,
  };
}
