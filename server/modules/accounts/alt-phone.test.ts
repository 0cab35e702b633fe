import { beforeAll, expect, it } from 'vitest';
import type { Profile } from '../../../contract/accounts.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';

/** The alternative phone is optional (decision 063): an address without one is saved and ordered to. */
describeEachDatabase('the alternative phone is optional', (t) => {
  const driver = new CheckoutDriver(t);
  let product: FixtureProduct;

  beforeAll(async () => {
    product = await new Fixtures(t().db).product({ pricePaise: 60_000, sizes: [['M', 10]] });
  });

  const address = (profile: Profile, altPhoneNumber: string) => ({
    ...profile,
    fname: 'Asha',
    lname: 'Sen',
    houseNo: '12B',
    roadName: 'Park Street',
    areaName: 'Esplanade',
    postOffice: 'Park Street',
    city: 'Kolkata',
    pin: '700001',
    altPhoneNumber,
  });

  it('/editProfile saves an address with altPhoneNumber "", and /create-order opens an order for it', async () => {
    const { client, customerId } = await driver.shopper(1, product);
    await t()
      .db.updateTable('customers')
      .set({ alt_phone: '9123456780' })
      .where('id', '=', customerId)
      .execute();
    const profile = (await client.get<Profile>('/api/profile')).body;
    const saved = await client.post<Profile>('/editProfile', address(profile, ''));
    expect(saved.status).toBe(200);
    expect(saved.body.altPhoneNumber).toBe('');
    const row = await t()
      .db.selectFrom('customers')
      .select('alt_phone')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(row.alt_phone).toBeNull();

    const order = await driver.createOrder(client, await driver.amountToPay(client));
    expect(order.status).toBe(200);
    expect(order.body.id).toMatch(/^order_/);
  });

  it.each(['12345', '1234567890', '98300 1234', 'abcdefghij'])(
    'a malformed one (%s) is still a 400 naming it, and nothing changes',
    async (altPhoneNumber) => {
      const { client } = await driver.shopper(0, product);
      const before = (await client.get<Profile>('/api/profile')).body;
      const res = await client.post<{ error?: string }>('/editProfile', address(before, altPhoneNumber));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^altPhoneNumber /);
      expect((await client.get<Profile>('/api/profile')).body).toEqual(before);
    },
  );
});
