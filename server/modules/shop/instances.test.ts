import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyResponse, ShopDetails } from '../../../contract/shop.ts';
import { connectPostgres } from '../../db/connect.ts';
import { listenTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { TestClient } from '../../test/http.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** An instance of the shop on the PostgreSQL database at `url`, as behind a load balancer. */
const startInstance = (url: string) =>
  listenTestApp('postgres', connectPostgres(url, 4), { DATABASE_URL: url });

/**
 * What `read` answers once it satisfies `seen`, reading every 100 ms for at most a second: the promise
 * the shop makes for a change of its details. The last answer is returned either way, for the test to judge.
 */
async function withinASecond<T>(read: () => Promise<T>, seen: (answer: T) => boolean): Promise<T> {
  let answer = await read();
  for (let tries = 0; tries < 10 && !seen(answer); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await read();
  }
  return answer;
}

describe.skipIf(!databaseKinds().includes('postgres'))('the shop’s details on two instances', () => {
  let database: Awaited<ReturnType<typeof databaseForProcess>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await databaseForProcess('postgres');
    const url = database.env.DATABASE_URL ?? '';
    a = await startInstance(url);
    b = await startInstance(url);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('shows a change made on one instance on the other within a second', async () => {
    const onB = new TestClient(b.baseUrl);
    const shopOnB = async () => (await onB.get<ShopDetails>('/api/shop')).body;
    const shippingOnB = async () => (await onB.get<PolicyResponse>('/api/policies/shipping')).body.html;
    // instance B has the shop and a policy page in memory
    expect((await shopOnB()).name).toBe('haat');
    expect(await shippingOnB()).toContain('a delivery charge of ₹50');

    const owner = new TestClient(a.baseUrl);
    const name = await owner.put('/admin/api/shop', { name: 'Jaipur Blue Pottery' }, BEARER);
    expect(name.status).toBe(200);
    const charge = await owner.put('/admin/api/settings', { deliveryCharge: 75 }, BEARER);
    expect(charge.status).toBe(200);

    const seen = await withinASecond(shopOnB, (shop) => shop.deliveryCharge === 75);
    expect(seen).toMatchObject({ name: 'Jaipur Blue Pottery', deliveryCharge: 75 });
    expect(await shippingOnB()).toContain('a delivery charge of ₹75');
  });
});
