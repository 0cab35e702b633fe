import type {
  CheckOutResponse,
  CheckoutResult,
  CreateOrderResponse,
  VerifyPaymentResponse,
} from '../../contract/payments.ts';
import type { PurchasePageResponse } from '../../contract/shopping.ts';
import { apportion } from '../modules/offers/apportion.ts';
import type { TestApp } from './app.ts';
import { type FixtureProduct, Fixtures } from './fixtures.ts';
import type { TestClient } from './http.ts';

export type Answer<T> = T & { error?: string };

/** A coupon's saving on an attempt: shared over the lines of these sizes (every line when absent). */
export interface CouponShare {
  code: string;
  savingPaise: number;
  skuIds?: number[];
}

/** A shopper's way through checkout over real HTTP: bag, /create-order, the simulated window, verify, place. */
export class CheckoutDriver {
  private made: Fixtures | undefined;

  constructor(private readonly t: () => TestApp) {}

  /** the app starts in a beforeAll, after this is built */
  private get fixtures(): Fixtures {
    this.made ??= new Fixtures(this.t().db);
    return this.made;
  }

  /** a logged-in shopper with a complete address and `units` of the product's size in the bag */
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
      await this.fixtures.bagLine(customerId, skuId, units);
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

  /**
   * The attempt as a coupon leaves it: the saving shared over the covered lines in proportion
   * to their prices, each snapshot line's `paidPaise` its price less its share, `coupon_code` set, and the
   * amount (ours and the gateway's order) less the saving.
   */
  async applyCoupon(gatewayOrderId: string, coupon: CouponShare): Promise<void> {
    await this.t()
      .db.transaction()
      .execute(async (trx) => {
        const attempt = await trx
          .selectFrom('payment_orders')
          .select(['id', 'lines', 'amount_paise'])
          .where('gateway_order_id', '=', gatewayOrderId)
          .executeTakeFirstOrThrow();
        const covered = (skuId: number) => coupon.skuIds?.includes(skuId) ?? true;
        const shares = apportion(
          coupon.savingPaise,
          attempt.lines.map((l) => (covered(l.skuId) ? l.unitPricePaise * l.quantity : 0)),
        );
        const lines = attempt.lines.map((l, i) => ({
          ...l,
          paidPaise: l.unitPricePaise * l.quantity - (shares[i] ?? 0),
        }));
        const amountPaise = attempt.amount_paise - coupon.savingPaise;
        await trx
          .updateTable('payment_orders')
          .set({ lines: JSON.stringify(lines), amount_paise: amountPaise, coupon_code: coupon.code })
          .where('id', '=', attempt.id)
          .execute();
        await trx
          .updateTable('sim_gateway_orders')
          .set({ amount_paise: amountPaise })
          .where('id', '=', gatewayOrderId)
          .execute();
      });
  }

  /**
   * create-order for the bag's amount (less a coupon's saving when given), then pay it in the simulated
   * window; throws unless both succeed
   */
  async paid(client: TestClient, webhook = false, coupon?: CouponShare): Promise<CheckoutResult> {
    const order = await this.createOrder(client, await this.amountToPay(client));
    if (order.status !== 200) throw new Error(`create-order answered ${order.status}: ${order.body.error}`);
    if (coupon) await this.applyCoupon(order.body.id, coupon);
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
