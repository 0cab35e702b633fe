import { expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../test/app.ts';
import { TestClient } from '../../test/http.ts';
import { uniquePhone } from '../../test/shopper.ts';

// the app's clock: tests move it instead of waiting
const clock = { ms: Date.now() };
const now = () => new Date(clock.ms);
const advance = (seconds: number) => {
  clock.ms += seconds * 1000;
};

async function send(client: TestClient, phone: string, headers: Record<string, string> = {}) {
  return client.post<{ sent?: boolean; resendAfter?: number; error?: string; retryAfter?: number }>(
    '/api/otp/send',
    { phoneNumber: phone },
    headers,
  );
}

async function sentCode(client: TestClient, phone: string): Promise<string> {
  const res = await client.get<{ code: string }>(`/api/dev/sms/${phone}`);
  expect(res.status).toBe(200);
  return res.body.code;
}

const verify = (client: TestClient, phone: string, code: string) =>
  client.post<{ verified?: true; error?: string }>('/api/otp/verify', { phoneNumber: phone, code });

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codesOf(t: TestApp, phone: string) {
  return t.db.selectFrom('otp_codes').selectAll().where('phone', '=', phone).execute();
}

describeEachDatabase(
  'one-time codes',
  (t) => {
    it('sends a 6-digit code, stored only as a hash, and verifies it once', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      const res = await send(client, phone);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: true, resendAfter: 30 });
      const code = await sentCode(client, phone);
      expect(code).toMatch(/^\d{6}$/);
      const [row] = await codesOf(t(), phone);
      expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.code_hash).not.toContain(code);
      expect(new Date(row?.expires_at ?? 0).getTime() - new Date(row?.created_at ?? 0).getTime()).toBe(
        5 * 60_000,
      );

      const ok = await verify(client, phone, code);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ verified: true });
      const [session] = await t()
        .db.selectFrom('sessions')
        .select(['verified_phone', 'verified_until'])
        .where('verified_phone', '=', phone)
        .execute();
      expect(new Date(session?.verified_until ?? 0).getTime()).toBe(clock.ms + 10 * 60_000);

      const again = await verify(client, phone, code);
      expect(again).toMatchObject({ status: 401, body: { error: 'Incorrect OTP' } });
    });

    it.each([
      ['too short', '98765'],
      ['too long', '98765432101'],
      ['starting with 5', '5876543210'],
      ['with +91', '+919876543210'],
      ['with letters', '98765abcde'],
      ['empty', ''],
    ])('refuses a phone number %s with a 400 naming phoneNumber', async (_, phoneNumber) => {
      const client = await t().client();
      const res = await client.post<{ error: string }>('/api/otp/send', { phoneNumber });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^phoneNumber /);
      const verifying = await client.post<{ error: string }>('/api/otp/verify', {
        phoneNumber,
        code: '123456',
      });
      expect(verifying.status).toBe(400);
      expect(verifying.body.error).toMatch(/^phoneNumber /);
    });

    it('refuses a missing phone number and a code that is not 6 digits', async () => {
      const client = await t().client();
      const missing = await client.post<{ error: string }>('/api/otp/send', {});
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('phoneNumber is required');
      for (const code of ['12345', '1234567', '12a456', '']) {
        const res = await client.post<{ error: string }>('/api/otp/verify', {
          phoneNumber: '9876543210',
          code,
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/^code /);
      }
    });

    it('answers a wrong code with 401 Incorrect OTP, and a phone without a code with 401', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      await send(client, phone);
      const res = await verify(client, phone, wrong(await sentCode(client, phone)));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Incorrect OTP' });
      const never = await verify(client, uniquePhone(), '123456');
      expect(never.status).toBe(401);
    });

    it('accepts the right code on the fifth try, but not after five wrong ones', async () => {
      const client = await t().client();
      const lucky = uniquePhone();
      await send(client, lucky);
      const luckyCode = await sentCode(client, lucky);
      for (let i = 0; i < 4; i++) expect((await verify(client, lucky, wrong(luckyCode))).status).toBe(401);
      expect((await verify(client, lucky, luckyCode)).status).toBe(200);

      const phone = uniquePhone();
      await send(client, phone);
      const code = await sentCode(client, phone);
      for (let i = 0; i < 5; i++) {
        const res = await verify(client, phone, wrong(code));
        expect(res.body).toEqual({ error: 'Incorrect OTP' });
      }
      const dead = await verify(client, phone, code);
      expect(dead.status).toBe(401);
      expect(dead.body).toEqual({ error: 'Incorrect OTP' });
    });

    it('counts concurrent guesses: at most five are ever checked', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      await send(client, phone);
      const code = await sentCode(client, phone);
      const guesses = await Promise.all(Array.from({ length: 12 }, () => verify(client, phone, wrong(code))));
      expect(guesses.every((g) => g.status === 401)).toBe(true);
      const row = await t()
        .db.selectFrom('otp_codes')
        .select('failed_attempts')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      expect(row.failed_attempts).toBe(5);
      expect((await verify(client, phone, code)).status).toBe(401);
    });

    it('keeps a code valid for 5 minutes and no longer', async () => {
      const client = await t().client();
      const early = uniquePhone();
      const late = uniquePhone();
      await send(client, early);
      await send(client, late);
      advance(5 * 60 - 1);
      expect((await verify(client, early, await sentCode(client, early))).status).toBe(200);
      advance(2);
      const expired = await verify(client, late, await sentCode(client, late));
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ error: 'Incorrect OTP' });
    });

    it('throttles a resend within 30 s: nothing is sent and the first code stays valid', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      await send(client, phone);
      const first = await sentCode(client, phone);
      advance(10);
      const again = await send(client, phone);
      expect(again.status).toBe(429);
      expect(again.body).toEqual({ error: expect.any(String), retryAfter: 20 });
      expect(again.headers.get('retry-after')).toBe('20');
      expect(await codesOf(t(), phone)).toHaveLength(1);
      // another shopper cannot make a fresh code for the number either
      const other = await t().client();
      expect((await send(other, phone)).status).toBe(429);
      expect((await verify(client, phone, first)).status).toBe(200);
    });

    it('sends a new code after 30 s, and only the newest code verifies', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      await send(client, phone);
      const first = await sentCode(client, phone);
      advance(30);
      expect((await send(client, phone)).status).toBe(200);
      const second = await sentCode(client, phone);
      expect(await codesOf(t(), phone)).toHaveLength(2);
      if (first !== second) expect((await verify(client, phone, first)).status).toBe(401);
      expect((await verify(client, phone, second)).status).toBe(200);
    });

    it('caps the codes one address may have sent to a phone at 5 an hour', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      for (let i = 0; i < 5; i++) {
        expect((await send(client, phone)).status).toBe(200);
        advance(31);
      }
      const capped = await send(client, phone);
      expect(capped.status).toBe(429);
      expect(capped.body.error).toMatch(/this number/);
      expect(capped.body.retryAfter).toBe(3600 - 5 * 31);
      expect(capped.headers.get('retry-after')).toBe(String(3600 - 5 * 31));
      advance(3600 - 5 * 31 + 1);
      expect((await send(client, phone)).status).toBe(200);
      // codes older than an hour count for nothing and are cleared at the next send
      advance(3601);
      expect((await send(client, phone)).status).toBe(200);
      expect(await codesOf(t(), phone)).toHaveLength(1);
    });

    it('needs the CSRF token: a forged send or verify does nothing', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      const none = await client.post('/api/otp/send', { phoneNumber: phone }, { 'x-csrf-token': '' });
      expect(none.status).toBe(403);
      const forged = await client.post('/api/otp/send', { phoneNumber: phone }, { 'x-csrf-token': 'forged' });
      expect(forged.status).toBe(403);
      expect(await codesOf(t(), phone)).toHaveLength(0);

      await send(client, phone);
      const code = await sentCode(client, phone);
      const stranger = await new TestClient(t().baseUrl).post('/api/otp/verify', {
        phoneNumber: phone,
        code,
      });
      expect(stranger.status).toBe(403);
      expect((await verify(client, phone, code)).status).toBe(200);
    });

    it('shows the development outbox only for numbers that were sent a code', async () => {
      const client = await t().client();
      expect((await client.get(`/api/dev/sms/${uniquePhone()}`)).status).toBe(404);
      expect((await client.get('/api/dev/sms/12345')).status).toBe(400);
    });
  },
  {},
  { now },
);

describeEachDatabase(
  'one-time codes: cap per client address',
  (t) => {
    it('caps the codes one address may request in an hour (OTP_ADDRESS_HOURLY_LIMIT)', async () => {
      const client = await t().client();
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let i = 0; i < 3; i++)
        expect((await send(client, uniquePhone(), from('203.0.113.7'))).status).toBe(200);
      const capped = await send(client, uniquePhone(), from('203.0.113.7'));
      expect(capped.status).toBe(429);
      expect(capped.body.error).toMatch(/network/);
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(3500);
      // the same /24 is the same network; the next /24 is another
      expect((await send(client, uniquePhone(), from('203.0.113.8'))).status).toBe(429);
      expect((await send(client, uniquePhone(), from('203.0.114.8'))).status).toBe(200);
    });
  },
  { OTP_ADDRESS_HOURLY_LIMIT: '3' },
);
