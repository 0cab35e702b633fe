import { describe, expect, it } from 'vitest';
import type { PolicyResponse, ShopDetails } from '../../../contract/shop.ts';
import { TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { databaseKinds } from '../../test/database.ts';
import { TestClient } from '../../test/http.ts';
import { readUntil, twoInstances } from '../../test/instances.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

describe.skipIf(!databaseKinds().includes('postgres'))('the shop’s details on two instances', () => {
  const { a, b } = twoInstances();

  it('shows a change made on one instance on the other within a second', async () => {
    const onB = new TestClient(b().baseUrl);
    const shopOnB = async () => (await onB.get<ShopDetails>('/api/shop')).body;
    const shippingOnB = async () => (await onB.get<PolicyResponse>('/api/policies/shipping')).body.html;
    // instance B has the shop and a policy page in memory
    expect((await shopOnB()).name).toBe('haat');
    expect(await shippingOnB()).toContain('a delivery charge of ₹50');

    const owner = new TestClient(a().baseUrl);
    const name = await owner.put('/admin/api/shop', { name: 'Jaipur Blue Pottery' }, BEARER);
    expect(name.status).toBe(200);
    const charge = await owner.put('/admin/api/settings', { deliveryCharge: 75 }, BEARER);
    expect(charge.status).toBe(200);

    // the shop promises a second
    const seen = await readUntil(shopOnB, (shop) => shop.deliveryCharge === 75, 1);
    expect(seen).toMatchObject({ name: 'Jaipur Blue Pottery', deliveryCharge: 75 });
    expect(await shippingOnB()).toContain('a delivery charge of ₹75');
  });
});
