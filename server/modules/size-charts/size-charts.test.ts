import { beforeAll, expect, it } from 'vitest';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import {
  type AdminSizeChart,
  SIZE_CHART_CSV_COLUMNS,
  type SizeChartBody,
  type SizeChartImportResponse,
  type SizeChartList,
} from '../../../contract/size-charts.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
type Refused = { error: string; fields: Record<string, string> };

function form(csv: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'size-charts.csv');
  return body;
}

describeEachDatabase('back office: size charts', (t) => {
  let admin: TestClient;
  let fixtures: Fixtures;
  const run = Math.random().toString(36).slice(2, 8);
  const segment = `Women ${run}`;
  let kurta: FixtureProduct;
  let otherSellersKurta: FixtureProduct;
  let otherSeller: string;
  let noChart: FixtureProduct;

  const chart = (over: Partial<SizeChartBody> = {}): SizeChartBody => ({
    userSegment: segment,
    genre: 'Kurti',
    measurements: ['bust', 'waist'],
    rows: [
      { size: 'M', values: [91.5, 76] },
      { size: 'S', values: [86, 71] },
    ],
    howToMeasure: 'Measure round the fullest part of the bust.',
    ...over,
  });
  const put = (body: unknown, as: TestClient = admin) =>
    as.put<AdminSizeChart & Refused>('/admin/api/size-charts', body, as === admin ? BEARER : {});
  const page = async (product: FixtureProduct) =>
    (await admin.get<ProductResponse>(`/product/ind/apparel/${product.id}`)).body;
  const charts = async () => (await admin.get<SizeChartList>('/admin/api/size-charts', BEARER)).body.charts;
  const ours = async () => (await charts()).filter((c) => c.userSegment === segment);

  beforeAll(async () => {
    admin = new TestClient(t().baseUrl);
    fixtures = new Fixtures(t().db);
    const sizes: [string, number][] = [
      ['S', 3],
      ['M', 3],
      ['L', 3],
    ];
    kurta = await fixtures.product({ userSegment: segment, genre: 'Kurti', sizes });
    otherSellersKurta = await fixtures.product({ userSegment: segment, genre: 'Kurti', sizes });
    noChart = await fixtures.product({ userSegment: segment, genre: 'Saree', sizes: [['Free', 2]] });
    otherSeller = `Chikan Ghar ${run}`;
    const seller = await t()
      .db.insertInto('sellers')
      .values({ name: otherSeller, city: 'Lucknow' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t()
      .db.updateTable('products')
      .set({ seller_id: seller.id })
      .where('id', '=', otherSellersKurta.id)
      .execute();
  });

  it('saves a genre chart, lists it with the genre sizes, and every product of the genre shows it', async () => {
    expect((await page(kurta)).sizeChart).toBeNull();
    const saved = await put(chart());
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      userSegment: segment,
      genre: 'Kurti',
      seller: null,
      measurements: ['bust', 'waist'],
      // in size order, whatever order they were sent in
      rows: [
        { size: 'S', values: [86, 71] },
        { size: 'M', values: [91.5, 76] },
      ],
      howToMeasure: 'Measure round the fullest part of the bust.',
      updatedAt: expect.any(String),
    });
    const list = (await admin.get<SizeChartList>('/admin/api/size-charts', BEARER)).body;
    expect(list.genres).toContainEqual({ userSegment: segment, genre: 'Kurti', sizes: ['S', 'M', 'L'] });
    expect(list.charts.filter((c) => c.userSegment === segment)).toEqual([saved.body]);
    const { measurements, rows, howToMeasure } = saved.body;
    // the product page was cached empty before the save: the change reaches it at once
    expect((await page(kurta)).sizeChart).toEqual({ measurements, rows, howToMeasure });
    expect((await page(otherSellersKurta)).sizeChart).toEqual({ measurements, rows, howToMeasure });
    expect((await page(noChart)).sizeChart).toBeNull();
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject', '=', `size-chart:${segment}/Kurti`)
      .execute();
    expect(audit).toContainEqual({ actor: 'admin', action: 'size-chart.save' });
  });

  it("shows a seller's own chart on that seller's products, the genre's on the others", async () => {
    expect((await put(chart())).status).toBe(200);
    const own = chart({ seller: otherSeller, measurements: ['bust'], rows: [{ size: 'L', values: [101] }] });
    const saved = await put(own);
    expect(saved.status).toBe(200);
    expect(saved.body.seller).toBe(otherSeller);
    expect((await page(otherSellersKurta)).sizeChart).toEqual({
      measurements: ['bust'],
      rows: [{ size: 'L', values: [101] }],
      howToMeasure: own.howToMeasure,
    });
    expect((await page(kurta)).sizeChart?.measurements).toEqual(['bust', 'waist']);
    expect((await ours()).map((c) => c.seller)).toEqual([null, otherSeller]);

    const keys = `userSegment=${encodeURIComponent(segment)}&genre=Kurti&seller=${encodeURIComponent(otherSeller)}`;
    const removed = await admin.request('DELETE', `/admin/api/size-charts?${keys}`, undefined, BEARER);
    expect(removed.status).toBe(204);
    // the seller's products fall back to the genre's chart
    expect((await page(otherSellersKurta)).sizeChart?.measurements).toEqual(['bust', 'waist']);
    const again = await admin.request<Refused>('DELETE', `/admin/api/size-charts?${keys}`, undefined, BEARER);
    expect(again.status).toBe(404);
    expect((await ours()).map((c) => c.seller)).toEqual([null]);
  });

  it('refuses a wrong chart field by field, and saves nothing', async () => {
    const before = await ours();
    const cases: [Partial<SizeChartBody>, Record<string, string>][] = [
      [{ genre: 'Lehenga' }, { genre: `No clothes in ${segment} Lehenga` }],
      [{ userSegment: '' }, { userSegment: 'Required' }],
      [{ seller: 'Nobody' }, { seller: 'No seller is named "Nobody"' }],
      [
        { measurements: [] },
        {
          measurements: 'Add at least one measurement',
          'rows.0.values': expect.any(String),
          'rows.1.values': expect.any(String),
        },
      ],
      [
        { measurements: ['bust', 'elbow'] },
        { 'measurements.1': expect.stringContaining('"elbow" is not a measurement') },
      ],
      [{ measurements: ['bust', 'bust'] }, { 'measurements.1': 'Bust is there already' }],
      [{ rows: [] }, { rows: 'Add at least one size' }],
      [{ rows: [{ size: 'XXL', values: [1, 2] }] }, { 'rows.0.size': `No ${segment} Kurti comes in XXL` }],
      [
        {
          rows: [
            { size: 'S', values: [1, 2] },
            { size: 'S', values: [1, 2] },
          ],
        },
        { 'rows.1.size': 'S is there already' },
      ],
      [
        { rows: [{ size: 'S', values: [86] }] },
        { 'rows.0.values': 'Give 2 values, one for each measurement' },
      ],
      [
        { rows: [{ size: 'S', values: [0, 70] }] },
        { 'rows.0.values': expect.stringMatching(/^Centimetres above 0/) },
      ],
      [
        { rows: [{ size: 'S', values: [86, 301] }] },
        { 'rows.0.values': expect.stringMatching(/^Centimetres/) },
      ],
      [
        { rows: [{ size: 'S', values: [86.25, 70] }] },
        { 'rows.0.values': expect.stringMatching(/one decimal/) },
      ],
      [
        { rows: Array.from({ length: 31 }, () => ({ size: 'S', values: [86, 70] })) },
        { rows: 'At most 30 sizes' },
      ],
      [{ howToMeasure: 'x'.repeat(2001) }, { howToMeasure: 'At most 2000 characters' }],
    ];
    for (const [over, fields] of cases) {
      const res = await put(chart(over));
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(res.body.fields).toMatchObject(fields);
    }
    expect((await put({ ...chart(), colour: 'red' })).status).toBe(400);
    expect(await ours()).toEqual(before);
  });

  it('lets signed-in staff change charts with the CSRF token only, and no one signed out', async () => {
    const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
    expect((await staff.get('/admin/api/size-charts')).status).toBe(200);
    const token = staff.csrfToken;
    staff.csrfToken = undefined;
    const body = chart({ howToMeasure: 'Staff wrote this.' });
    expect((await put(body, staff)).status).toBe(403);
    expect((await ours()).some((c) => c.howToMeasure === 'Staff wrote this.')).toBe(false);
    staff.csrfToken = token;
    expect((await put(body, staff)).status).toBe(200);
    const actor = await t()
      .db.selectFrom('audit_log')
      .select('actor')
      .where('subject', '=', `size-chart:${segment}/Kurti`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(actor.actor).toMatch(/^staff:\d+$/);
    const visitor = await (await t().client()).start();
    expect((await visitor.get('/admin/api/size-charts')).status).toBe(401);
    expect((await put(body, visitor)).status).toBe(401);
  });

  it('exports every chart as CSV, imports it back unchanged, and reports a bad file by line', async () => {
    expect((await put(chart())).status).toBe(200);
    const upload = (csv: string, mode: 'dry-run' | 'apply') =>
      admin.post<SizeChartImportResponse & { error?: string }>(
        `/admin/api/size-charts/import?mode=${mode}`,
        form(csv),
        BEARER,
      );
    const csv = (await admin.get<string>('/admin/api/size-charts/export', BEARER)).body;
    expect(csv.split('\r\n')[0]).toBe(SIZE_CHART_CSV_COLUMNS.join(','));
    expect(csv).toContain(`${segment},Kurti,,bust|waist,S,86|71,Measure round the fullest part of the bust.`);
    const before = await ours();
    const back = await upload(csv, 'apply');
    expect(back.body).toMatchObject({ errors: [], applied: true });
    expect((await ours()).map(({ updatedAt, ...c }) => c)).toEqual(before.map(({ updatedAt, ...c }) => c));

    const header = SIZE_CHART_CSV_COLUMNS.join(',');
    const lines = [
      header,
      `${segment},Kurti,,bust|hip,S,80|90,Tape snug`,
      `${segment},Kurti,,bust|hip,XXL,80|90,Tape snug`,
      `${segment},Kurti,,bust|hip,M,84,Tape snug`,
      `${segment},Kurti,,bust,L,84,Tape snug`,
    ].join('\n');
    const dry = await upload(lines, 'dry-run');
    expect(dry.body.errors).toEqual([
      "line 5, column measurements: differs from line 2: a chart's rows agree on it",
    ]);
    const fixed = lines.split('\n').slice(0, 4).join('\n');
    const refused = await upload(fixed, 'apply');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ applied: false, rows: 3, charts: 0 });
    expect(refused.body.errors).toEqual([
      `line 3, column size: No ${segment} Kurti comes in XXL`,
      'line 4, column cm: Give 2 values, one for each measurement',
    ]);
    expect((await ours()).map(({ updatedAt, ...c }) => c)).toEqual(before.map(({ updatedAt, ...c }) => c));
    const good = [header, `${segment},Kurti,,bust|hip,S,80|90,Tape snug`].join('\n');
    expect((await upload(good, 'apply')).body).toMatchObject({
      rows: 1,
      charts: 1,
      errors: [],
      applied: true,
    });
    expect((await page(kurta)).sizeChart).toEqual({
      measurements: ['bust', 'hip'],
      rows: [{ size: 'S', values: [80, 90] }],
      howToMeasure: 'Tape snug',
    });
  });
});
