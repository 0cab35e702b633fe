import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';
import { FakeShiprocket } from './fake.ts';

/** an adhoc order's fields as the shop's client sends them, the payment as given */
const order = (orderId: string, payment: Record<string, unknown>) => ({
  order_id: orderId,
  pickup_location: 'haat-seller-cod',
  billing_address: '12, Park Street',
  billing_pincode: '700001',
  weight: 0.5,
  ...payment,
});

describeEachDatabase('the local fake of Shiprocket: how a parcel is paid', (t) => {
  let fake: FakeShiprocket;
  let token: string;
  const post = (path: string, body: unknown) => fake.handle({ method: 'POST', path, token, body });
  const recorded = (channelOrderId: string) =>
    t()
      .db.selectFrom('sim_courier_shipments')
      .select(['payment_method', 'sub_total'])
      .where('channel_order_id', '=', channelOrderId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    fake = new FakeShiprocket(t().db);
    const login = await fake.handle({
      method: 'POST',
      path: '/v1/external/auth/login',
      body: { email: 'api@shop.example', password: 'secret' },
    });
    token = (login.body as { token: string }).token;
    const pickup = await post('/v1/external/settings/company/addpickup', {
      pickup_location: 'haat-seller-cod',
      address: '4 Lindsay Street',
      pin_code: '700087',
    });
    expect(pickup.status).toBe(200);
  });

  it('records COD (in any case) with the rupees to collect, and Prepaid', async () => {
    const cod = await post(
      '/v1/external/orders/create/adhoc',
      order('pur_fake_cod', { payment_method: 'cod', sub_total: 1049 }),
    );
    expect(cod.status).toBe(200);
    expect(await recorded('pur_fake_cod')).toEqual({ payment_method: 'COD', sub_total: '1049' });
    const prepaid = await post(
      '/v1/external/orders/create/adhoc',
      order('pur_fake_prepaid', { payment_method: 'Prepaid', sub_total: 999.5 }),
    );
    expect(prepaid.status).toBe(200);
    expect(await recorded('pur_fake_prepaid')).toEqual({ payment_method: 'Prepaid', sub_total: '999.5' });
  });

  it('refuses a payment method or a sub total Shiprocket would not take, as it does (422)', async () => {
    const cash = await post(
      '/v1/external/orders/create/adhoc',
      order('pur_fake_cash', { payment_method: 'Cash', sub_total: 1 }),
    );
    expect(cash).toEqual({
      status: 422,
      body: {
        message: 'Oops! Invalid Data.',
        errors: { payment_method: ['The payment method must be COD or Prepaid.'] },
        status_code: 422,
      },
    });
    const total = await post(
      '/v1/external/orders/create/adhoc',
      order('pur_fake_total', { payment_method: 'COD', sub_total: 'lots' }),
    );
    expect(total.status).toBe(422);
    expect((total.body as { errors: Record<string, unknown> }).errors).toHaveProperty('sub_total');
  });
});
