import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COD_NOT_AWAITING_MESSAGE } from '../../../contract/cod.ts';
import type { Coupon } from '../../../contract/coupons.ts';
import { loadConfig } from '../../config.ts';
import { describeEachDatabase, listenTestApp, type TestApp } from '../../test/app.ts';
import { BEARER, CodDriver } from '../../test/cod.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { stockOf } from '../../test/rows.ts';

const WINDOW = { COD_CONFIRM_SECONDS: '5', OUTBOX_INTERVAL_MS: '50' };
const HOUR = 3_600_000;

/** polls until `check` holds, for up to `ms` */
async function within<T>(ms: number, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const lineStatuses = (t: TestApp, orderId: number) =>
  t.db
    .selectFrom('order_lines')
    .select(['status', 'cancelled_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

describe('COD_CONFIRM_SECONDS', () => {
  it('is 900 by default, 5 to 86400, and a bad value stops the start with a clear message', () => {
    expect(loadConfig({}).codConfirmSeconds).toBe(900);
    expect(loadConfig({ COD_CONFIRM_SECONDS: '5' }).codConfirmSeconds).toBe(5);
    expect(loadConfig({ COD_CONFIRM_SECONDS: '86400' }).codConfirmSeconds).toBe(86_400);
    for (const bad of ['4', '86401', '15.5', 'soon']) {
      expect(() => loadConfig({ COD_CONFIRM_SECONDS: bad })).toThrow(
        `COD_CONFIRM_SECONDS must be a whole number from 5 to 86400 (got "${bad}")`,
      );
    }
  });
});

describeEachDatabase(
  'cash on delivery: an order unconfirmed in its window is cancelled by the shop',
  (t) => {
    let fixtures: Fixtures;
    const cod = new CodDriver(t, () => fixtures);
    let kurta: FixtureProduct;
    let dupatta: FixtureProduct;

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      kurta = await fixtures.product({ name: 'Lapse kurta', pricePaise: 100_000, sizes: [['M', 10]] });
      dupatta = await fixtures.product({ name: 'Lapse dupatta', pricePaise: 30_000, sizes: [['M', 10]] });
      await cod.settings({ codEnabled: true, codFee: 49 });
    });

    it('cancels every line within 10 s after confirmBy: units back, nothing refunded, the coupon use given back', async () => {
      const coupon = await new TestClient(t().baseUrl).post<Coupon>(
        '/admin/api/coupons',
        {
          code: `LAPSE${Date.now() % 100_000}`,
          title: 'Flat ₹100 off',
          kind: 'flat',
          value: 100,
          scope: { productIds: [kurta.id] },
          startsAt: new Date(Date.now() - HOUR).toISOString(),
          endsAt: new Date(Date.now() + HOUR).toISOString(),
        },
        BEARER,
      );
      expect(coupon.status).toBe(201);
      const { client, customerId } = await cod.shopper(kurta, 2);
      await fixtures.bagLine(customerId, dupatta.skus.M ?? 0, 1);
      expect((await client.post('/api/coupons/apply', { code: coupon.body.code })).status).toBe(200);
      const placed = await cod.placed(client);
      const used = () =>
        t()
          .db.selectFrom('coupons')
          .select('used')
          .where('id', '=', coupon.body.id)
          .executeTakeFirstOrThrow();
      expect(await used()).toEqual({ used: 1 });
      expect(await stockOf(t().db, kurta.skus.M)).toBe(8);
      expect(await stockOf(t().db, dupatta.skus.M)).toBe(9);

      const confirmBy = Date.parse(placed.confirmBy);
      expect(confirmBy - Date.now()).toBeLessThanOrEqual(5_000);
      const lines = await within(
        16_000,
        () => lineStatuses(t(), placed.orderId),
        (rows) => rows.every((row) => row.status === 'cancelled'),
      );
      expect(lines.map((line) => line.status)).toEqual(['cancelled', 'cancelled']);
      for (const line of lines) {
        expect(line.cancelled_at?.getTime()).toBeGreaterThanOrEqual(confirmBy);
        expect(line.cancelled_at?.getTime()).toBeLessThanOrEqual(confirmBy + 10_000);
      }
      expect(await stockOf(t().db, kurta.skus.M)).toBe(10);
      expect(await stockOf(t().db, dupatta.skus.M)).toBe(10);
      const refunds = await t()
        .db.selectFrom('refunds')
        .innerJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
        .select('refunds.id')
        .where('order_lines.order_id', '=', placed.orderId)
        .execute();
      expect(refunds).toEqual([]);
      expect(await used()).toEqual({ used: 0 });
      const confirmation = await t()
        .db.selectFrom('cod_confirmations')
        .select(['lapsed_at', 'confirmed_at'])
        .where('order_id', '=', placed.orderId)
        .executeTakeFirstOrThrow();
      expect(confirmation).toEqual({ lapsed_at: expect.any(Date), confirmed_at: null });

      const late = await cod.confirm(client, placed.orderId, '123456');
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(COD_NOT_AWAITING_MESSAGE);
      const shown = await cod.orders(client);
      expect(shown.map((line) => line.status)).toEqual(['cancelled', 'cancelled']);
    }, 30_000);

    it('leaves a confirmed order alone', async () => {
      const { client, phone } = await cod.shopper(kurta, 1);
      const placed = await cod.placed(client);
      const code = await cod.codeSent(client, phone);
      expect((await cod.confirm(client, placed.orderId, code)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, Date.parse(placed.confirmBy) - Date.now() + 3_000));
      expect((await lineStatuses(t(), placed.orderId)).map((line) => line.status)).toEqual(['placed']);
    }, 30_000);
  },
  WINDOW,
);

for (const kind of databaseKinds()) {
  describe(`cash on delivery: the lapse survives a restart [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    let app: TestApp | undefined;

    beforeAll(async () => {
      database = await databaseForProcess(kind);
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('an order placed before a stop is cancelled by the server started after its window', async () => {
      // a long window while placing, so the first server cannot lapse it before it stops
      app = await listenTestApp(kind, await database.open(), { COD_CONFIRM_SECONDS: '3600' });
      const fixtures = new Fixtures(app.db);
      const first = app;
      const cod = new CodDriver(
        () => first,
        () => fixtures,
      );
      await cod.settings({ codEnabled: true });
      const kurta = await fixtures.product({ name: 'Restart kurta', pricePaise: 100_000, sizes: [['M', 3]] });
      const { client } = await cod.shopper(kurta, 1);
      const placed = await cod.placed(client);
      await app.close();
      app = undefined;

      // while no server ran, its window passed
      const closed = await database.open();
      await closed.db
        .updateTable('cod_confirmations')
        .set({ confirm_by: new Date(Date.now() - 60_000) })
        .where('order_id', '=', placed.orderId)
        .execute();
      await closed.close();

      app = await listenTestApp(kind, await database.open(), WINDOW);
      const restarted = app;
      const lines = await within(
        10_000,
        () => lineStatuses(restarted, placed.orderId),
        (rows) => rows.every((row) => row.status === 'cancelled'),
      );
      expect(lines.map((line) => line.status)).toEqual(['cancelled']);
      expect(await stockOf(restarted.db, kurta.skus.M)).toBe(3);
    }, 120_000);
  });
}

// several instances on one PostgreSQL (PGlite is one process's): each sweeps, and an order lapses once
if (databaseKinds().includes('postgres')) {
  describe('cash on delivery: two instances sweep one database [postgres]', () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    const apps: TestApp[] = [];

    beforeAll(async () => {
      database = await databaseForProcess('postgres');
    }, 60_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.close();
    });

    it('cancels each line once, its units back once', async () => {
      for (let i = 0; i < 2; i++) apps.push(await listenTestApp('postgres', await database.open(), WINDOW));
      const [one, two] = apps as [TestApp, TestApp];
      const fixtures = new Fixtures(one.db);
      const cod = new CodDriver(
        () => one,
        () => fixtures,
      );
      await cod.settings({ codEnabled: true });
      const kurta = await fixtures.product({ name: 'Twice kurta', pricePaise: 100_000, sizes: [['M', 10]] });
      const placedOrders = [];
      for (let i = 0; i < 4; i++) {
        const { client } = await cod.shopper(kurta, 2);
        placedOrders.push(await cod.placed(client));
      }
      expect(await stockOf(two.db, kurta.skus.M)).toBe(2);
      for (const order of placedOrders) {
        const lines = await within(
          16_000,
          () => lineStatuses(two, order.orderId),
          (rows) => rows.every((row) => row.status === 'cancelled'),
        );
        expect(lines.map((line) => line.status)).toEqual(['cancelled']);
      }
      expect(await stockOf(two.db, kurta.skus.M)).toBe(10);
      const cancels = await two.db
        .selectFrom('audit_log')
        .select('subject')
        .where('action', '=', 'order.cancel')
        .where('actor', '=', 'shop:cod-lapse')
        .execute();
      expect(cancels).toHaveLength(4);
    }, 60_000);
  });
}
