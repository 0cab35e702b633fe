import { expect } from 'vitest';
import type { Eligibility, PlacedCodOrder } from '../../contract/cod.ts';
import type { OrdersResponse } from '../../contract/orders.ts';
import type { Db } from '../db/connect.ts';
import { TEST_ADMIN_TOKEN, type TestApp } from './app.ts';
import type { Answer } from './checkout.ts';
import type { FixtureProduct, Fixtures } from './fixtures.ts';
import { TestClient } from './http.ts';

export const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** A shopper's cash on delivery over real HTTP: the owner's settings, the offer, placing, confirming. */
export class CodDriver {
  constructor(
    private readonly t: () => TestApp,
    private readonly fixtures: () => Fixtures,
  ) {}

  /** the owner's COD settings (any subset), through PUT /admin/api/settings */
  async settings(body: Record<string, unknown>): Promise<void> {
    const owner = new TestClient(this.t().baseUrl);
    expect((await owner.put('/admin/api/settings', body, BEARER)).status).toBe(200);
  }

  /** a logged-in shopper with a Kolkata address (pincode 700001) and `units` of the size in the bag */
  async shopper(product?: FixtureProduct, units = 1, size = 'M') {
    const client = await this.t().client();
    const customerId = await this.fixtures().customer();
    await this.fixtures().logIn(client, customerId);
    const phone = await this.fixtures().kolkataAddress(customerId);
    if (product && units > 0) await this.fixtures().bagLine(customerId, product.skus[size] ?? 0, units);
    return { client, customerId, phone };
  }

  eligibility(client: TestClient, pincode?: string) {
    const query = pincode === undefined ? '' : `?pincode=${encodeURIComponent(pincode)}`;
    return client.get<Answer<Eligibility>>(`/api/cod/eligibility${query}`);
  }

  place(client: TestClient, amount: unknown) {
    return client.post<Answer<PlacedCodOrder>>('/api/cod/orders', { amount });
  }

  /** places the bag at the amount the offer shows; throws unless it is placed */
  async placed(client: TestClient): Promise<PlacedCodOrder> {
    const offer = await this.eligibility(client);
    const res = await this.place(client, offer.body.breakdown.amount * 100);
    if (res.status !== 201) throw new Error(`COD placing answered ${res.status}: ${res.body.error}`);
    return res.body;
  }

  confirm(client: TestClient, orderId: number | string, code: unknown) {
    return client.post<Answer<{ confirmed: true }>>(`/api/cod/orders/${orderId}/confirm`, { code });
  }

  resend(client: TestClient, orderId: number | string) {
    return client.post<Answer<{ sent: true; resendAfter: number }>>(`/api/cod/orders/${orderId}/code`);
  }

  /** the latest code the development outbox sent the phone, once the SMS worker has sent a new one */
  async codeSent(client: TestClient, phone: string, notThis: string | null = null): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const res = await client.get<{ code: string | null }>(`/api/dev/sms/${phone}`);
      if (res.status === 200 && res.body.code && res.body.code !== notThis) return res.body.code;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no code reached ${phone}`);
  }

  async orders(client: TestClient): Promise<OrdersResponse> {
    return (await client.get<OrdersResponse>('/api/orders')).body;
  }
}

/** What placing must leave alone when it refuses: the shopper's bag, the size's stock, their orders. */
export async function shopperState(db: Db, customerId: number, skuIds: number[]) {
  const [bag, stock, orders, attempts] = await Promise.all([
    db
      .selectFrom('cart_lines')
      .select(['sku_id', 'quantity'])
      .where('customer_id', '=', customerId)
      .orderBy('sku_id')
      .execute(),
    skuIds.length === 0
      ? []
      : db.selectFrom('skus').select(['id', 'stock']).where('id', 'in', skuIds).orderBy('id').execute(),
    db.selectFrom('orders').select('id').where('customer_id', '=', customerId).execute(),
    db.selectFrom('payment_orders').select(['id', 'status']).where('customer_id', '=', customerId).execute(),
  ]);
  return { bag, stock, orders, attempts };
}
