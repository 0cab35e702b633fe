import { beforeAll, expect, it } from 'vitest';
import type { OrderLine } from '../../../contract/orders.ts';
import type { Partner, PartnerList, PincodesReport } from '../../../contract/partners.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { Fixtures } from '../../test/fixtures.ts';
import { expectAnsweredMeanwhile, probedWhile } from '../../test/health-probe.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { indiaPincodes } from './india.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

type Refused = { error: string; fields: Record<string, string> };

const csvForm = (csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'pincodes.csv');
  return form;
};

describeEachDatabase('back office: delivery partners and their pincodes', (t) => {
  let admin: TestClient;
  let n = 0;
  const run = Math.random().toString(36).slice(2, 7).toUpperCase();
  const newCode = () => {
    n += 1;
    return `RUN${run}-${n}`;
  };

  const create = async (code = newCode()) => {
    const res = await admin.post<Partner>(
      '/admin/api/partners',
      { code, name: `Ganga Couriers ${code}`, trackingUrl: 'https://ganga.example/track/{trackingId}' },
      BEARER,
    );
    expect(res.status).toBe(201);
    return res.body;
  };
  const upload = (code: string, csv: string, mode: 'dry-run' | 'apply') =>
    admin.post<PincodesReport & { error?: string }>(
      `/admin/api/partners/${code}/pincodes?mode=${mode}`,
      csvForm(csv),
      BEARER,
    );
  const pincheck = async (code: string, pincode: string) =>
    (await (await t().client()).post<boolean>('/api/pincheck', { partner: code, pincode })).body;
  const served = async (code: string) =>
    (
      await t()
        .db.selectFrom('partner_pincodes')
        .innerJoin('delivery_partners', 'delivery_partners.id', 'partner_pincodes.partner_id')
        .select('partner_pincodes.pincode')
        .where('delivery_partners.code', '=', code)
        .orderBy('partner_pincodes.pincode')
        .execute()
    ).map((row) => row.pincode);

  const collecting = async (code: string) =>
    (
      await t()
        .db.selectFrom('partner_pincodes')
        .innerJoin('delivery_partners', 'delivery_partners.id', 'partner_pincodes.partner_id')
        .select('partner_pincodes.pincode')
        .where('delivery_partners.code', '=', code)
        .where('partner_pincodes.cod', '=', true)
        .orderBy('partner_pincodes.pincode')
        .execute()
    ).map((row) => row.pincode);

  beforeAll(() => {
    admin = new TestClient(t().baseUrl);
  });

  it('adds a partner that serves nothing yet, lists it with its counts, and records who added it', async () => {
    const code = newCode();
    const partner = await create(code);
    expect(partner).toEqual({
      code,
      name: `Ganga Couriers ${code}`,
      trackingUrl: 'https://ganga.example/track/{trackingId}',
      pincodes: 0,
      codPincodes: 0,
      activeProducts: 0,
      minDays: null,
      maxDays: null,
    });
    const list = await admin.get<PartnerList>('/admin/api/partners', BEARER);
    expect(list.body.partners.find((p) => p.code === code)).toEqual(partner);
    // the demo's partners are listed with what they serve and carry
    expect(list.body.partners.some((p) => p.pincodes > 0 && p.activeProducts > 0)).toBe(true);
    // and collect cash on delivery everywhere they serve
    for (const demo of list.body.partners.filter((p) => p.code !== code))
      expect(demo.codPincodes, demo.code).toBe(demo.pincodes);
    expect(await pincheck(code, '700001')).toBe(false);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject', '=', `partner:${code}`)
      .execute();
    expect(audit).toEqual([{ actor: 'admin', action: 'partner.create' }]);
  });

  it('refuses a bad code, a taken one (in any case), a tracking page without https or {trackingId}, by field', async () => {
    const taken = (await create()).code;
    const count = async () =>
      (await admin.get<PartnerList>('/admin/api/partners', BEARER)).body.partners.length;
    const before = await count();
    const cases: [Record<string, string>, Record<string, string | RegExp>][] = [
      [
        { code: 'blue dart!', name: ' ', trackingUrl: 'https://bd.example/track' },
        {
          code: 'Letters, digits and dashes, such as BLUE-DART',
          name: 'Required',
          trackingUrl: /^Put \{trackingId\} where the tracking id goes/,
        },
      ],
      [
        { code: taken.toLowerCase(), name: 'Again', trackingUrl: 'https://x.example/{trackingId}' },
        { code: `${taken.toLowerCase()} is taken by a partner` },
      ],
      [
        { code: newCode(), name: 'Plain', trackingUrl: 'http://x.example/{trackingId}' },
        { trackingUrl: /^Enter the tracking page's https address/ },
      ],
      [
        { code: newCode(), name: 'Script', trackingUrl: 'javascript:alert(1)//{trackingId}' },
        { trackingUrl: /^Enter the tracking page's https address/ },
      ],
      [{ code: newCode(), name: 'Missing' }, { trackingUrl: 'Required' }],
    ];
    for (const [sent, fields] of cases) {
      const res = await admin.post<Refused>('/admin/api/partners', sent, BEARER);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(Object.keys(fields).sort());
      for (const [field, message] of Object.entries(fields)) expect(res.body.fields[field]).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('changes a partner’s name and tracking page, which shipped lines then link to; 404 for an unknown code', async () => {
    const { code } = await create();
    const res = await admin.put<Partner>(
      `/admin/api/partners/${code}`,
      { name: 'Ganga Express', trackingUrl: 'https://ganga.example/v2?awb={trackingId}' },
      BEARER,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code,
      name: 'Ganga Express',
      trackingUrl: 'https://ganga.example/v2?awb={trackingId}',
    });
    // a shipped line's timeline links to the page as it is now
    const fixtures = new Fixtures(t().db);
    const product = await fixtures.product();
    await t()
      .db.updateTable('products')
      .set((eb) => ({
        partner_id: eb.selectFrom('delivery_partners').select('id').where('code', '=', code),
      }))
      .where('id', '=', product.id)
      .execute();
    const customerId = await fixtures.customer();
    await fixtures.order(customerId, [{ product, status: 'shipped' }]);
    const shopper = await t().client();
    await fixtures.logIn(shopper, customerId);
    const [line] = (await shopper.get<OrderLine[]>('/api/orders')).body;
    const shipped = line?.timeline.find((event) => event.event === 'shipped')?.detail as {
      trackingId: string;
      trackingUrl: string;
    };
    expect(shipped.trackingUrl).toBe(`https://ganga.example/v2?awb=${shipped.trackingId}`);

    const bad = await admin.put<Refused>(
      `/admin/api/partners/${code}`,
      { name: 'x', trackingUrl: 'x' },
      BEARER,
    );
    expect(bad.body.fields).toEqual({ trackingUrl: expect.stringMatching(/\{trackingId\}/) });
    const missing = await admin.put(
      '/admin/api/partners/NOPE-404',
      { name: 'x', trackingUrl: 'https://x.example/{trackingId}' },
      BEARER,
    );
    expect(missing.status).toBe(404);
    expect((await upload('NOPE-404', 'pincode\n700001\n', 'dry-run')).status).toBe(404);
    expect(
      (await admin.post('/admin/api/partners/NOPE-404/pincodes/all-india', undefined, BEARER)).status,
    ).toBe(404);
  });

  it('keeps a delivery promise of 1 to 30 business days, both or neither; a change leaves out what it keeps', async () => {
    const code = newCode();
    const base = { name: 'Promise Couriers', trackingUrl: 'https://promise.example/{trackingId}' };
    const created = await admin.post<Partner>(
      '/admin/api/partners',
      { code, ...base, minDays: 2, maxDays: 4 },
      BEARER,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code, minDays: 2, maxDays: 4 });
    const listed = async () =>
      (await admin.get<PartnerList>('/admin/api/partners', BEARER)).body.partners.find(
        (p) => p.code === code,
      );
    expect(await listed()).toMatchObject({ minDays: 2, maxDays: 4 });
    const path = `/admin/api/partners/${code}`;
    // left out: kept; one end given: the other kept
    expect((await admin.put<Partner>(path, base, BEARER)).body).toMatchObject({ minDays: 2, maxDays: 4 });
    expect((await admin.put<Partner>(path, { ...base, maxDays: 6 }, BEARER)).body).toMatchObject({
      minDays: 2,
      maxDays: 6,
    });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { minDays: 0, maxDays: 31 },
        { minDays: 'Whole business days, 1 to 30', maxDays: 'Whole business days, 1 to 30' },
      ],
      [{ minDays: 2.5 }, { minDays: 'Whole business days, 1 to 30' }],
      [{ minDays: 5, maxDays: 3 }, { maxDays: 'At least the first day' }],
      [{ minDays: null }, { minDays: 'Give both days, or neither' }],
      [{ minDays: 3, maxDays: null }, { maxDays: 'Give both days, or neither' }],
      [{ minDays: 'soon' }, { minDays: expect.any(String) }],
    ];
    for (const [days, fields] of cases) {
      const res = await admin.put<Refused>(path, { ...base, ...days }, BEARER);
      expect(res.status, JSON.stringify(days)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body.fields).toEqual(fields);
    }
    const refusedNew = await admin.post<Refused>(
      '/admin/api/partners',
      { code: newCode(), ...base, minDays: 3 },
      BEARER,
    );
    expect(refusedNew.status).toBe(400);
    expect(refusedNew.body.fields).toEqual({ maxDays: 'Give both days, or neither' });
    // nothing changed by the refusals; both null: the spec's days again
    expect(await listed()).toMatchObject({ minDays: 2, maxDays: 6 });
    const cleared = await admin.put<Partner>(path, { ...base, minDays: null, maxDays: null }, BEARER);
    expect(cleared.body).toMatchObject({ minDays: null, maxDays: null });
  });

  it('checks a pincode list first, reporting every error by line and column, and changes nothing', async () => {
    const { code } = await create();
    const header = await upload(code, 'pin,zone\n700001,east\n', 'dry-run');
    expect(header.status).toBe(200);
    expect(header.body).toMatchObject({
      applied: false,
      errors: [
        'line 1, column pin: not a column of the list',
        'line 1, column zone: not a column of the list',
        'line 1, column pincode: missing',
      ],
    });
    const csv = [
      'pincode',
      '700001',
      '12345',
      '999999',
      '0110001',
      '700001,extra',
      '',
      '110001',
      '110001',
    ].join('\r\n');
    const report = await upload(code, csv, 'dry-run');
    expect(report.body).toEqual({
      rows: 7,
      pincodes: 2,
      codPincodes: 2,
      applied: false,
      errors: [
        'line 3, column pincode: a pincode has 6 digits, the first 1 to 9',
        "line 4, column pincode: 999999 is not a pincode in India's list",
        'line 5, column pincode: a pincode has 6 digits, the first 1 to 9',
        'line 6, column pincode: has 2 fields, the header 1',
      ],
    });
    const refused = await upload(code, csv, 'apply');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'The file has errors: nothing was changed',
      applied: false,
      pincodes: 2,
    });
    expect((await upload(code, '', 'dry-run')).body.errors).toEqual([
      'line 1, column pincode: the file is empty: the first line names the column',
    ]);
    const good = await upload(code, 'pincode\n700001\n', 'dry-run');
    expect(good.body).toEqual({ rows: 1, pincodes: 1, codPincodes: 1, errors: [], applied: false });
    expect(await served(code)).toEqual([]);
    const notCsv = await admin.post(`/admin/api/partners/${code}/pincodes?mode=apply`, { file: 'x' }, BEARER);
    expect(notCsv.status).toBe(415);
  });

  it('applies a list as the partner’s whole list, which the pincode check and create-order follow', async () => {
    const fixtures = new Fixtures(t().db);
    const driver = new CheckoutDriver(t);
    const partner = await create();
    const product = await fixtures.product({ sizes: [['M', 5]] });
    const partnerId = (
      await t()
        .db.selectFrom('delivery_partners')
        .select('id')
        .where('code', '=', partner.code)
        .executeTakeFirstOrThrow()
    ).id;
    await t()
      .db.updateTable('products')
      .set({ partner_id: partnerId })
      .where('id', '=', product.id)
      .execute();
    // a pincode of India's list that the database does not hold yet, as in a shop started empty
    const fresh = '744101';
    await t().db.deleteFrom('pincodes').where('pincode', '=', fresh).execute();

    const { client } = await driver.shopper(1, product);
    const amount = await driver.amountToPay(client);
    const refused = await driver.createOrder(client, amount);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/cannot be delivered to pincode 700001/);

    const applied = await upload(partner.code, `pincode\n700001\n110001\n${fresh}\n700001\n`, 'apply');
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ rows: 4, pincodes: 3, codPincodes: 3, errors: [], applied: true });
    expect(await served(partner.code)).toEqual(['110001', '700001', fresh]);
    const place = await t()
      .db.selectFrom('pincodes')
      .selectAll()
      .where('pincode', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(place).toMatchObject({ district: 'South Andaman', state: 'Andaman and Nicobar Islands' });
    expect(await pincheck(partner.code, fresh)).toBe(true);
    expect(await pincheck(partner.code, '400001')).toBe(false);
    expect((await driver.createOrder(client, amount)).status).toBe(200);
    const listed = (await admin.get<PartnerList>('/admin/api/partners', BEARER)).body.partners;
    expect(listed.find((p) => p.code === partner.code)).toMatchObject({
      pincodes: 3,
      codPincodes: 3,
      activeProducts: 1,
    });

    // a new file replaces the list
    await upload(partner.code, 'pincode\n400001\n', 'apply');
    expect(await served(partner.code)).toEqual(['400001']);
    expect(await pincheck(partner.code, '700001')).toBe(false);
    expect(await pincheck(partner.code, '400001')).toBe(true);
    const actions = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('subject', '=', `partner:${partner.code}`)
      .where('action', '=', 'partner.pincodes')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.details)).toEqual([
      { pincodes: 3, codPincodes: 3 },
      { pincodes: 1, codPincodes: 1 },
    ]);
  });

  it('reads the optional cod column: Y or N in any case, empty or missing is Y, anything else an error', async () => {
    const { code } = await create();
    const csv = ['pincode,COD', '700001,Y', '700016,n', '110001,', '400001, y ', '560001,N'].join('\n');
    const dry = await upload(code, csv, 'dry-run');
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ rows: 5, pincodes: 5, codPincodes: 3, errors: [], applied: false });
    expect(await served(code)).toEqual([]);

    const bad = [
      'pincode,cod',
      '700001,yes',
      '700016,0',
      '110001,Y,extra',
      '400001,Y',
      '400001,N',
      '560001,N',
    ].join('\n');
    const report = await upload(code, bad, 'dry-run');
    expect(report.body).toEqual({
      rows: 6,
      pincodes: 2,
      codPincodes: 1,
      applied: false,
      errors: [
        'line 2, column cod: Y (the partner collects cash there) or N, not "yes"',
        'line 3, column cod: Y (the partner collects cash there) or N, not "0"',
        'line 4, column pincode: has 3 fields, the header 2',
        'line 6, column cod: 400001 is listed before with the other value',
      ],
    });
    const refused = await upload(code, bad, 'apply');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'The file has errors: nothing was changed', applied: false });
    expect(await served(code)).toEqual([]);
    expect((await upload(code, 'pincode,cod,cod\n700001,Y,Y\n', 'dry-run')).body.errors).toEqual([
      'line 1, column cod: named twice',
    ]);
    // a row without its cod cell reads as Y
    expect((await upload(code, 'pincode,cod\n700001\n700016,N\n', 'dry-run')).body).toMatchObject({
      pincodes: 2,
      codPincodes: 1,
      errors: [],
    });
    // the column may come first
    expect((await upload(code, 'cod,pincode\nN,700001\n', 'dry-run')).body).toMatchObject({
      pincodes: 1,
      codPincodes: 0,
      errors: [],
    });

    const applied = await upload(code, csv, 'apply');
    expect(applied.body).toEqual({ rows: 5, pincodes: 5, codPincodes: 3, errors: [], applied: true });
    expect(await served(code)).toEqual(['110001', '400001', '560001', '700001', '700016']);
    expect(await collecting(code)).toEqual(['110001', '400001', '700001']);
    const listed = (await admin.get<PartnerList>('/admin/api/partners', BEARER)).body.partners;
    expect(listed.find((p) => p.code === code)).toMatchObject({ pincodes: 5, codPincodes: 3 });
    // a partner that does not collect cash still delivers there
    expect(await pincheck(code, '560001')).toBe(true);

    // a file without the column: cash everywhere it serves
    await upload(code, 'pincode\n560001\n700016\n', 'apply');
    expect(await collecting(code)).toEqual(['560001', '700016']);
  });

  it('collects cash at every pincode of India it serves in one click, whatever the list said before', async () => {
    const { code } = await create();
    await upload(code, 'pincode,cod\n700001,N\n', 'apply');
    expect(await collecting(code)).toEqual([]);
    const res = await admin.post<PincodesReport>(
      `/admin/api/partners/${code}/pincodes/all-india`,
      undefined,
      BEARER,
    );
    expect(res.body.codPincodes).toBe(res.body.pincodes);
    expect((await collecting(code)).length).toBe(indiaPincodes().length);
  });

  it('serves all of India in one click, replacing the list', async () => {
    const { code } = await create();
    await upload(code, 'pincode\n700001\n', 'apply');
    const india = indiaPincodes();
    const res = await admin.post<PincodesReport>(
      `/admin/api/partners/${code}/pincodes/all-india`,
      undefined,
      BEARER,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rows: india.length,
      pincodes: india.length,
      codPincodes: india.length,
      errors: [],
      applied: true,
    });
    expect(india.length).toBeGreaterThan(19_000);
    expect((await served(code)).length).toBe(india.length);
    for (const pincode of ['744101', '194101', '682555', '700001'])
      expect(await pincheck(code, pincode)).toBe(true);
    expect(await pincheck(code, '999999')).toBe(false);
    // again: the same list, no duplicate
    await admin.post(`/admin/api/partners/${code}/pincodes/all-india`, undefined, BEARER);
    expect((await served(code)).length).toBe(india.length);
  });

  it('checks a list of every pincode in India, each ten times over, and /healthz answers meanwhile', async ({
    annotate,
  }) => {
    const { code } = await create();
    const india = indiaPincodes().map((row) => row.pincode);
    const lines = Array.from({ length: 10 }, () => india).flat();
    const { answer, health } = await probedWhile(
      t().baseUrl,
      upload(code, `pincode\r\n${lines.join('\r\n')}\r\n`, 'dry-run'),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      rows: lines.length,
      pincodes: india.length,
      codPincodes: india.length,
      errors: [],
      applied: false,
    });
    await expectAnsweredMeanwhile(health, annotate);
  });

  it('is the owner’s: staff get 403 (before any upload is read), a signed-in owner needs the CSRF token', async () => {
    const { code } = await create();
    const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
    expect((await staff.get('/admin/api/partners')).status).toBe(403);
    expect(
      (
        await staff.post('/admin/api/partners', {
          code: newCode(),
          name: 'x',
          trackingUrl: 'https://x.example/{trackingId}',
        })
      ).status,
    ).toBe(403);
    expect(
      (await staff.post(`/admin/api/partners/${code}/pincodes?mode=apply`, csvForm('pincode\n700001\n')))
        .status,
    ).toBe(403);
    expect((await staff.post(`/admin/api/partners/${code}/pincodes/all-india`)).status).toBe(403);
    expect(await served(code)).toEqual([]);

    const owner = await staffSignedIn(t(), (await staffPerson(t(), 'owner', 'Asha Owner')).phone);
    const token = owner.csrfToken;
    owner.csrfToken = undefined;
    expect((await owner.post(`/admin/api/partners/${code}/pincodes/all-india`)).status).toBe(403);
    expect(await served(code)).toEqual([]);
    owner.csrfToken = token;
    const applied = await owner.post<PincodesReport>(
      `/admin/api/partners/${code}/pincodes?mode=apply`,
      csvForm('pincode\n700001\n'),
    );
    expect(applied.body.applied).toBe(true);
    expect(await served(code)).toEqual(['700001']);
  });
});
