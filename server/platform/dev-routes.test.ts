import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { uniquePhone } from '../test/shopper.ts';
import { isLoopback } from './dev-routes.ts';

describeEachDatabase('development routes', (t) => {
  it('answer clients on this machine, and are absent (404) for a client behind a trusted proxy', async () => {
    const client = await t().client();
    const phone = uniquePhone();
    expect((await client.post('/api/otp/send', { phoneNumber: phone })).status).toBe(200);
    expect((await client.get(`/api/dev/sms/${phone}`)).status).toBe(200);

    const remote = { 'x-forwarded-for': '203.0.113.9' };
    const outbox = await client.get(`/api/dev/sms/${phone}`, remote);
    expect(outbox.status).toBe(404);
    expect(outbox.body).toEqual({ error: expect.stringMatching(/^Not found: GET/) });
    expect(
      (await client.post('/api/dev/pay', { orderId: 'order_x', outcome: 'success' }, remote)).status,
    ).toBe(404);
    expect((await client.get('/api/dev/payments/pay_x', remote)).status).toBe(404);
    // the shop's own routes still answer that client
    expect((await client.get('/home', remote)).status).toBe(200);
  });
});

it('tells loopback addresses from the rest', () => {
  for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip)).toBe(true);
  for (const ip of ['10.0.0.1', '203.0.113.9', '::ffff:10.0.0.1', '2001:db8::1', '0.0.0.0']) {
    expect(isLoopback(ip)).toBe(false);
  }
});
