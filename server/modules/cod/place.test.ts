import { beforeAll, describe, expect, it } from 'vitest';
import {
  COD_ACCOUNT_MESSAGE,
  COD_EMPTY_BAG_MESSAGE,
  COD_OFF_MESSAGE,
  COD_PINCODE_MESSAGE,
  codCapMessage,
  codOpenOrdersMessage,
} from '../../../contract/cod.ts';
import type { PurchasePageResponse } from '../../../contract/shopping.ts';
import { orderMaxUnitsMessage } from '../../../contract/shopping-messages.ts';
import { COD_MAX_OPEN_ORDERS, ORDER_MAX_UNITS } from '../../../contract/shopping-rules.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { CodDriver, shopperState } from '../../test/cod.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { stockOf } from '../../test/rows.ts';

const FEE = 49;

describeEachDatabase('cash on delivery: the offer and placing', (t) => {
  let fixtures: Fixtures;
  const cod = new CodDriver(t, () => fixtures);
  const checkout = new CheckoutDriver(t);
  let kurta: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({ name: 'COD kurta', pricePaise: 99_900, sizes: [['M', 100]] });
    await cod.settings({ codEnabled: true, codFee: FEE, codMaxOrderValue: 5000, codRtoLimit: 2 });
  });

  const partnerOf = async (product: FixtureProduct) =>
    (
      await t()
        .db.selectFrom('products')
        .select('partner_id')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow()
    ).partner_id;

  describe('GET /api/cod/eligibility', () => {
    it('is for logged-in shoppers only (a visitor 403)', async () => {
      const visitor = await t().client();
      expect((await cod.eligibility(visitor)).status).toBe(403);
      expect((await cod.place(visitor, 100)).status).toBe(403);
    });

    it("offers COD with the fee on top of the bag page's breakdown, which shows codFee 0", async () => {
      const { client } = await cod.shopper(kurta, 2);
      const page = (await client.get<PurchasePageResponse>('/api/purchasePage')).body;
      expect(page.breakdown.codFee).toBe(0);
      const { codFee: _zero, ...bagBreakdown } = page.breakdown;
      const offer = await cod.eligibility(client);
      expect(offer.status).toBe(200);
      expect(offer.body).toEqual({
        available: true,
        reason: null,
        fee: FEE,
        breakdown: { ...bagBreakdown, codFee: FEE, amount: page.breakdown.amount + FEE },
      });
      const b = offer.body.breakdown;
      expect(b.amount).toBe(b.totalMrp + b.discount + b.coupon + b.delivery + b.codFee);
    });

    it('refuses a malformed pincode (400)', async () => {
      const { client } = await cod.shopper(kurta);
      for (const pincode of ['', '12345', '0123456', 'abcdef', '012345']) {
        const res = await cod.eligibility(client, pincode);
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
      }
    });

    it('says why not, one reason at a time, in the contract order', async () => {
      const { client, customerId } = await cod.shopper();
      const reason = async (pincode?: string) => (await cod.eligibility(client, pincode)).body.reason;

      // 6. the bag is empty, and nothing else applies
      expect(await reason()).toBe(COD_EMPTY_BAG_MESSAGE);
      expect(COD_EMPTY_BAG_MESSAGE).toBe('Your bag is empty');

      // 5. above the cap (the bag's amount before the fee), and at exactly the cap it is offered
      const dear = await fixtures.product({ name: 'COD saree', pricePaise: 600_000, sizes: [['M', 5]] });
      await fixtures.bagLine(customerId, dear.skus.M ?? 0, 1);
      expect(await reason()).toBe(codCapMessage(5000));
      expect(codCapMessage(5000)).toBe('Cash on delivery is not available above ₹5,000');
      const amount = (await client.get<PurchasePageResponse>('/api/purchasePage')).body.breakdown.amount;
      await cod.settings({ codMaxOrderValue: amount });
      expect((await cod.eligibility(client)).body).toMatchObject({ available: true, reason: null });
      await cod.settings({ codMaxOrderValue: amount - 1 });
      expect(await reason()).toBe(codCapMessage(amount - 1));
      await cod.settings({ codMaxOrderValue: 5000 });

      // 4. a pincode where the line's partner does not collect cash; or unserved
      const partnerId = await partnerOf(dear);
      await t()
        .db.updateTable('partner_pincodes')
        .set({ cod: false })
        .where('partner_id', '=', partnerId)
        .where('pincode', '=', '110001')
        .execute();
      expect(await reason('110001')).toBe(COD_PINCODE_MESSAGE);
      expect(await reason('999999')).toBe(COD_PINCODE_MESSAGE);
      expect(await reason('700001')).toBe(codCapMessage(5000));

      // 3. three open COD orders (a fixture order made COD with a line placed or shipped)
      const open = [];
      for (let i = 0; i < COD_MAX_OPEN_ORDERS; i++) {
        const order = await fixtures.order(customerId, [
          { product: kurta, status: i === 0 ? 'shipped' : 'placed' },
        ]);
        open.push(order.orderId);
      }
      await t().db.updateTable('orders').set({ payment_method: 'cod' }).where('id', 'in', open).execute();
      expect(await reason('110001')).toBe(codOpenOrdersMessage(3));
      expect(codOpenOrdersMessage(3)).toBe(
        'Cash on delivery is not available while 3 of your orders are still to be paid in cash',
      );

      // 2. refused deliveries reaching the owner's limit (2): one is not enough
      const refused = await fixtures.order(customerId, [
        { product: kurta, status: 'shipped' },
        { product: kurta, status: 'shipped' },
      ]);
      const [first, second] = refused.purchaseIds;
      await t()
        .db.updateTable('order_lines')
        .set({ cod_refused_at: new Date() })
        .where('purchase_id', '=', first ?? '')
        .execute();
      expect(await reason()).toBe(codOpenOrdersMessage(3));
      await t()
        .db.updateTable('order_lines')
        .set({ cod_refused_at: new Date() })
        .where('purchase_id', '=', second ?? '')
        .execute();
      expect(await reason()).toBe(COD_ACCOUNT_MESSAGE);
      await cod.settings({ codRtoLimit: 3 });
      expect(await reason()).toBe(codOpenOrdersMessage(3));
      await cod.settings({ codRtoLimit: 2 });

      // 1. COD off at the shop comes first of all
      await cod.settings({ codEnabled: false });
      const off = await cod.eligibility(client);
      expect(off.body).toMatchObject({ available: false, reason: COD_OFF_MESSAGE, fee: FEE });
      await cod.settings({ codEnabled: true });
      expect(await reason()).toBe(COD_ACCOUNT_MESSAGE);
    });
  });

  describe('POST /api/cod/orders', () => {
    it('places the order at once with no payment: stock sold, bag emptied, code sent, 201', async () => {
      const { client, customerId } = await cod.shopper(kurta, 2);
      const stockBefore = await stockOf(t().db, kurta.skus.M);
      const offer = (await cod.eligibility(client)).body;
      const res = await cod.place(client, offer.breakdown.amount * 100);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        orderId: expect.any(Number),
        purchaseIds: [expect.stringMatching(/^pur_/)],
        amount: offer.breakdown.amount,
        confirmBy: expect.any(String),
      });
      const confirmBy = Date.parse(res.body.confirmBy);
      expect(confirmBy - Date.now()).toBeGreaterThan(890_000);
      expect(confirmBy - Date.now()).toBeLessThan(910_000);

      const db = t().db;
      expect(await stockOf(db, kurta.skus.M)).toBe(stockBefore - 2);
      const order = await db
        .selectFrom('orders')
        .innerJoin('payment_orders', 'payment_orders.id', 'orders.payment_order_id')
        .select([
          'orders.payment_id',
          'orders.payment_method',
          'orders.cod_fee_paise',
          'orders.amount_paise',
          'orders.delivery_charge_paise',
          'payment_orders.gateway',
          'payment_orders.gateway_order_id',
          'payment_orders.status',
        ])
        .where('orders.id', '=', res.body.orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        payment_id: null,
        payment_method: 'cod',
        cod_fee_paise: FEE * 100,
        amount_paise: offer.breakdown.amount * 100,
        gateway: 'cod',
        gateway_order_id: expect.stringMatching(/^cod_/),
        status: 'placed',
      });
      const line = await db
        .selectFrom('order_lines')
        .select(['paid_paise', 'cod_collect_paise', 'status'])
        .where('purchase_id', '=', res.body.purchaseIds[0] ?? '')
        .executeTakeFirstOrThrow();
      // a one-line order's parcel collects the whole amount
      expect(line).toEqual({ paid_paise: 199_800, cod_collect_paise: order.amount_paise, status: 'placed' });
      expect(line.paid_paise + order.delivery_charge_paise + order.cod_fee_paise).toBe(order.amount_paise);

      const [shown] = await cod.orders(client);
      expect(shown).toMatchObject({
        purchase_id: res.body.purchaseIds[0],
        status: 'placed',
        paidPaise: 199_800,
        couponCode: null,
        invoiceUrl: expect.any(String),
      });
      const invoice = await client.get(shown?.invoiceUrl ?? '');
      expect(invoice.status).toBe(200);
      expect((await shopperState(db, customerId, [])).bag).toEqual([]);
      const sms = await db
        .selectFrom('notifications')
        .select(['template', 'text'])
        .where('customer_id', '=', customerId)
        .execute();
      expect(sms).toEqual([
        {
          template: 'cod_confirm',
          text: expect.stringMatching(
            new RegExp(`^\\d{6} is the code .* Rs ${offer.breakdown.amount.toLocaleString('en-IN')}\\.`),
          ),
        },
      ]);
      const confirmation = await db
        .selectFrom('cod_confirmations')
        .select(['confirm_by', 'confirmed_at', 'lapsed_at', 'wrong_tries'])
        .where('order_id', '=', res.body.orderId)
        .executeTakeFirstOrThrow();
      expect(confirmation).toMatchObject({ confirmed_at: null, lapsed_at: null, wrong_tries: 0 });
      expect(confirmation.confirm_by.toISOString()).toBe(res.body.confirmBy);
    });

    it('puts the delivery charge and the fee on the first line of a two-line order', async () => {
      const cheap = await fixtures.product({ name: 'COD dupatta', pricePaise: 20_000, sizes: [['M', 5]] });
      const { client, customerId } = await cod.shopper(cheap, 1);
      await fixtures.bagLine(customerId, kurta.skus.M ?? 0, 1);
      const placed = await cod.placed(client);
      const lines = await t()
        .db.selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select([
          'order_lines.paid_paise',
          'order_lines.cod_collect_paise',
          'orders.delivery_charge_paise',
          'orders.cod_fee_paise',
          'orders.amount_paise',
        ])
        .where('orders.id', '=', placed.orderId)
        .orderBy('order_lines.id')
        .execute();
      const [first, second] = lines;
      expect(first?.cod_collect_paise).toBe(
        (first?.paid_paise ?? 0) + (first?.delivery_charge_paise ?? 0) + FEE * 100,
      );
      expect(second?.cod_collect_paise).toBe(second?.paid_paise);
      expect(lines.reduce((sum, l) => sum + (l.cod_collect_paise ?? 0), 0)).toBe(placed.amount * 100);
    });

    it('releases the shopper’s own unpaid online hold', async () => {
      const { client, customerId } = await cod.shopper(kurta, 1);
      const online = await checkout.createOrder(client, await checkout.amountToPay(client));
      expect(online.status).toBe(200);
      await cod.placed(client);
      const holds = await t()
        .db.selectFrom('stock_holds')
        .innerJoin('payment_orders', 'payment_orders.id', 'stock_holds.payment_order_id')
        .select(['stock_holds.released_at'])
        .where('payment_orders.customer_id', '=', customerId)
        .where('payment_orders.gateway', '<>', 'cod')
        .execute();
      expect(holds).toEqual([{ released_at: expect.any(Date) }]);
    });

    describe('refused with nothing changed', () => {
      const refused = async (
        setUp: (shopper: Awaited<ReturnType<CodDriver['shopper']>>) => Promise<unknown>,
        status: number,
        error: string | RegExp,
        product = kurta,
      ) => {
        const shopper = await cod.shopper(product, 1);
        const amount = await setUp(shopper);
        const before = await shopperState(t().db, shopper.customerId, [product.skus.M ?? 0]);
        const res = await cod.place(shopper.client, amount);
        expect(res.status).toBe(status);
        expect(res.body.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
        expect(await shopperState(t().db, shopper.customerId, [product.skus.M ?? 0])).toEqual(before);
      };
      const offered = async ({ client }: { client: Parameters<CodDriver['eligibility']>[0] }) =>
        (await cod.eligibility(client)).body.breakdown.amount * 100;

      it('400 for a missing or non-integer amount', async () => {
        await refused(async () => undefined, 400, /amount/);
        await refused(async () => 1049.5, 400, /amount/);
        await refused(async () => '104900', 400, /amount/);
      });

      it('409 with the sentence when COD is not available', async () => {
        await refused(
          async (shopper) => {
            const amount = await offered(shopper);
            await cod.settings({ codEnabled: false });
            return amount;
          },
          409,
          COD_OFF_MESSAGE,
        );
        await cod.settings({ codEnabled: true });
      });

      it('409 with what changed when the amount is not the server’s', async () => {
        await refused(async (shopper) => (await offered(shopper)) - 4900, 409, /Your bag now costs ₹/);
      });

      it('409 above the order limits, as an online checkout', async () => {
        const cheap = await Promise.all(
          Array.from({ length: 6 }, () => fixtures.product({ pricePaise: 1_000, sizes: [['M', 10]] })),
        );
        const [first, ...others] = cheap as [FixtureProduct, ...FixtureProduct[]];
        await refused(
          async (shopper) => {
            for (const product of others) await fixtures.bagLine(shopper.customerId, product.skus.M ?? 0, 4);
            const offer = await cod.eligibility(shopper.client);
            expect(offer.body.available).toBe(true);
            return offer.body.breakdown.amount * 100;
          },
          409,
          orderMaxUnitsMessage(ORDER_MAX_UNITS),
          first,
        );
      });

      it('409 when a line’s stock cannot be filled, naming the product', async () => {
        const last = await fixtures.product({
          name: 'COD last kurta',
          pricePaise: 99_900,
          sizes: [['M', 1]],
        });
        await refused(
          async (shopper) => {
            const amount = await offered(shopper);
            await t()
              .db.updateTable('skus')
              .set({ stock: 0 })
              .where('id', '=', last.skus.M ?? 0)
              .execute();
            return amount;
          },
          409,
          /COD last kurta/,
          last,
        );
      });
    });

    it('sells the last unit to exactly one of ten shoppers placing at once', async () => {
      const last = await fixtures.product({ name: 'COD only one', pricePaise: 99_900, sizes: [['M', 1]] });
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => cod.shopper(last, 1)));
      const amounts = await Promise.all(
        shoppers.map(async ({ client }) => (await cod.eligibility(client)).body.breakdown.amount * 100),
      );
      const answers = await Promise.all(shoppers.map(({ client }, i) => cod.place(client, amounts[i])));
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      expect(await stockOf(t().db, last.skus.M)).toBe(0);
      const losers = shoppers.filter((_, i) => answers[i]?.status === 409);
      for (const loser of losers) {
        const state = await shopperState(t().db, loser.customerId, []);
        expect(state.orders).toEqual([]);
        expect(state.attempts).toEqual([]);
        expect(state.bag).toEqual([{ sku_id: last.skus.M, quantity: 1 }]);
      }
      const orders = await t()
        .db.selectFrom('order_lines')
        .where('sku_id', '=', last.skus.M ?? 0)
        .select('id')
        .execute();
      expect(orders).toHaveLength(1);
    });

    it('counts against the open-order cap: the fourth is refused with the sentence', async () => {
      const { client, customerId } = await cod.shopper(kurta, 1);
      for (let i = 0; i < COD_MAX_OPEN_ORDERS; i++) {
        if (i > 0) await fixtures.bagLine(customerId, kurta.skus.M ?? 0, 1);
        await cod.placed(client);
      }
      await fixtures.bagLine(customerId, kurta.skus.M ?? 0, 1);
      const offer = await cod.eligibility(client);
      expect(offer.body.reason).toBe(codOpenOrdersMessage(3));
      const res = await cod.place(client, offer.body.breakdown.amount * 100);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(codOpenOrdersMessage(3));
    });
  });
});
