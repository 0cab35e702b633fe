import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import type { PurchasePageResponse } from '../../../contract/shopping.ts';
import { orderMaxRupeesMessage, orderMaxUnitsMessage } from '../../../contract/shopping-messages.ts';
import {
  MAX_UNITS_PER_PRODUCT,
  ORDER_MAX_RUPEES,
  ORDER_MAX_UNITS,
} from '../../../contract/shopping-rules.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

const MINUTE = 60_000;

// Issue 36, "nobody can hoard stock": what one unpaid checkout may hold, for how long, and what others see.
describeEachDatabase('checkout holds: order limits, one attempt per account, held sizes', (t) => {
  let fixtures: Fixtures;
  beforeAll(() => {
    fixtures = new Fixtures(t().db);
  });
  const driver = new CheckoutDriver(t);

  const productInfo = async (product: FixtureProduct) => {
    const res = await (await t().client()).get<ProductResponse>(`/product/ind/apparel/${product.id}`);
    return res.body.productInfo;
  };
  const attempts = (customerId: number) =>
    t()
      .db.selectFrom('payment_orders')
      .select(['id', 'created_at', 'status'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  const liveHolds = (customerId: number) =>
    t()
      .db.selectFrom('stock_holds')
      .innerJoin('payment_orders', 'payment_orders.id', 'stock_holds.payment_order_id')
      .select(['stock_holds.sku_id', 'stock_holds.quantity', 'stock_holds.expires_at'])
      .where('payment_orders.customer_id', '=', customerId)
      .where('stock_holds.released_at', 'is', null)
      .where('stock_holds.expires_at', '>', new Date())
      .execute();
  const checkout = async (client: TestClient) => driver.createOrder(client, await driver.amountToPay(client));
  const sku = (product: FixtureProduct, size = 'M') => product.skus[size] ?? 0;

  describe('the order limits (409, nothing held)', () => {
    it('refuses a bag of 30 products, well over 20 units, with the sentence; the refusals are no attempts', async () => {
      const products = await Promise.all(
        Array.from({ length: 30 }, () => fixtures.product({ pricePaise: 50_000, sizes: [['M', 6]] })),
      );
      const { client, customerId } = await driver.shopper(0, products[0] as FixtureProduct);
      // the bag itself may gather more than an order may hold: addCart takes the 21st unit and on
      for (const product of products.slice(0, 6)) {
        for (let unit = 0; unit < MAX_UNITS_PER_PRODUCT; unit++) {
          const added = await client.post(
            `/product/apparel/${product.id}`,
            { prodID: product.id, size: 'M', addCart: 1 },
            { key: 'addCart' },
          );
          expect(added.status).toBe(200);
        }
      }
      for (const product of products.slice(6)) await fixtures.bagLine(customerId, sku(product), 4);

      // ten refusals in a row: none counts against the create-order limit of 10 accepted calls
      for (let call = 0; call < 10; call++) {
        const refused = await checkout(client);
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ error: orderMaxUnitsMessage(ORDER_MAX_UNITS) });
      }
      expect(orderMaxUnitsMessage(ORDER_MAX_UNITS)).toBe(
        'An order can have at most 20 items: please remove some from your bag',
      );
      expect(await attempts(customerId)).toEqual([]);
      for (const product of products) {
        expect(await productInfo(product)).toMatchObject({ stock: 6, additionsize: { M: 6 }, held: [] });
      }

      // down to 20 units (5 products of 4): accepted, and held a full 10 minutes from this attempt
      await t()
        .db.deleteFrom('cart_lines')
        .where('customer_id', '=', customerId)
        .where(
          'sku_id',
          'in',
          products.slice(5).map((product) => sku(product)),
        )
        .execute();
      const accepted = await checkout(client);
      expect(accepted.status).toBe(200);
      const [attempt] = await attempts(customerId);
      expect(accepted.body.heldUntil).toBe(
        new Date((attempt?.created_at.getTime() ?? 0) + 10 * MINUTE).toISOString(),
      );
      expect(await productInfo(products[0] as FixtureProduct)).toMatchObject({ stock: 2 });
    });

    it('refuses a bag above ₹2,00,000 with the sentence and holds nothing; ₹2,00,000 itself is accepted', async () => {
      const dear = await fixtures.product({ pricePaise: (ORDER_MAX_RUPEES + 1) * 100, sizes: [['M', 3]] });
      const over = await driver.shopper(1, dear);
      const refused = await checkout(over.client);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error: 'An order can be at most ₹2,00,000: please remove some items from your bag',
      });
      expect(refused.body.error).toBe(orderMaxRupeesMessage(ORDER_MAX_RUPEES));
      expect(await attempts(over.customerId)).toEqual([]);
      expect(await productInfo(dear)).toMatchObject({ stock: 3, held: [] });

      const atLimit = await fixtures.product({ pricePaise: ORDER_MAX_RUPEES * 100, sizes: [['M', 3]] });
      const within = await driver.shopper(1, atLimit);
      expect((await checkout(within.client)).status).toBe(200);
      expect(await productInfo(atLimit)).toMatchObject({ stock: 2 });
    });
  });

  describe('one unpaid attempt per account, its hold ending with the first', () => {
    it('a second create-order releases the first hold (a product taken out is free at once) and keeps heldUntil', async () => {
      const kurta = await fixtures.product({ sizes: [['M', 3]] });
      const shawl = await fixtures.product({ sizes: [['M', 1]] });
      const { client, customerId } = await driver.shopper(2, kurta);
      await fixtures.bagLine(customerId, sku(shawl), 1);
      const first = await checkout(client);
      expect(first.status).toBe(200);
      // the first attempt's gateway order is open: its holds are the ones a new attempt replaces
      expect(first.body.id).toMatch(/^order_/);
      expect(await productInfo(shawl)).toMatchObject({ stock: 0, additionsize: { M: 0 } });
      expect(await productInfo(kurta)).toMatchObject({ stock: 1 });

      await t()
        .db.deleteFrom('cart_lines')
        .where('customer_id', '=', customerId)
        .where('sku_id', '=', sku(shawl))
        .execute();
      const second = await checkout(client);
      expect(second.status).toBe(200);
      expect(second.body.heldUntil).toBe(first.body.heldUntil);
      expect(await productInfo(shawl)).toMatchObject({ stock: 1, additionsize: { M: 1 }, held: [] });
      // the kurta is held once, by the second attempt alone
      expect(await productInfo(kurta)).toMatchObject({ stock: 1 });
      const [firstAttempt] = await attempts(customerId);
      expect(await liveHolds(customerId)).toEqual([
        { sku_id: sku(kurta), quantity: 2, expires_at: new Date(first.body.heldUntil) },
      ]);
      expect(new Date(first.body.heldUntil).getTime()).toBe(
        (firstAttempt?.created_at.getTime() ?? 0) + 10 * MINUTE,
      );
    });

    it('heldUntil is 10 minutes after the first attempt; later attempts, and one after a release, keep it', async () => {
      const kurta = await fixtures.product({ sizes: [['M', 5]] });
      const { client, customerId } = await driver.shopper(1, kurta);
      const first = await checkout(client);
      expect(first.status).toBe(200);
      // as if the first attempt had been made 4 minutes ago
      const [attempt] = await attempts(customerId);
      const startedAt = new Date((attempt?.created_at.getTime() ?? 0) - 4 * MINUTE);
      const end = new Date(startedAt.getTime() + 10 * MINUTE).toISOString();
      await t()
        .db.updateTable('payment_orders')
        .set({ created_at: startedAt })
        .where('id', '=', attempt?.id ?? 0)
        .execute();

      const second = await checkout(client);
      expect(second.body.heldUntil).toBe(end);
      expect(await liveHolds(customerId)).toEqual([expect.objectContaining({ expires_at: new Date(end) })]);
      await client.post('/api/payments/release', { orderId: second.body.id });
      expect(await liveHolds(customerId)).toEqual([]);
      const third = await checkout(client);
      expect(third.body.heldUntil).toBe(end);
    });

    it('keeps refusing a fresh hold while the account keeps trying within the hour', async () => {
      const kurta = await fixtures.product({ sizes: [['M', 5]] });
      const { client, customerId } = await driver.shopper(1, kurta);
      /** every attempt of the account as if made `minutes` earlier */
      const later = (minutes: number) =>
        t()
          .db.updateTable('payment_orders')
          .set({ created_at: sql<Date>`created_at - make_interval(mins => ${minutes})` })
          .where('customer_id', '=', customerId)
          .execute();
      expect((await checkout(client)).status).toBe(200);
      await later(11);
      // the first hold has ended: trying again holds nothing, the end is still the first's
      const retry = await checkout(client);
      expect(retry.status).toBe(200);
      expect(new Date(retry.body.heldUntil).getTime()).toBeLessThan(Date.now());
      expect(await liveHolds(customerId)).toEqual([]);
      expect(await productInfo(kurta)).toMatchObject({ stock: 5 });
      // 55 minutes after the last try, which came 11 minutes after the first: still one run
      await later(55);
      expect((await checkout(client)).status).toBe(200);
      expect(await liveHolds(customerId)).toEqual([]);
      // an hour with no attempt ends the run: the next one holds its full 10 minutes
      await later(61);
      const fresh = await checkout(client);
      expect(new Date(fresh.body.heldUntil).getTime()).toBeGreaterThan(Date.now() + 9 * MINUTE);
      expect(await liveHolds(customerId)).toEqual([expect.objectContaining({ quantity: 1 })]);
    });
  });

  describe('what other shoppers see', () => {
    it('a size held by a checkout is "in someone\'s bag" until its hold ends, not sold out; back on release', async () => {
      const kurta = await fixtures.product({
        sizes: [
          ['M', 2],
          ['L', 4],
        ],
      });
      const { client } = await driver.shopper(2, kurta);
      const order = await checkout(client);
      expect(order.status).toBe(200);
      expect(await productInfo(kurta)).toMatchObject({
        stock: 4,
        additionsize: { M: 0, L: 4 },
        held: [{ size: 'M', units: 2, until: order.body.heldUntil }],
      });

      expect((await client.post('/api/payments/release', { orderId: order.body.id })).status).toBe(200);
      expect(await productInfo(kurta)).toMatchObject({ stock: 6, additionsize: { M: 2, L: 4 }, held: [] });
    });
  });
});

describeEachDatabase(
  'checkout holds: the limits and the hold time as configured',
  (t) => {
    const driver = new CheckoutDriver(t);
    it('refuses above ORDER_MAX_UNITS and ORDER_MAX_RUPEES, naming them; holds STOCK_HOLD_MINUTES', async () => {
      const fixtures = new Fixtures(t().db);
      const kurta = await fixtures.product({ pricePaise: 40_000, sizes: [['M', 5]] });
      const many = await driver.shopper(3, kurta);
      const refused = await driver.createOrder(many.client, await driver.amountToPay(many.client));
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('An order can have at most 2 items: please remove some from your bag');
      // the bag page says so first, with the shop's own limit
      const bag = await many.client.get<PurchasePageResponse>('/api/purchasePage');
      expect(bag.body.orderLimit).toBe(refused.body.error);

      const dear = await fixtures.product({ pricePaise: 100_100, sizes: [['M', 5]] });
      const costly = await driver.shopper(1, dear);
      const tooDear = await driver.createOrder(costly.client, await driver.amountToPay(costly.client));
      expect(tooDear.status).toBe(409);
      expect(tooDear.body.error).toBe(
        'An order can be at most ₹1,000: please remove some items from your bag',
      );

      const fits = await driver.shopper(2, kurta);
      expect((await fits.client.get<PurchasePageResponse>('/api/purchasePage')).body.orderLimit).toBeNull();
      const accepted = await driver.createOrder(fits.client, await driver.amountToPay(fits.client));
      expect(accepted.status).toBe(200);
      const attempt = await t()
        .db.selectFrom('payment_orders')
        .select('created_at')
        .where('customer_id', '=', fits.customerId)
        .executeTakeFirstOrThrow();
      expect(accepted.body.heldUntil).toBe(new Date(attempt.created_at.getTime() + 3 * MINUTE).toISOString());
    });
  },
  { ORDER_MAX_UNITS: '2', ORDER_MAX_RUPEES: '1000', STOCK_HOLD_MINUTES: '3' },
);
