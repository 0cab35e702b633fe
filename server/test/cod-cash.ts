import type { PlacedCodOrder } from '../../contract/cod.ts';
import type { OrdersResponse } from '../../contract/orders.ts';
import type { ShipmentBooked } from '../../contract/shipping.ts';
import type { TestApp } from './app.ts';
import { BEARER, CodDriver } from './cod.ts';

export { BEARER };

import { courierMoves, givePickupAddress } from './courier.ts';
import { type FixtureProduct, Fixtures } from './fixtures.ts';
import { TestClient } from './http.ts';

/** The courier's environment for these tests: the local fake of Shiprocket books and tracks. */
export const SHIPROCKET_ENV = {
  COURIER_PROVIDER: 'shiprocket',
  SHIPROCKET_EMAIL: 'api-user@example.com',
  SHIPROCKET_PASSWORD: 'api-password',
};

export interface CodShopper {
  client: TestClient;
  customerId: number;
  phone: string;
}

export interface CodOrder extends PlacedCodOrder {
  shopper: CodShopper;
}

/**
 * A shop taking cash on delivery, and its shoppers' COD orders placed and confirmed as the shop's
 * checkout does it (POST /api/cod/orders, the code from the development outbox), then shipped,
 * delivered or refused through the back office and the courier's fake.
 */
export class CodShop {
  private made: Fixtures | undefined;
  private readonly driver: CodDriver;
  /** the last code each phone was sent, so the next order waits for its own */
  private readonly codes = new Map<string, string>();

  constructor(private readonly t: () => TestApp) {
    this.driver = new CodDriver(t, () => this.fixtures);
  }

  get fixtures(): Fixtures {
    this.made ??= new Fixtures(this.t().db);
    return this.made;
  }

  staff(): TestClient {
    return new TestClient(this.t().baseUrl);
  }

  /** COD switched on (any other setting given too), as the owner does in Settings. */
  settings(settings: Record<string, unknown> = {}): Promise<void> {
    return this.driver.settings({ codEnabled: true, ...settings });
  }

  /** a product whose seller has a pickup address, as booking with the courier needs */
  async product(pricePaise: number, name = 'Cash kurta'): Promise<FixtureProduct> {
    const product = await this.fixtures.product({ name, pricePaise, sizes: [['M', 50]] });
    await givePickupAddress(this.t().db, product.id);
    return product;
  }

  /** a signed-in shopper with an address in Kolkata, which the fixtures' partner serves with cash */
  async shopper(name = { fname: 'Meera', lname: 'Das' }): Promise<CodShopper> {
    const client = await this.t().client();
    const customerId = await this.fixtures.customer(name);
    await this.fixtures.logIn(client, customerId);
    const phone = await this.fixtures.kolkataAddress(customerId, { name });
    return { client, customerId, phone };
  }

  eligibility(shopper: CodShopper) {
    return this.driver.eligibility(shopper.client);
  }

  /** the products (one unit each) in the shopper's bag, placed as a COD order and confirmed with the code */
  async order(shopper: CodShopper, products: FixtureProduct[]): Promise<CodOrder> {
    for (const product of products) await this.fixtures.bagLine(shopper.customerId, product.skus.M ?? 0, 1);
    const placed = await this.driver.placed(shopper.client);
    const code = await this.driver.codeSent(shopper.client, shopper.phone, this.codes.get(shopper.phone));
    this.codes.set(shopper.phone, code);
    const confirmed = await this.driver.confirm(shopper.client, placed.orderId, code);
    if (confirmed.status !== 200)
      throw new Error(`confirming answered ${confirmed.status}: ${confirmed.text}`);
    return { ...placed, shopper };
  }

  /** Ship booked through the courier partner; answers the AWB */
  async ship(purchaseId: string): Promise<string> {
    const res = await this.staff().post<ShipmentBooked & { error?: string }>(
      `/admin/api/orders/${purchaseId}/ship`,
      {},
      BEARER,
    );
    if (res.status !== 200) throw new Error(`ship answered ${res.status}: ${res.text}`);
    return res.body.awb;
  }

  /** the courier's fake moves the parcel and sends its webhook */
  async courier(awb: string, status: string): Promise<void> {
    const res = await courierMoves(this.t().baseUrl, awb, status);
    if (res.status !== 200 || res.body.webhook !== 200) {
      throw new Error(`the courier's ${status} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
  }

  /** an order shipped through the courier and delivered; answers each line's AWB by purchase id */
  async delivered(order: CodOrder): Promise<Map<string, string>> {
    const awbs = new Map<string, string>();
    for (const purchaseId of order.purchaseIds) {
      const awb = await this.ship(purchaseId);
      await this.courier(awb, 'DELIVERED');
      awbs.set(purchaseId, awb);
    }
    return awbs;
  }

  /** the shopper's line as GET /api/orders shows it */
  async line(shopper: CodShopper, purchaseId: string) {
    const lines = (await shopper.client.get<OrdersResponse>('/api/orders')).body;
    const line = lines.find((l) => l.purchase_id === purchaseId);
    if (!line) throw new Error(`no line ${purchaseId} in Orders`);
    return line;
  }

  /** a remittance file sent to the owner's upload, a dry run or applied, by `client` (the token's owner if none) */
  remit(csv: string, mode: 'dry-run' | 'apply', client?: TestClient) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'remittance.csv');
    return (client ?? this.staff()).post<Record<string, unknown>>(
      `/admin/api/cod/remittances?mode=${mode}`,
      form,
      client ? {} : BEARER,
    );
  }
}
