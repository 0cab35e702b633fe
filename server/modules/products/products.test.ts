import { zipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeResponse, ListingResponse, ProductResponse } from '../../../contract/catalogue.ts';
import {
  type AdminProduct,
  type AdminProductsResponse,
  type CatalogueChoices,
  CSV_COLUMNS,
  type ImportResponse,
  type LowStockResponse,
  type ProductBody,
} from '../../../contract/products.ts';
import { NOT_AN_IMAGE } from '../../platform/images/render.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

const png = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();

function form(field: string, data: Buffer | string, name: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  return body;
}

describeEachDatabase('back office: products', (t) => {
  let admin: TestClient;
  let photo: string;
  let seller: string;
  let partner: string;

  const body = (over: Partial<ProductBody> = {}): ProductBody => ({
    name: 'Madder Block-Print Kurta',
    prod: 'apparel',
    userSegment: 'Adminwear',
    genre: 'Back office kurtas',
    description: 'Hand block-printed cotton.',
    color: 'Madder',
    features: { fabric: ['Cotton'], occasion: ['Casual'] },
    mrp: 1999,
    price: 1499,
    partner,
    seller,
    sizes: [
      { size: 'S', stock: 3 },
      { size: 'M', stock: 5 },
    ],
    photos: [photo],
    ...over,
  });
  const create = (over: Partial<ProductBody> = {}) =>
    admin.post<AdminProduct>('/admin/api/products', body(over), BEARER);

  beforeAll(async () => {
    admin = new TestClient(t().baseUrl);
    const row = await t()
      .db.selectFrom('sellers')
      .innerJoin('products', 'products.seller_id', 'sellers.id')
      .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
      .select(['sellers.name as seller', 'delivery_partners.code as partner'])
      .executeTakeFirstOrThrow();
    seller = row.seller;
    partner = row.partner;
    const res = await admin.post<{ photo: string }>(
      '/admin/api/products/photos',
      form('file', await png(), 'kurta.png', 'image/png'),
      BEARER,
    );
    expect(res.status).toBe(200);
    photo = res.body.photo;
  });

  it('stores an uploaded photo re-encoded under a new name, and serves it', async () => {
    expect(photo).toMatch(/^p-[0-9a-f-]{36}\.webp$/);
    const served = await fetch(`${t().baseUrl}/images/${photo}?w=320`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a file that is not a photo, whatever it is called (415)', async () => {
    const res = await admin.post(
      '/admin/api/products/photos',
      form('file', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.png', 'image/png'),
      BEARER,
    );
    expect(res.status).toBe(415);
  });

  it('creates a product that the listing, its page and the home list show at once', async () => {
    const shopper = await t().client();
    // the caches hold the segment's empty listing and the home list before the product exists
    await shopper.post('/api/item/Adminwear/Back%20office%20kurtas/', { page: 1, sort: 0 });
    await shopper.get('/home');
    const res = await create();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Madder Block-Print Kurta',
      active: true,
      discount: 25,
      mrp: 1999,
      price: 1499,
      sizes: [
        { size: 'S', stock: 3, held: 0 },
        { size: 'M', stock: 5, held: 0 },
      ],
      photos: [photo],
    });
    const listing = await shopper.post<ListingResponse>('/api/item/Adminwear/Back%20office%20kurtas/', {
      page: 1,
      sort: 0,
    });
    expect(listing.body.prods.map((p) => p.id)).toEqual([res.body.id]);
    const page = await shopper.get<ProductResponse>(`/product/ind/apparel/${res.body.id}`);
    expect(page.body.productInfo).toMatchObject({ stock: 8, additionsize: { S: 3, M: 5 } });
    const home = await shopper.get<HomeResponse>('/home');
    expect(JSON.stringify(home.body)).toContain('Back office kurtas');

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject', '=', `product:${res.body.id}`)
      .execute();
    expect(audit).toEqual([{ actor: 'admin', action: 'product.create' }]);
  });

  it('offers the segments, genres, sellers and delivery partners a product may name', async () => {
    await create();
    const res = await admin.get<CatalogueChoices>('/admin/api/catalogue/choices', BEARER);
    expect(res.status).toBe(200);
    expect(res.body.segments).toContain('Adminwear');
    expect(res.body.genres).toContain('Back office kurtas');
    expect(res.body.sellers).toContain(seller);
    expect(res.body.partners).toContain(partner);
    expect(res.body.genres).toEqual([...new Set(res.body.genres)].sort());
  });

  it('answers field errors beside their fields and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t()
            .db.selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await create({
      name: ' ',
      price: 2500,
      seller: 'Nobody',
      sizes: [],
      photos: ['missing.webp'],
      features: { fabric: ['Silk'], shine: ['High'] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: expect.any(String),
      fields: {
        name: 'Required',
        price: 'Price cannot be above the MRP',
        seller: 'No seller is named "Nobody": choose a seller from the list',
        sizes: 'Add at least one size',
        photos: 'No uploaded photo named "missing.webp"',
        'features.shine': 'Not a feature the shop filters by',
      },
    });
    expect(await count()).toBe(before);
  });

  it('refuses a product naming no real seller with 400 by field, and takes back what GET answers with one field changed', async () => {
    const refused = await create({ seller: 'No such seller house' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: expect.any(String),
      fields: { seller: 'No seller is named "No such seller house": choose a seller from the list' },
    });
    const created = (await create({ name: 'Round trip kurta' })).body;
    const read = await admin.get<AdminProduct>(`/admin/api/products/${created.id}`, BEARER);
    expect(read.status).toBe(200);
    const edited = await admin.put<AdminProduct>(
      `/admin/api/products/${created.id}`,
      { ...read.body, name: 'Round trip kurta, edited' },
      BEARER,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toEqual({ ...read.body, name: 'Round trip kurta, edited' });
    // read-only fields are ignored, never written: the id and stock's held units stay the server's
    const ignored = await admin.put<AdminProduct>(
      `/admin/api/products/${created.id}`,
      {
        ...edited.body,
        id: 1,
        sku: 'X',
        active: false,
        discount: 90,
        sizes: [{ size: 'S', stock: 4, held: 3 }],
      },
      BEARER,
    );
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    expect(ignored.body).toMatchObject({
      id: created.id,
      sku: created.sku,
      active: true,
      sizes: [{ size: 'S', stock: 4, held: 0 }],
    });
    const wrong = await admin.put(`/admin/api/products/${created.id}`, { ...read.body, seller: '' }, BEARER);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { seller: expect.any(String) } });
  });

  it('edits a product: price, sizes and stock through inventory, never below held units', async () => {
    const created = (await create({ name: 'Edit me' })).body;
    const res = await admin.put<AdminProduct>(
      `/admin/api/products/${created.id}`,
      body({
        name: 'Edited',
        price: 999,
        sizes: [
          { size: 'M', stock: 9 },
          { size: 'L', stock: 2 },
        ],
      }),
      BEARER,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Edited', price: 999, discount: 50 });
    expect(res.body.sizes).toEqual([
      { size: 'M', stock: 9, held: 0 },
      { size: 'L', stock: 2, held: 0 },
    ]);
    const shopper = await t().client();
    const page = await shopper.get<ProductResponse>(`/product/ind/apparel/${created.id}`);
    expect(page.body.productInfo).toMatchObject({ additionsize: { M: 9, L: 2 } });
  });

  it('adds a colour sibling the product page links, and withdraws and restores', async () => {
    const kurta = (await create({ name: 'Madder Stripe Kurta' })).body;
    const colours = `/admin/api/products/${kurta.id}/colours`;
    const count = async () =>
      Number(
        (
          await t()
            .db.selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('child_key', '=', kurta.childKey)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // never the old colour's photos: a red kurta would be sold as blue
    for (const refused of [
      { color: 'Indigo' },
      { color: 'Indigo', photos: [] },
      { color: 'Indigo', photos: [photo] },
    ]) {
      const res = await admin.post(colours, refused, BEARER);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: expect.any(String),
        fields: { photos: 'Add the photos of the new colour (1 to 5)' },
      });
    }
    expect(await count()).toBe(1);
    const indigo = await admin.post<{ photo: string }>(
      '/admin/api/products/photos',
      form('file', await png(), 'indigo.png', 'image/png'),
      BEARER,
    );
    const sibling = await admin.post<AdminProduct>(
      colours,
      { color: 'Indigo', photos: [indigo.body.photo] },
      BEARER,
    );
    expect(sibling.status).toBe(200);
    expect(sibling.body).toMatchObject({
      name: 'Indigo Stripe Kurta',
      color: 'Indigo',
      childKey: kurta.childKey,
      photos: [indigo.body.photo],
    });
    const shopper = await t().client();
    const page = await shopper.get<ProductResponse>(`/product/ind/apparel/${kurta.id}`);
    expect(JSON.stringify(page.body.colorInfo)).toContain('Indigo');

    const withdrawn = await admin.post<AdminProduct>(
      `/admin/api/products/${kurta.id}/withdraw`,
      undefined,
      BEARER,
    );
    expect(withdrawn.body.active).toBe(false);
    const gone = await shopper.get<ProductResponse>(`/product/ind/apparel/${kurta.id}`);
    expect(gone.body.productInfo.active).toBe('Currently unavailable');
    const list = await admin.get<AdminProductsResponse>(
      `/admin/api/products?q=${kurta.sku}&status=withdrawn`,
      BEARER,
    );
    expect(list.body.products.map((p) => p.id)).toEqual([kurta.id]);
    expect(list.body.products[0]).toMatchObject({ photo: `/images/${photo}?w=320`, stock: 8 });
    await admin.post(`/admin/api/products/${kurta.id}/restore`, undefined, BEARER);
    const back = await shopper.get<ProductResponse>(`/product/ind/apparel/${kurta.id}`);
    expect(back.body.productInfo.active).toBe('In stock');
  });

  it('lists sizes at or below the owner’s threshold; staff may read it but not set it', async () => {
    const low = (
      await create({
        name: 'Nearly gone',
        // sold out: among the seed's many low sizes, the newest sold-out ones come first
        sizes: [
          { size: 'S', stock: 0 },
          { size: 'M', stock: 40 },
        ],
      })
    ).body;
    const set = await admin.put('/admin/api/settings', { lowStockThreshold: 2 }, BEARER);
    expect(set.body).toMatchObject({ lowStockThreshold: 2, deliveryCharge: 50, freeDeliveryAbove: 500 });
    const res = await admin.get<LowStockResponse>('/admin/api/stock/low', BEARER);
    expect(res.body.threshold).toBe(2);
    expect(res.body.sizes.filter((s) => s.productId === low.id)).toEqual([
      {
        productId: low.id,
        name: 'Nearly gone',
        sku: low.sku,
        size: 'S',
        stock: 0,
        active: true,
      },
    ]);
    expect(res.body.sizes.every((s) => s.stock <= 2)).toBe(true);

    const person = await staffPerson(t());
    const staff = await staffSignedIn(t(), person.phone);
    expect((await staff.get('/admin/api/stock/low')).status).toBe(200);
    expect((await staff.put('/admin/api/settings', { lowStockThreshold: 9 })).status).toBe(403);
    expect((await staff.post('/admin/api/products', body())).status).toBe(200);
    const shopper = await t().client();
    expect((await shopper.get('/admin/api/products')).status).toBe(401);
  });

  describe('CSV', () => {
    const upload = (csv: string, mode: 'dry-run' | 'apply') =>
      admin.post<ImportResponse & { error?: string }>(
        `/admin/api/catalogue/import?mode=${mode}`,
        form('file', csv, 'catalogue.csv', 'text/csv'),
        BEARER,
      );
    const exported = async () => (await admin.get<string>('/admin/api/catalogue/export', BEARER)).body;

    it('exports one row per size, and importing the export changes nothing', async () => {
      const csv = await exported();
      expect(csv.split('\r\n')[0]).toMatch(/^sku,design,name,section,segment,genre,/);
      const dry = await upload(csv, 'dry-run');
      expect(dry.body.errors).toEqual([]);
      expect(dry.body.rows).toBe(csv.trimEnd().split('\r\n').length - 1);
      const applied = await upload(csv, 'apply');
      expect(applied.status).toBe(200);
      expect(applied.body.applied).toBe(true);
      expect(await exported()).toBe(csv);
    }, 120_000);

    it('neutralises cells a spreadsheet would run as formulas, and imports them back unchanged', async () => {
      const risky = {
        name: '=HYPERLINK("http://evil.example","Kurta")',
        description: '@SUM(1+1) block-printed',
        color: '+Madder',
      };
      const made = await create({ ...risky, genre: 'Formula kurtas' });
      expect(made.status).toBe(200);
      const csv = await exported();
      const rows = csv.split('\r\n').filter((row) => row.includes('Formula kurtas'));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Kurta"")"`);
        expect(row).toContain("'@SUM(1+1) block-printed");
        expect(row).toContain(",'+Madder,");
        // no cell of the export begins with a formula character
        expect(row.split(',').filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
      }
      const applied = await upload(csv, 'apply');
      expect(applied.body.errors).toEqual([]);
      expect(applied.body.applied).toBe(true);
      const stored = await t()
        .db.selectFrom('products')
        .select(['name', 'description', 'color'])
        .where('id', '=', made.body.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual(risky);
      expect(await exported()).toBe(csv);
    }, 120_000);

    it('takes photos from a zip that comes with the file, by their file names', async () => {
      const jpeg = await sharp({ create: { width: 200, height: 260, channels: 3, background: '#2a6' } })
        .jpeg()
        .toBuffer();
      const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files));
      const values: Record<string, string> = {
        name: 'Zip kurta',
        section: 'apparel',
        segment: 'Adminwear',
        genre: 'Zip kurtas',
        description: 'Photos from a zip',
        colour: 'Green',
        mrp: '999',
        price: '799',
        partner,
        seller,
        active: 'yes',
        size: 'M',
        stock: '2',
      };
      const row = (sku: string, photos: string) => {
        const cells: Record<string, string> = { ...values, sku, photos };
        return CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');
      };
      const importWith = (csv: string, photos: Buffer, mode: 'dry-run' | 'apply') => {
        const sent = form('file', csv, 'catalogue.csv', 'text/csv');
        sent.append('photos', new Blob([new Uint8Array(photos)], { type: 'application/zip' }), 'photos.zip');
        return admin.post<ImportResponse & { error?: string }>(
          `/admin/api/catalogue/import?mode=${mode}`,
          sent,
          BEARER,
        );
      };
      const header = CSV_COLUMNS.join(',');
      const bad = [header, row('ZIP-1', 'front.jpg|notes.txt')].join('\n');
      const withText = zip({ 'shoot/front.jpg': jpeg, 'shoot/notes.txt': new TextEncoder().encode('hi') });
      const refused = await importWith(bad, withText, 'dry-run');
      expect(refused.body.errors).toEqual([`line 2, column photos: "notes.txt" in the zip: ${NOT_AN_IMAGE}`]);

      const good = [header, row('ZIP-1', 'front.jpg'), row('ZIP-2', 'front.jpg')].join('\n');
      const dry = await importWith(good, zip({ 'front.jpg': jpeg }), 'dry-run');
      expect(dry.body.errors).toEqual([]);
      expect(await t().db.selectFrom('products').select('id').where('sku', '=', 'ZIP-1').execute()).toEqual(
        [],
      );
      const applied = await importWith(good, zip({ 'front.jpg': jpeg }), 'apply');
      expect(applied.status).toBe(200);
      const made = await t()
        .db.selectFrom('products')
        .select(['sku', 'photos'])
        .where('sku', 'in', ['ZIP-1', 'ZIP-2'])
        .orderBy('sku')
        .execute();
      const [first, second] = made.map((p) => p.photos as string[]);
      expect(first).toEqual([expect.stringMatching(/^p-[0-9a-f-]{36}\.webp$/)]);
      expect(second).toEqual(first);
      const served = await fetch(`${t().baseUrl}/images/${first?.[0]}?w=320`);
      expect(served.status).toBe(200);

      const notZip = await importWith(good, Buffer.from('not a zip'), 'dry-run');
      expect(notZip.status).toBe(400);
      expect(notZip.body.error).toBe('The photos file is not a readable zip');
    }, 60_000);

    it('reports every error by line and column, and apply refuses all of it', async () => {
      const product: Record<string, string> = {
        design: '',
        name: 'CSV kurta',
        section: 'apparel',
        segment: 'Adminwear',
        genre: 'CSV kurtas',
        description: 'Plain',
        colour: 'Red',
        mrp: '999',
        price: '12.5',
        partner,
        seller,
        active: 'yes',
        photos: photo,
      };
      const put = (values: Record<string, string>) =>
        CSV_COLUMNS.map((c) => ({ ...product, ...values })[c] ?? '').join(',');
      const csv = [
        CSV_COLUMNS.join(','),
        put({ sku: 'NEW-CSV-1', size: 'S', stock: '4' }),
        put({ sku: 'NEW-CSV-1', size: 'M', stock: 'many' }),
        put({ sku: 'NEW-CSV-2', size: 'S', stock: '1', section: 'food', price: '99' }),
      ].join('\n');
      const dry = await upload(csv, 'dry-run');
      expect(dry.body.errors).toEqual([
        'line 3, column stock: a whole number, 0 or more',
        'line 2, column price: a whole number, 0 or more',
        'line 4, column section: Choose apparel or accessories',
      ]);
      const apply = await upload(csv, 'apply');
      expect(apply.status).toBe(400);
      const made = await t()
        .db.selectFrom('products')
        .select('id')
        .where('sku', 'like', 'NEW-CSV-%')
        .execute();
      expect(made).toEqual([]);
    });
  });
});
