import { afterAll, beforeEach, expect, it } from 'vitest';
import { MSG91_SUCCESS, startFakeMsg91 } from '../../integrations/msg91/fake-server.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { TestClient } from '../../test/http.ts';
import { uniquePhone } from '../../test/shopper.ts';

const gateway = await startFakeMsg91();
afterAll(() => gateway.close());

const MSG91 = {
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'fake-auth-key-0123',
  MSG91_TEMPLATE_ID: '65f1a2b3c4d5e6f708192a3b',
  MSG91_BASE_URL: gateway.url,
};

/** The code the fake gateway was asked to deliver last. */
function lastDelivered(): { mobiles: string; otp: string } {
  const body = gateway.received.at(-1)?.body as { recipients: { mobiles: string; otp: string }[] };
  const [recipient] = body.recipients;
  if (!recipient) throw new Error('no recipient');
  return recipient;
}

describeEachDatabase(
  'one-time codes through MSG91',
  (t) => {
    beforeEach(() => {
      gateway.answer = MSG91_SUCCESS;
    });

    it('hands the code to the gateway, which the shopper then verifies', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      const before = gateway.received.length;
      const res = await client.post('/api/otp/send', { phoneNumber: phone });
      expect(res.status).toBe(200);
      expect(gateway.received).toHaveLength(before + 1);
      expect(gateway.received.at(-1)).toMatchObject({
        method: 'POST',
        path: '/api/v5/flow',
        headers: { authkey: 'fake-auth-key-0123' },
        body: { template_id: '65f1a2b3c4d5e6f708192a3b', short_url: '0' },
      });
      const { mobiles, otp } = lastDelivered();
      expect(mobiles).toBe(`91${phone}`);
      expect(otp).toMatch(/^\d{6}$/);
      const verified = await client.post('/api/otp/verify', { phoneNumber: phone, code: otp });
      expect(verified.status).toBe(200);
    });

    it.each([
      ['a non-2xx answer', { status: 500, body: '{"type":"error","message":"Internal error"}' }],
      ['a 200 that reports an error', { status: 200, body: '{"type":"error","message":"Invalid template"}' }],
    ])('fails the send with a 502 on %s, leaving no valid code and no throttle', async (_, answer) => {
      const client = await t().client();
      const phone = uniquePhone();
      gateway.answer = answer;
      const res = await client.post<{ error: string }>('/api/otp/send', { phoneNumber: phone });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: expect.stringMatching(/Could not send the OTP/) });
      const undelivered = lastDelivered().otp;
      expect((await client.post('/api/otp/verify', { phoneNumber: phone, code: undelivered })).status).toBe(
        401,
      );

      gateway.answer = MSG91_SUCCESS;
      expect((await client.post('/api/otp/send', { phoneNumber: phone })).status).toBe(200);
      const delivered = lastDelivered().otp;
      expect((await client.post('/api/otp/verify', { phoneNumber: phone, code: delivered })).status).toBe(
        200,
      );
    });

    it('has no development outbox', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      await client.post('/api/otp/send', { phoneNumber: phone });
      expect((await client.get(`/api/dev/sms/${phone}`)).status).toBe(404);
    });
  },
  MSG91,
);

describeEachDatabase(
  'accounts in production',
  (t) => {
    it('has no development outbox and sets a Secure session cookie', async () => {
      const client = new TestClient(t().baseUrl);
      const check = await client.get('/api/check');
      expect(check.headers.get('set-cookie')).toMatch(/; Secure/);
      const outbox = await client.get<{ error: string }>(`/api/dev/sms/${uniquePhone()}`);
      expect(outbox.status).toBe(404);
      // the app's unknown-path answer, not the outbox's "no code sent"
      expect(outbox.body.error).toMatch(/^Not found: GET/);
    });
  },
  {
    ...MSG91,
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
    PUBLIC_URL: 'https://shop.haat.example',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_production_mode',
    RAZORPAY_KEY_SECRET: 'production-mode-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'production-mode-webhook-secret',
    // production refuses the fake's plain http; this suite sends nothing
    MSG91_BASE_URL: 'https://msg91.invalid',
  },
);
