import { expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contract/admin.ts';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../../contract/passkeys.ts';
import type { AddCartResponse, PurchasePageResponse } from '../../../contract/shopping.ts';
import type { StaffSession } from '../../../contract/staff.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { SoftwareAuthenticator } from '../../test/authenticator.ts';
import { from, outboxCode, shopperCode, staffCode } from '../../test/codes.ts';
import { Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { signUpShopper, uniquePhone } from '../../test/shopper.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

// Issue 36: nobody can lock a person out of sign-in by knowing their number, and a few networks cannot
// spend the SMS budgets. Networks are simulated with X-Forwarded-For (TRUST_PROXY=loopback).

// the app's clock: tests move it instead of waiting
const clock = { ms: Date.now() };
const now = () => new Date(clock.ms);
const advance = (seconds: number) => {
  clock.ms += seconds * 1000;
};

const PUBLIC_URL = 'https://shop.haat.example';

const verify = (client: TestClient, phone: string, code: string) =>
  client.post('/api/otp/verify', { phoneNumber: phone, code });

const staffSignIn = (client: TestClient, phone: string, code: string) =>
  client.post('/admin/api/session', { phone, code });

/** `count` new browsers, each asking once from a network of its own (198.18.i.0/24 + `offset`), all at once. */
async function fromManyNetworks(
  t: TestApp,
  count: number,
  ask: (client: TestClient, address: string) => Promise<{ status: number }>,
  offset = 0,
) {
  const clients = await Promise.all(Array.from({ length: count }, () => t.client()));
  const answers = await Promise.all(clients.map((client, i) => ask(client, `198.18.${offset + i}.9`)));
  return answers.map((answer) => answer.status);
}

/** How many answers had each status. */
function tally(statuses: number[]): Record<number, number> {
  const seen: Record<number, number> = {};
  for (const status of statuses) seen[status] = (seen[status] ?? 0) + 1;
  return seen;
}

async function metric(t: TestApp, prefix: string): Promise<number | undefined> {
  const res = await fetch(`${t.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });
  const line = (await res.text()).split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describeEachDatabase(
  'nobody can lock a person out by knowing their number',
  (t) => {
    it("twenty networks fill a phone's ceiling; the shopper and the owner still sign in from their earlier browsers", async () => {
      const shopperBrowser = await t().client();
      const shopper = await signUpShopper(shopperBrowser);
      const owner = await staffPerson(t(), 'owner', 'Meera Iyer');
      const ownerBrowser = await staffSignedIn(t(), owner.phone);
      const ownerPasskey = new SoftwareAuthenticator(PUBLIC_URL);
      const creation = await ownerBrowser.post<PasskeyCreationOptions>('/admin/api/passkeys/options', {});
      const added = await ownerBrowser.post('/admin/api/passkeys', ownerPasskey.create(creation.body));
      expect(added.status).toBe(201);
      advance(31);

      // codes delivered before the flood
      expect((await shopperCode(shopperBrowser, shopper.phone, '100.64.0.1')).status).toBe(200);
      const shopperEarly = await outboxCode(shopperBrowser, shopper.phone);
      expect((await staffCode(ownerBrowser, owner.phone, '100.64.0.1')).body).toEqual({ sent: true });
      const ownerEarly = await outboxCode(ownerBrowser, owner.phone);

      // twenty networks, one request each, at once, on both routes: the phones' ceilings are full
      const shopperFlood = await fromManyNetworks(t(), 20, (c, a) => shopperCode(c, shopper.phone, a));
      const staffFlood = await fromManyNetworks(t(), 20, (c, a) => staffCode(c, owner.phone, a));
      // the ceiling counts every request but the browsers' own allowance: the sign-up's and the first
      // sign-in's codes, asked before those browsers had signed in, are in it too
      expect(tally(shopperFlood)).toEqual({ 200: 19, 429: 1 });
      expect(tally(staffFlood)).toEqual({ 200: 19, 429: 1 });
      const stranger = await t().client();
      expect((await shopperCode(stranger, shopper.phone, '198.18.50.9')).status).toBe(429);
      // the owner's phone too: refused with 429, never a silent {sent: true}
      const ownerRefused = await staffCode(stranger, owner.phone, '198.18.50.9');
      expect(ownerRefused.status).toBe(429);
      expect(ownerRefused.body).toEqual({ error: expect.any(String), retryAfter: expect.any(Number) });
      expect(ownerRefused.headers.get('retry-after')).toBe(String(ownerRefused.body.retryAfter));

      // no SMS at all: the owner signs in with the passkey from a browser and network never seen before
      const newBrowser = await t().client();
      const request = await newBrowser.post<PasskeyRequestOptions>(
        '/admin/api/session/passkey/options',
        {},
        from('203.0.113.77'),
      );
      const byPasskey = await newBrowser.post<StaffSession>(
        '/admin/api/session/passkey',
        ownerPasskey.get(request.body),
        from('203.0.113.77'),
      );
      expect(byPasskey.status).toBe(200);
      expect(byPasskey.body).toMatchObject({ id: owner.id, phone: owner.phone, role: 'owner' });

      // the codes delivered before the flood are still the ones their browsers use
      expect((await verify(shopperBrowser, shopper.phone, shopperEarly)).status).toBe(200);
      expect((await shopperBrowser.post('/api/login', { phoneNumber: shopper.phone })).status).toBe(200);
      expect((await staffSignIn(ownerBrowser, owner.phone, ownerEarly)).status).toBe(200);

      // and, from any network, their earlier browsers keep getting codes of their own
      advance(31);
      const sent = await shopperCode(shopperBrowser, shopper.phone, '203.0.113.5');
      expect(sent.body).toEqual({ sent: true, resendAfter: 30 });
      const shopperCodeNow = await outboxCode(shopperBrowser, shopper.phone);
      expect((await verify(shopperBrowser, shopper.phone, shopperCodeNow)).status).toBe(200);
      const login = await shopperBrowser.post('/api/login', { phoneNumber: shopper.phone });
      expect(login.status).toBe(200);

      expect((await staffCode(ownerBrowser, owner.phone, '198.18.3.9')).body).toEqual({ sent: true });
      const ownerCodeNow = await outboxCode(ownerBrowser, owner.phone);
      expect((await staffSignIn(ownerBrowser, owner.phone, ownerCodeNow)).status).toBe(200);

      // the allowance is the browser's own: 5 an hour, one per 30 s
      expect((await shopperCode(shopperBrowser, shopper.phone, '203.0.113.5')).status).toBe(429);
    });

    it('accepts a code only from the browser that asked, whatever other browsers ask meanwhile', async () => {
      const phone = uniquePhone();
      const mine = await t().client();
      const other = await t().client();
      expect((await shopperCode(mine, phone, '192.0.2.10')).status).toBe(200);
      const myCode = await outboxCode(mine, phone);
      expect((await shopperCode(other, phone, '198.51.100.10')).status).toBe(200);
      const otherCode = await outboxCode(other, phone);
      // a refused request cancels nothing either
      expect((await shopperCode(other, phone, '198.51.100.10')).status).toBe(429);

      expect((await verify(other, phone, myCode)).status).toBe(401);
      expect((await verify(mine, phone, otherCode)).status).toBe(401);
      expect((await verify(mine, phone, myCode)).status).toBe(200);
      expect((await verify(other, phone, otherCode)).status).toBe(200);
    });

    it('verify gives a new session id: a cookie planted before holds no verified phone; the guest bag moves along', async () => {
      const fixtures = new Fixtures(t().db);
      const product = await fixtures.product({
        name: 'Lockout kurta',
        features: { size: ['M'] },
        sizes: [['M', 5]],
      });
      const phone = uniquePhone();
      const customerId = await fixtures.customer({ fname: 'Kavya' });
      await t().db.updateTable('customers').set({ phone }).where('id', '=', customerId).execute();

      const victim = await t().client();
      const added = await victim.post<AddCartResponse>(
        `/product/apparel/${product.id}`,
        { prodID: product.id, size: 'M', addCart: 1 },
        { key: 'addCart' },
      );
      expect(added.status).toBe(200);
      const planted = victim.cookie('haat_sid');
      expect(planted).toBeDefined();
      const attacker = await t().client();
      attacker.setCookie('haat_sid', planted ?? '');

      expect((await shopperCode(victim, phone, '192.0.2.20')).status).toBe(200);
      const verified = await verify(victim, phone, await outboxCode(victim, phone));
      expect(verified.status).toBe(200);
      expect(victim.cookie('haat_sid')).toBeDefined();
      expect(victim.cookie('haat_sid')).not.toBe(planted);

      expect((await attacker.post('/api/login', { phoneNumber: phone })).status).toBe(401);
      const bag = await victim.get<PurchasePageResponse>('/api/purchasePage');
      expect(bag.body.prods.map((line) => line.quantity)).toEqual([1]);
      expect((await victim.post('/api/login', { phoneNumber: phone })).status).toBe(200);
      const kept = await victim.get<PurchasePageResponse>('/api/purchasePage');
      expect(kept.body.prods.map((line) => line.quantity)).toEqual([1]);
    });
  },
  { SMS_UNKNOWN_NETWORK_SHARE: '10', PUBLIC_URL },
  { now },
);

describeEachDatabase(
  'a few networks cannot switch off sign-up',
  (t) => {
    it('two networks flooding random numbers get 20 codes each; a new shopper on a third network signs up', async () => {
      const flood = async (network: string) => {
        const attacker = await t().client();
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) {
          const batch = Array.from({ length: 10 }, (_, j) =>
            shopperCode(attacker, uniquePhone(), `${network}.${i * 10 + j + 1}`),
          );
          statuses.push(...(await Promise.all(batch)).map((res) => res.status));
        }
        return tally(statuses);
      };
      expect(await flood('198.18.1')).toEqual({ 200: 20, 429: 80 });
      expect(await flood('198.18.2')).toEqual({ 200: 20, 429: 80 });

      const shopper = await t().client();
      const phone = uniquePhone();
      expect((await shopperCode(shopper, phone, '192.0.2.30')).body).toEqual({ sent: true, resendAfter: 30 });
      expect((await verify(shopper, phone, await outboxCode(shopper, phone))).status).toBe(200);
    });
  },
  { SMS_HOURLY_BUDGET: '1000', SMS_DAILY_BUDGET: '10000', SMS_UNKNOWN_NETWORK_SHARE: '10' },
  { now },
);

describeEachDatabase(
  'limits are exact',
  (t) => {
    it('150 code requests at once from one network get exactly OTP_ADDRESS_HOURLY_LIMIT codes', async () => {
      const attacker = await t().client();
      const statuses = await Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          shopperCode(attacker, uniquePhone(), `203.0.113.${(i % 250) + 1}`),
        ),
      );
      expect(tally(statuses.map((res) => res.status))).toEqual({ 200: 100, 429: 50 });
      const stored = await t()
        .db.selectFrom('otp_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_address', '=', '203.0.113.0/24')
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(100);
    });
  },
  { OTP_ADDRESS_HOURLY_LIMIT: '100', SMS_UNKNOWN_NETWORK_SHARE: '100' },
  { now },
);

describeEachDatabase(
  'the SMS budget is never exceeded, and the owner is told past half',
  (t) => {
    it('60 code requests at once from 60 networks send exactly the budget', async () => {
      const statuses = await fromManyNetworks(t(), 60, (c, a) => shopperCode(c, uniquePhone(), a));
      expect(tally(statuses)).toEqual({ 200: 20, 429: 40 });
      const counted = await t()
        .db.selectFrom('rate_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bucket', '=', 'sms:hour')
        .executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBe(20);

      const dashboard = await (await t().client()).get<DashboardResponse>('/admin/api/dashboard', {
        authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
      });
      expect(dashboard.body.smsBudgetsPastHalf).toContainEqual({ budget: 'shop:hour', used: 20, max: 20 });
      expect(dashboard.body.smsBudgetsPastHalf.map((b) => b.budget)).not.toContain('staff:hour');
      expect(await metric(t(), 'haat_sms_budget_used_ratio{budget="shop:hour"}')).toBe(1);
      expect(await metric(t(), 'haat_sms_budget_used_ratio{budget="staff:hour"}')).toBe(0);
    });
  },
  { SMS_HOURLY_BUDGET: '20', SMS_UNKNOWN_SHARE: '100', SMS_UNKNOWN_NETWORK_SHARE: '100' },
  { now },
);

describeEachDatabase(
  "the back office's code route tells no staff number apart",
  (t) => {
    it("answers a staff number and a random number alike, 200 and every 429, the spent budget included; the owner's browser still gets a code", async () => {
      const owner = await staffPerson(t(), 'owner', 'Meera Iyer');
      const ownerBrowser = await staffSignedIn(t(), owner.phone);
      const client = await t().client();
      const random = uniquePhone();
      const pair = async (address: string) => [
        await staffCode(client, owner.phone, address),
        await staffCode(client, random, address),
      ];
      const alike = ([staff, other]: Awaited<ReturnType<typeof pair>>) => {
        expect(other?.status).toBe(staff?.status);
        expect(other?.body).toEqual(staff?.body);
      };

      const first = await pair('192.0.2.40');
      alike(first);
      expect(first[0]?.body).toEqual({ sent: true });
      // within 30 s: both held back by the resend wait
      const again = await pair('198.51.100.40');
      alike(again);
      expect(again[0]?.status).toBe(429);

      // the staff budget (3 an hour) is spent by the owner's sign-in and the first pair
      advance(31);
      const spent = await pair('203.0.113.40');
      alike(spent);
      expect(spent[0]?.status).toBe(429);
      expect(spent[0]?.body).toEqual({ error: expect.any(String), retryAfter: expect.any(Number) });

      // the browser the owner signed in on is never refused by the budget (but counted in it)
      expect((await staffCode(ownerBrowser, owner.phone, '100.64.7.7')).body).toEqual({ sent: true });
      const code = await outboxCode(ownerBrowser, owner.phone);
      expect((await staffSignIn(ownerBrowser, owner.phone, code)).status).toBe(200);
    });
  },
  { STAFF_SMS_HOURLY_BUDGET: '3' },
  { now },
);
