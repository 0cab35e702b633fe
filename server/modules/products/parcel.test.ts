import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  type AdminProduct,
  CSV_COLUMNS,
  type ImportResponse,
  type ProductBody,
} from '../../../contract/products.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { TestClient } from '../../test/http.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
type Refused = { error: string; fields: Record<string, string> };

function form(field: string, data: Buffer | string, name: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  return body;
}

describeEachDatabase('back office: a product’s weight and size', (t) => {
  let admin: TestClient;
  let base: ProductBody;

  const create = (over: Partial<ProductBody> = {}) =>
    admin.post<AdminProduct & Refused>('/admin/api/products', { ...base, ...over }, BEARER);
  const read = async (id: number) =>
    (await admin.get<AdminProduct>(`/admin/api/products/${id}`, BEARER)).body;
  const upload = (csv: string, mode: 'dry-run' | 'apply') =>
    admin.post<ImportResponse>(
      `/admin/api/catalogue/import?mode=${mode}`,
      form('file', csv, 'catalogue.csv', 'text/csv'),
      BEARER,
    );
  const exported = async () => (await admin.get<string>('/admin/api/catalogue/export', BEARER)).body;

  beforeAll(async () => {
    admin = new TestClient(t().baseUrl);
    const row = await t()
      .db.selectFrom('sellers')
      .innerJoin('products', 'products.seller_id', 'sellers.id')
      .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
      .select(['sellers.name as seller', 'delivery_partners.code as partner'])
      .executeTakeFirstOrThrow();
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const photo = await admin.post<{ photo: string }>(
      '/admin/api/products/photos',
      form('file', png, 'bedsheet.png', 'image/png'),
      BEARER,
    );
    base = {
      name: 'Sanganeri Bedsheet Set',
      prod: 'accessories',
      userSegment: 'Home',
      genre: 'Parcel bedsheets',
      description: 'Double bedsheet with two pillow covers.',
      color: 'Indigo',
      features: {},
      mrp: 2499,
      price: 1999,
      partner: row.partner,
      seller: row.seller,
      sizes: [{ size: '', stock: 4 }],
      photos: [photo.body.photo],
    };
  });

  it('keeps the weight and size a product is given, null while unset, and leaves them out of the shop', async () => {
    const plain = await create();
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null });
    const made = await create({ weightGrams: 1200, lengthCm: 40, breadthCm: 30, heightCm: 8 });
    expect(made.status).toBe(200);
    const parcel = { weightGrams: 1200, lengthCm: 40, breadthCm: 30, heightCm: 8 };
    expect(await read(made.body.id)).toMatchObject(parcel);
    // a change that leaves them out keeps them; null clears one
    const path = `/admin/api/products/${made.body.id}`;
    expect(
      (await admin.put<AdminProduct>(path, { ...base, name: 'Renamed set' }, BEARER)).body,
    ).toMatchObject(parcel);
    const cleared = await admin.put<AdminProduct>(
      path,
      { ...base, heightCm: null, weightGrams: 100000 },
      BEARER,
    );
    expect(cleared.body).toMatchObject({ ...parcel, heightCm: null, weightGrams: 100000 });
    // not shop fields: the public product answer has none of them
    const shopper = await t().client();
    const page = await shopper.get<unknown>(`/product/ind/accessories/${made.body.id}`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toMatch(/weightGrams|lengthCm|breadthCm|heightCm|weight_grams/);
  });

  it('refuses a weight or size out of range or not whole with 400 by field, and changes nothing', async () => {
    const before = (await create({ weightGrams: 500 })).body;
    const cases: [Partial<ProductBody>, Record<string, string>][] = [
      [{ weightGrams: 0 }, { weightGrams: 'Whole grams, 1 to 100000' }],
      [
        { weightGrams: 100001, lengthCm: 301 },
        { weightGrams: 'Whole grams, 1 to 100000', lengthCm: 'Whole centimetres, 1 to 300' },
      ],
      [
        { breadthCm: 2.5, heightCm: -1 },
        { breadthCm: 'Whole centimetres, 1 to 300', heightCm: 'Whole centimetres, 1 to 300' },
      ],
    ];
    for (const [over, fields] of cases) {
      const res = await admin.put<Refused>(`/admin/api/products/${before.id}`, { ...base, ...over }, BEARER);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), fields });
      expect((await create(over)).status).toBe(400);
    }
    const text = await admin.post<Refused>('/admin/api/products', { ...base, weightGrams: '1 kg' }, BEARER);
    expect(text.status).toBe(400);
    expect(Object.keys(text.body.fields)).toEqual(['weightGrams']);
    expect(await read(before.id)).toMatchObject({ weightGrams: 500, lengthCm: null });
  });

  it('exports and imports weight_g, length_cm, breadth_cm and height_cm (empty: null), naming a bad cell', async () => {
    const made = (await create({ genre: 'CSV parcels', weightGrams: 1200, lengthCm: 40, breadthCm: 30 }))
      .body;
    const csv = await exported();
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns).toEqual([...CSV_COLUMNS]);
    const at = (name: string) => columns.indexOf(name);
    const row = rows.find((r) => r.startsWith(`${made.sku},`))?.split(',') ?? [];
    expect([at('weight_g'), at('length_cm'), at('breadth_cm'), at('height_cm')].map((i) => row[i])).toEqual([
      '1200',
      '40',
      '30',
      '',
    ]);
    // the export imported back changes nothing
    expect((await upload(csv, 'apply')).body).toMatchObject({ errors: [], applied: true });
    expect(await exported()).toBe(csv);

    // a changed weight, an emptied size, and a bad cell named by line and column
    const line = (cells: Record<string, string>) =>
      columns.map((c, i) => (c in cells ? cells[c] : row[i])).join(',');
    const changed = [header, line({ weight_g: '950', length_cm: '' })].join('\n');
    expect((await upload(changed, 'apply')).body).toMatchObject({ errors: [], applied: true });
    expect(await read(made.id)).toMatchObject({ weightGrams: 950, lengthCm: null, breadthCm: 30 });
    const bad = [header, line({ weight_g: '1.2kg', height_cm: '400' })].join('\n');
    const refused = await upload(bad, 'apply');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      'line 2, column weight_g: Whole grams, 1 to 100000',
      'line 2, column height_cm: Whole centimetres, 1 to 300',
    ]);
    expect(await read(made.id)).toMatchObject({ weightGrams: 950 });

    // a file written before the columns existed keeps the products' weight and size
    const old = CSV_COLUMNS.map((_, i) => i).filter(
      (i) => !['weight_g', 'length_cm', 'breadth_cm', 'height_cm'].includes(columns[i] ?? ''),
    );
    const current = (await exported()).trimEnd().split('\r\n');
    const without = [header, current.find((r) => r.startsWith(`${made.sku},`)) ?? '']
      .map((r) => old.map((i) => r?.split(',')[i]).join(','))
      .join('\n');
    expect((await upload(without, 'apply')).body).toMatchObject({ errors: [], applied: true });
    expect(await read(made.id)).toMatchObject({ weightGrams: 950, breadthCm: 30 });
  });
});
