import { afterAll, beforeEach, expect, it } from 'vitest';
import { MSG91_SUCCESS, startFakeMsg91 } from '../../integrations/msg91/fake-server.ts';
import { describeEachDatabase, type TestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { signUpShopper, uniquePhone } from '../../test/shopper.ts';

// the app's clock: tests move it instead of waiting
const clock = { ms: Date.now() };
const now = () => new Date(clock.ms);
const advance = (seconds: number) => {
  clock.ms += seconds * 1000;
};

/** A request as if from `address`: the loopback test client is a trusted proxy (TRUST_PROXY=loopback). */
const from = (address: string) => ({ 'x-forwarded-for': address });

type Answer = { error?: string; retryAfter?: number };

const checkPhone = (client: TestClient, address: string, phoneNumber = uniquePhone()) =>
  client.post<boolean | Answer>('/api/signUp', { phoneNumber }, { key: 'phone', ...from(address) });

const checkMail = (client: TestClient, address: string) =>
  client.post<boolean | Answer>(
    '/api/signUp',
    { mailId: `someone${uniquePhone()}@example.in` },
    { key: 'mail', ...from(address) },
  );

const sendCode = (client: TestClient, phone: string, address: string) =>
  client.post<Answer>('/api/otp/send', { phoneNumber: phone }, from(address));

const codesOf = (t: TestApp, phone: string) =>
  t.db.selectFrom('otp_codes').selectAll().where('phone', '=', phone).execute();

/** Statuses of `count` calls made one after another. */
async function statuses(count: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await call()).status);
  return seen;
}

const times = (count: number, status: number) => Array<number>(count).fill(status);

describeEachDatabase(
  'registration checks are limited (key=phone, key=mail)',
  (t) => {
    it('lets one browser check 30 numbers an hour: a script checking 60 gets 429 from the 31st', async () => {
      const script = await t().client();
      expect(await statuses(30, () => checkPhone(script, '203.0.113.10'))).toEqual(times(30, 200));
      const refused = await checkPhone(script, '203.0.113.10');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: expect.any(String), retryAfter: 3600 });
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(await statuses(29, () => checkPhone(script, '203.0.113.10'))).toEqual(times(29, 429));
      // mail checks count with phone checks
      expect((await checkMail(script, '203.0.113.10')).status).toBe(429);

      const other = await t().client();
      expect((await checkPhone(other, '192.0.2.20')).status).toBe(200);

      advance(3601);
      expect((await checkPhone(script, '203.0.113.10')).status).toBe(200);
    });

    it('lets one address make OTP_ADDRESS_HOURLY_LIMIT checks an hour, however many browsers it uses', async () => {
      for (let i = 0; i < 4; i++) {
        const browser = await t().client();
        expect(await statuses(10, () => checkMail(browser, '198.51.100.7'))).toEqual(times(10, 200));
      }
      const fresh = await t().client();
      const refused = await checkPhone(fresh, '198.51.100.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      // another network (a /24 of its own) is counted apart
      expect((await checkPhone(fresh, '198.51.101.8')).status).toBe(200);
    });

    it('counts an IPv6 client by its /48 and an IPv4 one by its /24', async () => {
      const first = await t().client();
      expect(await statuses(25, () => checkPhone(first, '2001:db8:7:7::1'))).toEqual(times(25, 200));
      const second = await t().client();
      expect(await statuses(16, () => checkPhone(second, '2001:db8:7:ffff::2'))).toEqual([
        ...times(15, 200),
        429,
      ]);
      expect((await checkPhone(second, '2001:db8:8::1')).status).toBe(200);
      const third = await t().client();
      expect(await statuses(25, () => checkPhone(third, '100.64.1.77'))).toEqual(times(25, 200));
      const fourth = await t().client();
      expect((await checkPhone(fourth, '100.64.1.78')).status).toBe(200);
      expect(await statuses(15, () => checkPhone(fourth, '100.64.1.254'))).toEqual([...times(14, 200), 429]);
    });

    it('leaves room for a shopper: checks, a code and the sign-up itself', async () => {
      const shopper = await t().client();
      const phone = uniquePhone();
      expect((await checkPhone(shopper, '192.0.2.44', phone)).body).toBe(false);
      expect((await checkMail(shopper, '192.0.2.44')).body).toBe(false);
      await signUpShopper(shopper, { phone });
      expect((await checkPhone(shopper, '192.0.2.44', phone)).body).toBe(true);
    });
  },
  { OTP_ADDRESS_HOURLY_LIMIT: '40' },
  { now },
);

describeEachDatabase(
  "one-time codes: a number's hourly cap is counted per client address",
  (t) => {
    /** `count` sends to `phone` from `address`, past the 30 s resend wait each time. */
    const sendsFrom = (client: TestClient, phone: string, address: string, count: number) =>
      statuses(count, async () => {
        const res = await sendCode(client, phone, address);
        advance(31);
        return res;
      });

    it("lets a stranger use up only their own share of someone's number; the owner still gets a code", async () => {
      const phone = uniquePhone();
      const stranger = await t().client();
      expect(await sendsFrom(stranger, phone, '203.0.113.50', 5)).toEqual(times(5, 200));
      const capped = await sendCode(stranger, phone, '203.0.113.50');
      expect(capped.status).toBe(429);
      expect(capped.body.error).toMatch(/this number/);
      expect(capped.headers.get('retry-after')).toBe(String(3600 - 5 * 31));

      const owner = await t().client();
      expect((await sendCode(owner, phone, '198.51.100.50')).status).toBe(200);
      const { body } = await owner.get<{ code: string }>(`/api/dev/sms/${phone}`);
      const verified = await owner.post('/api/otp/verify', { phoneNumber: phone, code: body.code });
      expect(verified.status).toBe(200);
    });

    it('sends one number at most 20 codes an hour from all addresses together', async () => {
      const phone = uniquePhone();
      const client = await t().client();
      for (const address of ['192.0.2.1', '192.0.3.1', '192.0.4.1', '192.0.5.1']) {
        expect(await sendsFrom(client, phone, address, 5)).toEqual(times(5, 200));
      }
      const capped = await sendCode(client, phone, '192.0.6.1');
      expect(capped.status).toBe(429);
      expect(capped.body).toEqual({
        error: expect.stringMatching(/this number/),
        retryAfter: 3600 - 20 * 31,
      });
      expect(await codesOf(t(), phone)).toHaveLength(20);
    });

    it('counts an IPv6 client by its /48, in the codes it asks for', async () => {
      const phone = uniquePhone();
      const client = await t().client();
      expect(await sendsFrom(client, phone, '2001:db8:5:5::a', 3)).toEqual(times(3, 200));
      expect(await sendsFrom(client, phone, '2001:db8:5:ffff:1:2:3:4', 3)).toEqual([200, 200, 429]);
      expect((await sendCode(client, phone, '2001:db8:6::a')).status).toBe(200);
      const addresses = new Set((await codesOf(t(), phone)).map((code) => code.client_address));
      expect(addresses).toEqual(new Set(['2001:db8:5::/48', '2001:db8:6::/48']));
    });
  },
  {},
  { now },
);

const gateway = await startFakeMsg91();
afterAll(() => gateway.close());

describeEachDatabase(
  'one-time codes: the shop-wide SMS budget (SMS_HOURLY_BUDGET, SMS_DAILY_BUDGET)',
  (t) => {
    beforeEach(() => {
      gateway.answer = MSG91_SUCCESS;
    });

    it('answers 429 over budget and sends nothing; a failed SMS spends none of it', async () => {
      const client = await t().client();
      gateway.answer = { status: 500, body: '{"type":"error","message":"Internal error"}' };
      expect((await sendCode(client, uniquePhone(), '203.0.113.60')).status).toBe(502);
      gateway.answer = MSG91_SUCCESS;
      for (let i = 0; i < 3; i++) {
        expect((await sendCode(client, uniquePhone(), `203.0.113.${61 + i}`)).status).toBe(200);
      }
      const sent = gateway.received.length;
      const phone = uniquePhone();
      const over = await sendCode(client, phone, '203.0.113.70');
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ error: expect.any(String), retryAfter: 3600 });
      expect(over.headers.get('retry-after')).toBe('3600');
      expect(gateway.received).toHaveLength(sent);
      expect(await codesOf(t(), phone)).toHaveLength(0);

      // the next hour has a fresh hourly budget, until the day's runs out
      advance(3601);
      for (let i = 0; i < 2; i++)
        expect((await sendCode(client, uniquePhone(), '203.0.113.71')).status).toBe(200);
      const overDay = await sendCode(client, uniquePhone(), '203.0.113.72');
      expect(overDay.status).toBe(429);
      expect(overDay.body.retryAfter).toBe(24 * 3600 - 3601);
    });
  },
  {
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'fake-auth-key-0123',
    MSG91_TEMPLATE_ID: '65f1a2b3c4d5e6f708192a3b',
    MSG91_BASE_URL: gateway.url,
    SMS_HOURLY_BUDGET: '3',
    SMS_DAILY_BUDGET: '5',
    // the whole budget, for numbers with no account too: the share is tested on its own below
    SMS_UNKNOWN_SHARE: '100',
  },
  { now },
);
