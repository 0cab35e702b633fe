import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../db/connect.ts';
import { listenTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';

type Stock = { productInfo: { stock: number; additionsize: Record<string, number> } };

/** An instance of the shop on the PostgreSQL database at `url`, as behind a load balancer. */
const startInstance = (url: string) =>
  listenTestApp('postgres', connectPostgres(url, 4), { DATABASE_URL: url });

/** Reads until the page shows `expected` (or gives up well past the one second the shop promises). */
async function stockSeenBy(instance: TestApp, product: FixtureProduct, expected: number): Promise<number> {
  const visitor = await instance.client();
  let stock = Number.NaN;
  for (let tries = 0; tries < 50 && stock !== expected; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    stock = (await visitor.get<Stock>(`/product/ind/apparel/${product.id}`)).body.productInfo.stock;
  }
  return stock;
}

describe.skipIf(!databaseKinds().includes('postgres'))('two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof databaseForProcess>>;
  let a: TestApp;
  let b: TestApp;
  let fixtures: Fixtures;

  beforeAll(async () => {
    database = await databaseForProcess('postgres');
    const url = database.env.DATABASE_URL ?? '';
    a = await startInstance(url);
    b = await startInstance(url);
    fixtures = new Fixtures(a.db);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('shows a sale made on one instance on the product page of the other at once', async () => {
    const product = await fixtures.product({ sizes: [['M', 5]] });
    // instance B has the page cached, with its 30-second lifetime ahead of it
    expect(await stockSeenBy(b, product, 5)).toBe(5);
    const checkout = new CheckoutDriver(() => a);
    const { client } = await checkout.shopper(2, product);
    const placed = await checkout.checkOut(client, await checkout.paid(client));
    expect(placed.status).toBe(200);
    expect(await stockSeenBy(b, product, 3)).toBe(3);
  });

  it('shows a back-office stock change made on one instance on the other', async () => {
    const product = await fixtures.product({ sizes: [['M', 5]] });
    expect(await stockSeenBy(a, product, 5)).toBe(5);
    const staff = new TestClient(b.baseUrl);
    const set = await staff.put(
      '/admin/api/stock',
      { productId: product.id, size: 'M', quantity: 9 },
      { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    );
    expect(set.status).toBe(200);
    expect(await stockSeenBy(a, product, 9)).toBe(9);
  });
});
