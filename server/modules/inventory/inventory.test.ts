import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/connect.ts';
import { type Change, ChangeFeed } from '../../platform/changes.ts';
import { AppError } from '../../platform/errors.ts';
import { databaseKinds, openTestDatabase } from '../../test/database.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { Inventory } from './service.ts';

const MINUTE = 60_000;

// Inventory's rules on their own, against a real database: what can be sold, and who hears of a change.
for (const kind of databaseKinds()) {
  describe(`inventory [${kind}]`, () => {
    let handle: DatabaseHandle;
    let db: Db;
    let fixtures: Fixtures;
    let inventory: Inventory;
    let announced: Change[];

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      db = handle.db;
      fixtures = new Fixtures(db);
      const changes = new ChangeFeed();
      changes.onChange((change) => announced.push(change));
      inventory = new Inventory(db, changes);
    });
    afterAll(() => handle.close());
    beforeEach(() => {
      announced = [];
    });

    const sku = (product: FixtureProduct, size = 'M') => {
      const id = product.skus[size];
      if (id === undefined) throw new Error(`no size ${size}`);
      return id;
    };
    const stockOf = async (skuId: number) =>
      (await db.selectFrom('skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
    const available = (skuId: number) => inventory.available(db, skuId);
    const holdsOf = (attemptId: number) =>
      db
        .selectFrom('stock_holds')
        .select(['quantity', 'expires_at', 'released_at'])
        .where('payment_order_id', '=', attemptId)
        .execute();
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error as AppError,
      );

    describe('units free to sell', () => {
      it('are stock less live holds, per size; released holds count for nothing', async () => {
        const kurta = await fixtures.product({
          sizes: [
            ['S', 5],
            ['M', 3],
          ],
        });
        const shopper = await fixtures.customer();
        await fixtures.hold(shopper, sku(kurta, 'S'), 2);
        await fixtures.hold(shopper, sku(kurta, 'S'), 1, 'released');
        await fixtures.hold(shopper, sku(kurta, 'M'), 1);
        expect(await available(sku(kurta, 'S'))).toBe(3);
        expect(await available(sku(kurta, 'M'))).toBe(2);
        expect(await inventory.sizes(db, kurta.id)).toEqual([
          { size: 'S', available: 3 },
          { size: 'M', available: 2 },
        ]);
      });

      it('never fall below 0 when more units are held than stocked', async () => {
        const shawl = await fixtures.product({ sizes: [['M', 1]] });
        await fixtures.hold(await fixtures.customer(), sku(shawl), 3);
        expect(await available(sku(shawl))).toBe(0);
        expect(await inventory.sizes(db, shawl.id)).toEqual([
          { size: 'M', available: 0, held: { units: 3, until: expect.any(Date) } },
        ]);
      });

      it('come back when a hold expires', async () => {
        const shawl = await fixtures.product({ sizes: [['M', 4]] });
        const shopper = await fixtures.customer();
        await fixtures.hold(shopper, sku(shawl), 1, 'expired');
        const live = await fixtures.hold(shopper, sku(shawl), 3);
        expect(await available(sku(shawl))).toBe(1);
        await db
          .updateTable('stock_holds')
          .set({ expires_at: sql<Date>`now() - interval '1 second'` })
          .where('payment_order_id', '=', live)
          .execute();
        expect(await available(sku(shawl))).toBe(4);
      });
    });

    describe('holds', () => {
      it('refuses (409) a line asking more units than others leave free, naming it', async () => {
        const kurta = await fixtures.product({ name: 'Held kurta', sizes: [['M', 2]] });
        await fixtures.hold(await fixtures.customer(), sku(kurta), 1);
        const line = { skuId: sku(kurta), name: 'Held kurta', size: 'M' };
        const refused = await refusal(
          inventory.transaction((trx) => inventory.assertFree(trx, [{ ...line, quantity: 2 }])),
        );
        expect(refused).toBeInstanceOf(AppError);
        expect(refused?.status).toBe(409);
        expect(refused?.message).toBe(
          'Only 1 of "Held kurta" (size M) can be bought now; please update your cart',
        );
        await inventory.transaction((trx) => inventory.assertFree(trx, [{ ...line, quantity: 1 }]));
      });

      it('counts against stock for 10 minutes; a second unpaid attempt of the account, on any size, ends with the first (decision 054)', async () => {
        const kurta = await fixtures.product({
          sizes: [
            ['M', 5],
            ['L', 5],
          ],
        });
        const customerId = await fixtures.customer();
        const first = await fixtures.attempt(customerId);
        const startedAt = new Date(Date.now() - 5 * MINUTE);
        await db
          .updateTable('payment_orders')
          .set({ created_at: startedAt })
          .where('id', '=', first)
          .execute();
        const firstEnd = await inventory.transaction((trx) =>
          inventory.hold(trx, {
            paymentOrderId: first,
            customerId,
            lines: [{ skuId: sku(kurta), quantity: 2 }],
          }),
        );
        expect(firstEnd).toEqual(new Date(startedAt.getTime() + 10 * MINUTE));
        expect(await holdsOf(first)).toEqual([{ quantity: 2, expires_at: firstEnd, released_at: null }]);
        expect(await available(sku(kurta))).toBe(3);
        expect(announced).toEqual([{ productIds: [kurta.id] }]);

        // the next attempt holds another size: its end is still the first attempt's
        const second = await fixtures.attempt(customerId);
        const lines = [{ skuId: sku(kurta, 'L'), quantity: 1 }];
        const secondEnd = await inventory.transaction(async (trx) => {
          await inventory.releaseUnpaid(trx, customerId);
          return inventory.hold(trx, { paymentOrderId: second, customerId, lines });
        });
        expect(secondEnd).toEqual(firstEnd);
        expect(await holdsOf(second)).toEqual([{ quantity: 1, expires_at: firstEnd, released_at: null }]);
        // the first attempt's units went back before the second's were held
        expect((await holdsOf(first))[0]?.released_at).not.toBeNull();
        expect(await available(sku(kurta))).toBe(5);
        expect(await available(sku(kurta, 'L'))).toBe(4);
      });

      it("tell the sizes none of whose units is free only because checkouts hold them, with the first hold's end", async () => {
        const kurta = await fixtures.product({
          sizes: [
            ['S', 2],
            ['M', 3],
            ['L', 1],
          ],
        });
        const early = await fixtures.hold(await fixtures.customer(), sku(kurta, 'S'), 1);
        await fixtures.hold(await fixtures.customer(), sku(kurta, 'S'), 1);
        await fixtures.hold(await fixtures.customer(), sku(kurta, 'M'), 1);
        await inventory.transaction((trx) =>
          inventory.holdForExchange(trx, { skuId: sku(kurta, 'L'), quantity: 1, name: 'kurta', size: 'L' }),
        );
        const earlyEnd = new Date(Date.now() + 2 * MINUTE);
        await db
          .updateTable('stock_holds')
          .set({ expires_at: earlyEnd })
          .where('payment_order_id', '=', early)
          .execute();
        // S: both units in checkouts; M: some free; L: an exchange's, which is no one's bag
        expect(await inventory.sizes(db, kurta.id)).toEqual([
          { size: 'S', available: 0, held: { units: 2, until: earlyEnd } },
          { size: 'M', available: 2 },
          { size: 'L', available: 0 },
        ]);
      });

      it('go back on release, which answers whether any units were freed', async () => {
        const kurta = await fixtures.product({ sizes: [['M', 5]] });
        const attempt = await fixtures.hold(await fixtures.customer(), sku(kurta), 2);
        expect(await available(sku(kurta))).toBe(3);
        expect(await inventory.transaction((trx) => inventory.release(trx, attempt))).toBe(true);
        expect(await available(sku(kurta))).toBe(5);
        expect(announced).toEqual([{ productIds: [kurta.id] }]);
        expect(await inventory.transaction((trx) => inventory.release(trx, attempt))).toBe(false);
      });
    });

    describe('selling', () => {
      it('fills each line whole from its own hold or free units, or not at all; stock never goes negative', async () => {
        const kurta = await fixtures.product({ sizes: [['M', 2]] });
        const shawl = await fixtures.product({ sizes: [['M', 1]] });
        const buyer = await fixtures.customer();
        const attempt = await fixtures.hold(buyer, sku(kurta), 2);
        // another shopper holds the shawl's last unit
        await fixtures.hold(await fixtures.customer(), sku(shawl), 1);
        const lines = [
          { skuId: sku(kurta), quantity: 2, name: 'kurta' },
          { skuId: sku(shawl), quantity: 1, name: 'shawl' },
        ];
        const sold = await inventory.transaction((trx) => inventory.sell(trx, attempt, lines));
        expect(sold.filled.map((l) => l.name)).toEqual(['kurta']);
        expect(sold.unfilled.map((l) => l.name)).toEqual(['shawl']);
        expect(await stockOf(sku(kurta))).toBe(0);
        expect(await stockOf(sku(shawl))).toBe(1);
        expect((await holdsOf(attempt))[0]?.released_at).not.toBeNull();
        expect(announced).toEqual([{ productIds: [kurta.id] }]);
      });

      it('fills a line from free units when its hold has lapsed', async () => {
        const kurta = await fixtures.product({ sizes: [['M', 3]] });
        const attempt = await fixtures.hold(await fixtures.customer(), sku(kurta), 2, 'expired');
        const line = { skuId: sku(kurta), quantity: 2 };
        const sold = await inventory.transaction((trx) => inventory.sell(trx, attempt, [line]));
        expect(sold).toEqual({ filled: [line], unfilled: [] });
        expect(await stockOf(sku(kurta))).toBe(1);
      });
    });

    describe('stock set by hand, and restocking', () => {
      it('sets one size, answers before and after, and announces every listing (cards offer sizes in stock)', async () => {
        const kurta = await fixtures.product({
          sizes: [
            ['S', 2],
            ['M', 6],
          ],
        });
        const change = await inventory.transaction((trx) => inventory.setStock(trx, kurta.id, 'M', 11));
        expect(change).toEqual({ oldStock: 6, stock: 11 });
        expect(await stockOf(sku(kurta, 'M'))).toBe(11);
        expect(await stockOf(sku(kurta, 'S'))).toBe(2);
        expect(announced).toEqual([{ everything: true }]);
      });

      it.each([
        ['an unknown product', 2_000_000_000, 'M', /No product with id/],
        ['an unknown size', 0, 'XXL', /has no size "XXL"/],
      ])('answers %s with a 404', async (_case, productId, size, message) => {
        const kurta = await fixtures.product({ sizes: [['M', 1]] });
        const refused = await refusal(
          inventory.transaction((trx) => inventory.setStock(trx, productId || kurta.id, size, 1)),
        );
        expect(refused?.status).toBe(404);
        expect(refused?.message).toMatch(message);
        expect(announced).toEqual([]);
      });

      it('refuses (409) stock below the units held, changing nothing; at the held units it is kept', async () => {
        const kurta = await fixtures.product({ sizes: [['M', 3]] });
        const attempt = await fixtures.hold(await fixtures.customer(), sku(kurta), 2);
        const refused = await refusal(
          inventory.transaction((trx) => inventory.setStock(trx, kurta.id, 'M', 1)),
        );
        expect(refused?.status).toBe(409);
        expect(refused?.message).toBe(
          '2 units of size M are held for shoppers paying now: stock cannot go below 2',
        );
        expect(await stockOf(sku(kurta))).toBe(3);
        expect(announced).toEqual([]);
        await inventory.transaction((trx) => inventory.setStock(trx, kurta.id, 'M', 2));
        const line = { skuId: sku(kurta), quantity: 2 };
        const sold = await inventory.transaction((trx) => inventory.sell(trx, attempt, [line]));
        expect(sold).toEqual({ filled: [line], unfilled: [] });
        expect(await stockOf(sku(kurta))).toBe(0);
      });

      it('puts restocked units back on the shelf', async () => {
        const kurta = await fixtures.product({ sizes: [['M', 1]] });
        await inventory.transaction((trx) => inventory.restock(trx, sku(kurta), 3));
        expect(await stockOf(sku(kurta))).toBe(4);
        expect(announced).toEqual([{ productIds: [kurta.id] }]);
      });
    });

    describe('announcing', () => {
      it('announces what a transaction changed only once it commits, and nothing when it rolls back', async () => {
        const kurta = await fixtures.product({ sizes: [['M', 1]] });
        await inventory.transaction(async (trx) => {
          await inventory.restock(trx, sku(kurta), 1);
          expect(announced).toEqual([]);
        });
        expect(announced).toEqual([{ productIds: [kurta.id] }]);

        announced = [];
        const failed = inventory.transaction(async (trx) => {
          await inventory.restock(trx, sku(kurta), 1);
          throw new Error('the caller changed its mind');
        });
        await expect(failed).rejects.toThrow('changed its mind');
        expect(announced).toEqual([]);
        expect(await stockOf(sku(kurta))).toBe(2);
      });

      it('refuses a change outside its transaction, which would never be announced', async () => {
        const kurta = await fixtures.product({ sizes: [['M', 1]] });
        await db.transaction().execute(async (trx) => {
          await expect(inventory.restock(trx, sku(kurta), 1)).rejects.toThrow(/Inventory.transaction/);
        });
        expect(await stockOf(sku(kurta))).toBe(1);
      });
    });
  });
}
