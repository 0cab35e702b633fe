import type {
  CheckOutResponse,
  CheckoutResult,
  CreateOrderResponse,
  VerifyPaymentResponse,
} from '../../contract/payments.ts';
import type { PurchasePageResponse } from '../../contract/shopping.ts';
import type { TestApp } from './app.ts';
import { type FixtureProduct, Fixtures } from './fixtures.ts';
import type { TestClient } from './http.ts';

export type Answer<T> = T & { error?: string };

/** A shopper's way through checkout over real HTTP: cart, /create-order, the simulated window, verify, place. */
export class CheckoutDriver {
  private made: Fixtures | undefined;

  constructor(private readonly t: () => TestApp) {}

  /** the app starts in a beforeAll, after this is built */
  private get fixtures(): Fixtures {
    this.made ??= new Fixtures(this.t().db);
    return this.made;
  }

  /** a logged-in shopper with a complete address and `units` of the product's size in the cart */
  async shopper(units: number, product: FixtureProduct, size = 'M') {
    const client = await this.t().client();
    const customerId = await this.fixtures.customer();
    await this.fixtures.logIn(client, customerId);
    await this.t()
      .db.updateTable('customers')
      .set({ house_no: '12', road_name: 'MG Road', area_name: 'Ballygunge', city: 'Kolkata', pin: '700001' })
      .where('id', '=', customerId)
      .execute();
    if (units > 0) {
      const skuId = product.skus[size];
      if (skuId === undefined) throw new Error(`no size ${size}`);
      await this.fixtures.cartLine(customerId, skuId, units);
    }
    return { client, customerId };
  }

  async amountToPay(client: TestClient): Promise<number> {
    return (await client.get<PurchasePageResponse>('/api/purchasePage')).body.priceDetails.amountToPay * 100;
  }

  createOrder(client: TestClient, amount: number) {
    return client.post<Answer<CreateOrderResponse>>('/create-order', {
      amount,
      currency: 'INR',
      receipt: 'web-receipt',
      notes: { from: 'web' },
    });
  }

  /** the simulated checkout window; no webhook unless asked, so tests decide who places the order */
  pay(client: TestClient, orderId: string, outcome: 'success' | 'failure' = 'success', webhook = false) {
    return client.post<Answer<CheckoutResult>>('/api/dev/pay', { orderId, outcome, webhook });
  }

  verify(client: TestClient, result: CheckoutResult) {
    return client.post<Answer<VerifyPaymentResponse>>('/verify-payment', result);
  }

  checkOut(client: TestClient, result: CheckoutResult) {
    return client.post<Answer<CheckOutResponse>>(
      '/api/purchasePage',
      {
        prods: [],
        userInfo: {},
        orderId: result.razorpay_order_id,
        razorpay_payment_id: result.razorpay_payment_id,
      },
      { key: 'checkOut' },
    );
  }

  /** create-order for the cart's amount, then pay it in the simulated window; throws unless both succeed */
  async paid(client: TestClient, webhook = false): Promise<CheckoutResult> {
    const order = await this.createOrder(client, await this.amountToPay(client));
    if (order.status !== 200) throw new Error(`create-order answered ${order.status}: ${order.body.error}`);
    const paid = await this.pay(client, order.body.id, 'success', webhook);
    if (paid.status !== 200) throw new Error(`dev pay answered ${paid.status}: ${paid.body.error}`);
    return paid.body;
  }

  /** units free to sell per size, as product pages show them */
  async available(product: FixtureProduct, prod = 'apparel') {
    const visitor = await this.t().client();
    const res = await visitor.get<{ productInfo: { additionsize: Record<string, number> } }>(
      `/product/ind/${prod}/${product.id}`,
    );
    return res.body.productInfo.additionsize;
  }
}
