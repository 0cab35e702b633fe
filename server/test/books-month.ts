/**
 * A month of the owner's books built through the API (issue 40's list): two sellers in two states
 * (Kolkata, West Bengal 19; Mumbai, Maharashtra 27); shoppers in and out of each seller's state (Kolkata,
 * Mumbai, Delhi); one large inter-state invoice (over ₹1,00,000); a cancelled line; a returned line with its
 * credit note; a coupon; and a delivery charge. Orders go through the real checkout, cancelling and returning
 * through the shopper's and the back office's routes, so every invoice and credit note is one the shop issued.
 */
import { expect } from 'vitest';
import type { Coupon } from '../../contract/coupons.ts';
import { indiaMonth } from '../../contract/india-time.ts';
import type { OrderLine } from '../../contract/orders.ts';
import type { TestApp } from './app.ts';
import { CheckoutDriver } from './checkout.ts';
import { BEARER } from './cod.ts';
import { Fixtures } from './fixtures.ts';
import { TestClient } from './http.ts';
import { gstinOf, SHOP_DETAILS } from './own-shop.ts';

export interface MonthSeller {
  id: number;
  name: string;
  gstin: string;
  /** the seller's state, as its documents name it */
  state: string;
}

/** A shopper's delivery address: the place of supply of what they buy. */
export interface MonthShopper {
  client: TestClient;
  customerId: number;
  state: string;
}

/** What the month holds; `purchases` names each order line by what it is for the books. */
export interface BuiltMonth {
  /** the India month it was built in (the current one) */
  period: string;
  /** the shop's GSTIN, which GSTR-1's Table 14 and GSTR-8 name */
  shopGstin: string;
  sellers: { kolkata: MonthSeller; mumbai: MonthSeller };
  shoppers: { kolkata: MonthShopper; mumbai: MonthShopper; delhi: MonthShopper };
  couponCode: string;
  purchases: {
    /** Kolkata seller to a Kolkata shopper (intra), ₹299 at 5%, with the order's ₹50 delivery charge */
    stole: string;
    /** Mumbai seller to the same Kolkata shopper (inter), ₹149 at 18%, in the same order */
    bag: string;
    /** Mumbai seller to a Mumbai shopper (intra), ₹2,999 less its share of the ₹100 coupon, at 18% */
    kurta: string;
    /** the same order's ₹799 dupatta (coupon share off), cancelled: a credit note */
    dupatta: string;
    /** Kolkata seller to a Delhi shopper (inter), ₹1,20,000: a large (B2CL) invoice */
    saree: string;
    /** the same order's ₹1,500 shawl, delivered and returned: a credit note against the large invoice */
    shawl: string;
  };
  /** every purchase id with its seller, for reading the PDFs */
  sellerOf: Record<string, number>;
}

const PLACES = {
  kolkata: { city: 'Kolkata', pin: '700001', state: 'West Bengal' },
  mumbai: { city: 'Mumbai', pin: '400001', state: 'Maharashtra' },
  delhi: { city: 'New Delhi', pin: '110001', state: 'Delhi' },
} as const;

const HOUR = 3_600_000;

/** Builds shops' months on one test app; `build()` makes the issue's month, the rest are its steps. */
export class BooksMonthBuilder {
  readonly fixtures: Fixtures;
  private readonly driver: CheckoutDriver;
  private readonly office: TestClient;
  private readonly run = Math.random().toString(36).slice(2, 7).toUpperCase();
  private made = 0;

  constructor(private readonly t: TestApp) {
    this.fixtures = new Fixtures(t.db);
    this.driver = new CheckoutDriver(() => t);
    this.office = new TestClient(t.baseUrl);
  }

  /** The owner's call with the bearer; throws unless it answers `status`. */
  private async owner<T>(method: 'POST' | 'PUT', path: string, body: unknown, status = 200): Promise<T> {
    const res =
      method === 'POST'
        ? await this.office.post<T>(path, body, BEARER)
        : await this.office.put<T>(path, body, BEARER);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  }

  /** The shop's GSTIN set (or cleared with null) in its details, as the owner does. */
  async shopGstin(gstin: string | null): Promise<void> {
    await this.owner('PUT', '/admin/api/shop', { gstin, officeAddress: SHOP_DETAILS.office_address });
  }

  /** A seller at the place (its state follows from the pincode), with a GSTIN of that state. */
  async seller(place: keyof typeof PLACES, stateCode: string): Promise<MonthSeller> {
    this.made += 1;
    const pan = `AAB${'CFGHJ'[this.made % 5]}${this.run.replace(/[^A-Z]/g, 'K').slice(0, 1)}${String(1000 + this.made).slice(-4)}Q`;
    const { city, pin, state } = PLACES[place];
    const name = `Books ${city} Looms ${this.run}-${this.made}`;
    const created = await this.owner<{ id: number }>(
      'POST',
      '/admin/api/sellers',
      {
        name,
        legalName: `${name} LLP`,
        address: { line1: `${this.made} Loom Lane`, city, pincode: pin },
        gstin: gstinOf(stateCode, pan),
        pan,
      },
      201,
    );
    return { id: created.id, name, gstin: gstinOf(stateCode, pan), state };
  }

  /** A product of the seller at a price, under an HSN code, with stock to sell. */
  async product(seller: MonthSeller, name: string, rupees: number, hsn: string) {
    const product = await this.fixtures.product({ name, pricePaise: rupees * 100, sizes: [['M', 20]] });
    await this.t.db
      .updateTable('products')
      .set({ seller_id: seller.id, hsn_code: hsn })
      .where('id', '=', product.id)
      .execute();
    return product;
  }

  /** A signed-in shopper whose address is at the place. */
  async shopper(place: keyof typeof PLACES): Promise<MonthShopper> {
    const client = await this.t.client();
    const customerId = await this.fixtures.customer({ fname: 'Books', lname: `Shopper ${place}` });
    await this.fixtures.logIn(client, customerId);
    const { city, pin, state } = PLACES[place];
    await this.t.db
      .updateTable('customers')
      .set({ house_no: '12', road_name: 'Main Road', area_name: 'Centre', city, pin, state })
      .where('id', '=', customerId)
      .execute();
    return { client, customerId, state };
  }

  /** A flat coupon of `rupees` off these products, live now, made by the owner. */
  async coupon(rupees: number, productIds: number[]): Promise<string> {
    this.made += 1;
    const coupon = await this.owner<Coupon>(
      'POST',
      '/admin/api/coupons',
      {
        code: `BOOKS${this.run}${this.made}`,
        title: `₹${rupees} off`,
        kind: 'flat',
        value: rupees,
        scope: { productIds },
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + HOUR).toISOString(),
      },
      201,
    );
    return coupon.code;
  }

  /**
   * The shopper buys one of each product through the real checkout (with the coupon applied when given);
   * answers the order's lines by product name.
   */
  async buy(
    shopper: MonthShopper,
    products: { skus: Record<string, number> }[],
    couponCode?: string,
  ): Promise<Map<string, OrderLine>> {
    const before = new Set((await this.lines(shopper)).map((line) => line.purchase_id));
    for (const product of products) await this.fixtures.bagLine(shopper.customerId, product.skus.M ?? 0, 1);
    if (couponCode) {
      const applied = await shopper.client.post('/api/coupons/apply', { code: couponCode });
      expect(applied.status).toBe(200);
    }
    const paid = await this.driver.paid(shopper.client);
    expect((await this.driver.checkOut(shopper.client, paid)).status).toBe(200);
    const placed = (await this.lines(shopper)).filter((line) => !before.has(line.purchase_id));
    return new Map(placed.map((line) => [line.name, line]));
  }

  async lines(shopper: MonthShopper): Promise<OrderLine[]> {
    return (await shopper.client.get<OrderLine[]>('/api/orders')).body;
  }

  /** The shopper cancels the line (before it ships): refunded in full, on a credit note. */
  async cancel(shopper: MonthShopper, purchaseId: string): Promise<void> {
    expect((await shopper.client.post('/cancel', { orderID: purchaseId })).status).toBe(200);
  }

  /** The line shipped by hand and delivered by the back office. */
  async deliver(purchaseId: string): Promise<void> {
    await this.owner('POST', `/admin/api/orders/${purchaseId}/ship`, {
      trackingId: `BOOKS${purchaseId.slice(-8)}`,
    });
    await this.owner('POST', `/admin/api/orders/${purchaseId}/deliver`, {});
  }

  /** The delivered line returned: asked, accepted, received back and refunded, on a credit note. */
  async returned(shopper: MonthShopper, purchaseId: string): Promise<void> {
    const asked = await shopper.client.post('/return', {
      orderID: purchaseId,
      reason: 'Colour not as shown',
    });
    expect(asked.status).toBe(200);
    await this.owner('POST', `/admin/api/returns/${purchaseId}`, { accept: true });
    await this.owner('POST', `/admin/api/returns/${purchaseId}/receive`, {});
  }

  /** The month, as BuiltMonth describes it. */
  async build(): Promise<BuiltMonth> {
    await this.shopGstin(SHOP_DETAILS.gstin);
    const kolkata = await this.seller('kolkata', '19');
    const mumbai = await this.seller('mumbai', '27');
    const stole = await this.product(kolkata, `Books stole ${this.run}`, 299, '6214');
    const bag = await this.product(mumbai, `Books bag ${this.run}`, 149, '4202');
    const kurta = await this.product(mumbai, `Books kurta ${this.run}`, 2_999, '6211');
    const dupatta = await this.product(mumbai, `Books dupatta ${this.run}`, 799, '6214');
    const saree = await this.product(kolkata, `Books saree ${this.run}`, 120_000, '6211');
    const shawl = await this.product(kolkata, `Books shawl ${this.run}`, 1_500, '6214');
    const shoppers = {
      kolkata: await this.shopper('kolkata'),
      mumbai: await this.shopper('mumbai'),
      delhi: await this.shopper('delhi'),
    };

    // under ₹500: the delivery charge goes on the first line's invoice, the Kolkata seller's
    const small = await this.buy(shoppers.kolkata, [stole, bag]);
    const couponCode = await this.coupon(100, [kurta.id, dupatta.id]);
    const withCoupon = await this.buy(shoppers.mumbai, [kurta, dupatta], couponCode);
    const large = await this.buy(shoppers.delhi, [saree, shawl]);
    const id = (lines: Map<string, OrderLine>, name: string) => {
      const line = [...lines.values()].find((l) => l.name.startsWith(name));
      if (!line) throw new Error(`no line ${name}`);
      return line.purchase_id;
    };
    const purchases = {
      stole: id(small, 'Books stole'),
      bag: id(small, 'Books bag'),
      kurta: id(withCoupon, 'Books kurta'),
      dupatta: id(withCoupon, 'Books dupatta'),
      saree: id(large, 'Books saree'),
      shawl: id(large, 'Books shawl'),
    };
    await this.cancel(shoppers.mumbai, purchases.dupatta);
    await this.deliver(purchases.shawl);
    await this.returned(shoppers.delhi, purchases.shawl);

    const sellerOf = {
      [purchases.stole]: kolkata.id,
      [purchases.bag]: mumbai.id,
      [purchases.kurta]: mumbai.id,
      [purchases.dupatta]: mumbai.id,
      [purchases.saree]: kolkata.id,
      [purchases.shawl]: kolkata.id,
    };
    return {
      period: indiaMonth(new Date()),
      shopGstin: SHOP_DETAILS.gstin,
      sellers: { kolkata, mumbai },
      shoppers,
      couponCode,
      purchases,
      sellerOf,
    };
  }
}
