import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';
import { Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

describeEachDatabase('delivery check', (t) => {
  let client: TestClient;
  let partners: string[];

  beforeAll(async () => {
    const fixtures = new Fixtures(t().db);
    client = await t().client();
    await fixtures.logIn(client, await fixtures.customer());
    partners = (await t().db.selectFrom('delivery_partners').select('code').orderBy('id').execute()).map(
      (p) => p.code,
    );
  });

  const check = (pincode: unknown, partner: string, who = client) =>
    who.post<boolean | { error: string }>('/api/pincheck', { pincode, partner });

  it('serves the metros by every partner', async () => {
    expect(partners.length).toBeGreaterThanOrEqual(3);
    for (const partner of partners) {
      for (const metro of ['700001', '110001', '400001', '560001', '600001', '500001']) {
        expect((await check(metro, partner)).body).toBe(true);
      }
    }
  });

  it('serves remote places by no partner, and answers false for a pincode that does not exist', async () => {
    for (const partner of partners) {
      for (const remote of ['744101', '682555', '194101'])
        expect((await check(remote, partner)).body).toBe(false);
      expect((await check('999999', partner)).body).toBe(false);
    }
  });

  it("follows each partner's own list", async () => {
    const [first, second] = partners;
    const row = await t()
      .db.selectFrom('partner_pincodes as a')
      .innerJoin('delivery_partners as p', 'p.id', 'a.partner_id')
      .select('a.pincode')
      .where('p.code', '=', first ?? '')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('partner_pincodes as b')
              .innerJoin('delivery_partners as q', 'q.id', 'b.partner_id')
              .whereRef('b.pincode', '=', 'a.pincode')
              .where('q.code', '=', second ?? ''),
          ),
        ),
      )
      .orderBy('a.pincode')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await check(row.pincode, first ?? '')).body).toBe(true);
    expect((await check(row.pincode, second ?? '')).body).toBe(false);
    expect((await check(Number(row.pincode), first ?? '')).body).toBe(true);
  });

  it('answers 400 naming pincode for anything but 6 digits starting 1-9', async () => {
    for (const bad of ['12345', '1234567', '012345', '56000a', '', null, 56000, 5600010, 560001.5, true]) {
      const res = await check(bad, partners[0] ?? '');
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toMatch(/pincode/);
    }
  });

  it('answers 404 for an unknown partner', async () => {
    const res = await check('700001', 'NOPE');
    expect(res.status).toBe(404);
  });

  it('answers a visitor as a customer (decision 022), and needs the CSRF token (403)', async () => {
    const visitor = await t().client();
    expect((await check('700001', partners[0] ?? '', visitor)).body).toBe(true);
    expect((await check('bad', partners[0] ?? '', visitor)).status).toBe(400);
    const fixtures = new Fixtures(t().db);
    const tokenless = await t().client();
    await fixtures.logIn(tokenless, await fixtures.customer());
    tokenless.csrfToken = undefined;
    expect((await check('700001', partners[0] ?? '', tokenless)).status).toBe(403);
  });
});
