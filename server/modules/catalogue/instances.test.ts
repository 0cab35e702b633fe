import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { databaseKinds } from '../../test/database.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { readUntil, twoInstances } from '../../test/instances.ts';

type Stock = { productInfo: { stock: number; additionsize: Record<string, number> } };

/** The stock the instance's product page shows, read until it is `expected` (or gives up after 5 s). */
async function stockSeenBy(instance: TestApp, product: FixtureProduct, expected: number): Promise<number> {
  const visitor = await instance.client();
  const stock = async () =>
    (await visitor.get<Stock>(`/product/ind/apparel/${product.id}`)).body.productInfo.stock;
  return readUntil(stock, (units) => units === expected);
}

describe.skipIf(!databaseKinds().includes('postgres'))('two instances on one PostgreSQL', () => {
  const { a, b } = twoInstances();
  let fixtures: Fixtures;

  beforeAll(() => {
    fixtures = new Fixtures(a().db);
  });

  it('shows a sale made on one instance on the product page of the other at once', async () => {
    const product = await fixtures.product({ sizes: [['M', 5]] });
    // instance B has the page cached, with its 30-second lifetime ahead of it
    expect(await stockSeenBy(b(), product, 5)).toBe(5);
    const checkout = new CheckoutDriver(a);
    const { client } = await checkout.shopper(2, product);
    const placed = await checkout.checkOut(client, await checkout.paid(client));
    expect(placed.status).toBe(200);
    expect(await stockSeenBy(b(), product, 3)).toBe(3);
  });

  it('shows a back-office stock change made on one instance on the other', async () => {
    const product = await fixtures.product({ sizes: [['M', 5]] });
    expect(await stockSeenBy(a(), product, 5)).toBe(5);
    const staff = new TestClient(b().baseUrl);
    const set = await staff.put(
      '/admin/api/stock',
      { productId: product.id, size: 'M', quantity: 9 },
      { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    );
    expect(set.status).toBe(200);
    expect(await stockSeenBy(a(), product, 9)).toBe(9);
  });
});
