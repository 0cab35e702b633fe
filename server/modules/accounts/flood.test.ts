import { expect, it } from 'vitest';
import type { StaffSession } from '../../../contract/staff.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { outboxCode, shopperCode, staffCode } from '../../test/codes.ts';
import { signUpShopper, uniquePhone } from '../../test/shopper.ts';
import { staffPerson } from '../../test/staff.ts';

// the app's clock: tests move it instead of waiting
const clock = { ms: Date.now() };
const now = () => new Date(clock.ms);
const advance = (seconds: number) => {
  clock.ms += seconds * 1000;
};

const codesOf = (t: TestApp, phone: string) =>
  t.db
    .selectFrom('otp_codes')
    .select(['purpose', 'client_address'])
    .where('phone', '=', phone)
    .orderBy('id')
    .execute();

/** `haat_otp_limited_total` for a route and reason, from /metrics. */
async function heldBack(t: TestApp, route: string, reason: string): Promise<number> {
  const res = await fetch(`${t.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });
  const text = await res.text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('haat_otp_limited_total{') &&
        l.includes(`route="${route}"`) &&
        l.includes(`reason="${reason}"`),
    );
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

/** Statuses of `count` calls made one after another, the clock moved past the resend wait after each. */
async function spaced(count: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    seen.push((await call()).status);
    advance(31);
  }
  return seen;
}

const times = (count: number, status: number) => Array<number>(count).fill(status);

describeEachDatabase(
  'a flood of code requests from many networks leaves sign-in working',
  (t) => {
    it('pumping random numbers spends only their share; a flooded phone is capped per network; the shopper and the owner still sign in at once', async () => {
      const shopper = await signUpShopper(await t().client());
      const owner = await staffPerson(t(), 'owner', 'Meera Iyer');
      const attacker = await t().client();

      // SMS pumping: 40 networks, each asking a code for a number nobody signed up with. The share of
      // numbers with no account is 25% of 40 an hour, 10, of which the shopper's sign-up took one.
      const pumped: number[] = [];
      for (let i = 0; i < 40; i++)
        pumped.push((await shopperCode(attacker, uniquePhone(), `198.18.${i}.7`)).status);
      expect(pumped).toEqual([...times(9, 200), ...times(31, 429)]);
      const spent = await shopperCode(attacker, uniquePhone(), '198.18.99.7');
      expect(spent.body).toEqual({ error: expect.any(String), retryAfter: expect.any(Number) });

      // one network floods the shopper's phone and, on both routes, the owner's
      const flooder = '203.0.113.9';
      expect(await spaced(6, () => shopperCode(attacker, shopper.phone, flooder))).toEqual([
        ...times(5, 200),
        429,
      ]);
      // the owner's number has no shopper account: the shopper route's share for it is spent
      expect((await shopperCode(attacker, owner.phone, flooder)).status).toBe(429);
      // the back office's route refuses alike, never a silent {sent: true}
      const staffFlood = await spaced(7, () => staffCode(attacker, owner.phone, flooder));
      expect(staffFlood).toEqual([...times(5, 200), 429, 429]);
      expect((await codesOf(t(), owner.phone)).map((c) => c.purpose)).toEqual(Array(5).fill('staff'));

      // the shopper, on another network, gets a code at once and logs in
      const client = await t().client();
      const sent = await shopperCode(client, shopper.phone, '192.0.2.77');
      expect(sent.body).toEqual({ sent: true, resendAfter: 30 });
      const code = await outboxCode(client, shopper.phone);
      expect((await client.post('/api/otp/verify', { phoneNumber: shopper.phone, code })).status).toBe(200);
      const login = await client.post('/api/login', { phoneNumber: shopper.phone });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ fname: shopper.fname });

      // and so does the owner, in the back office
      const office = await t().client();
      expect((await staffCode(office, owner.phone, '192.0.2.78')).body).toEqual({ sent: true });
      const staffSession = await office.post<StaffSession>('/admin/api/session', {
        phone: owner.phone,
        code: await outboxCode(office, owner.phone),
      });
      expect(staffSession.status).toBe(200);
      expect(staffSession.body).toEqual({
        id: owner.id,
        name: 'Meera Iyer',
        phone: owner.phone,
        role: 'owner',
      });

      // the flood shows in /metrics, by route and reason
      expect(await heldBack(t(), 'shopper', 'unknown-share')).toBe(33);
      expect(await heldBack(t(), 'shopper', 'phone-network')).toBe(1);
      expect(await heldBack(t(), 'staff', 'phone-network')).toBe(2);
    });
  },
  { SMS_HOURLY_BUDGET: '40', SMS_DAILY_BUDGET: '400', SMS_UNKNOWN_SHARE: '25' },
  { now },
);

describeEachDatabase(
  "the back office's codes are apart from shoppers'",
  (t) => {
    it("answers a staff phone and any other number alike, and sends only the staff phone's code", async () => {
      const ravi = await staffPerson(t());
      const client = await t().client();
      const stranger = uniquePhone();
      const staff = await staffCode(client, ravi.phone, '198.51.100.20');
      const other = await staffCode(client, stranger, '198.51.100.21');
      expect(other.status).toBe(staff.status);
      expect(other.body).toEqual(staff.body);
      expect(staff.body).toEqual({ sent: true });
      const headerNames = (res: { headers: Headers }) =>
        [...res.headers.keys()].filter((name) => !['date', 'x-request-id'].includes(name)).sort();
      expect(headerNames(other)).toEqual(headerNames(staff));
      // both numbers are counted alike, a row each (only the staff phone's code is sent)
      expect(await codesOf(t(), ravi.phone)).toEqual([
        { purpose: 'staff', client_address: '198.51.100.0/24' },
      ]);
      expect(await codesOf(t(), stranger)).toEqual([{ purpose: 'staff', client_address: '198.51.100.0/24' }]);
    });

    it("a shopper route's codes for a staff phone neither spend, nor block, nor replace the staff code", async () => {
      const ravi = await staffPerson(t());
      const attacker = await t().client();
      expect(await spaced(6, () => shopperCode(attacker, ravi.phone, '203.0.113.30'))).toEqual([
        ...times(5, 200),
        429,
      ]);
      const office = await t().client();
      expect((await staffCode(office, ravi.phone, '203.0.113.30')).body).toEqual({ sent: true });
      const code = await outboxCode(office, ravi.phone);
      // a shopper's code asked meanwhile for the same phone leaves the staff code the one to use
      expect((await shopperCode(attacker, ravi.phone, '198.51.100.31')).status).toBe(200);
      expect((await office.post('/admin/api/session', { phone: ravi.phone, code })).status).toBe(200);
      const purposes = (await codesOf(t(), ravi.phone)).map((c) => c.purpose);
      expect(purposes.filter((p) => p === 'staff')).toHaveLength(1);
      expect(purposes.filter((p) => p === 'shopper')).toHaveLength(6);
    });

    it('limits the code requests of one network per hour, for staff phones and any number alike', async () => {
      const ravi = await staffPerson(t());
      const client = await t().client();
      const here = '192.0.2.90';
      const asked: number[] = [];
      for (let i = 0; i < 5; i++) asked.push((await staffCode(client, uniquePhone(), here)).status);
      expect(asked).toEqual(times(5, 200));
      const unknown = await staffCode(client, uniquePhone(), here);
      const staff = await staffCode(client, ravi.phone, here);
      expect(unknown.status).toBe(429);
      expect(staff.status).toBe(429);
      expect(staff.body).toEqual(unknown.body);
      expect(unknown.body).toEqual({ error: expect.any(String), retryAfter: 3600 });
      expect(await codesOf(t(), ravi.phone)).toEqual([]);
      expect((await staffCode(client, ravi.phone, '198.51.100.91')).body).toEqual({ sent: true });
      expect(await heldBack(t(), 'staff', 'address')).toBe(2);
    });
  },
  { OTP_ADDRESS_HOURLY_LIMIT: '5' },
  { now },
);
