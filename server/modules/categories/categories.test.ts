import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeResponse, ListingResponse, ProductResponse } from '../../../contract/catalogue.ts';
import type { CategoryTree, CategoryTreeBody } from '../../../contract/categories.ts';
import {
  type AdminProduct,
  CSV_COLUMNS,
  type ImportResponse,
  type ProductBody,
} from '../../../contract/products.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
type Refused = { error: string; fields?: Record<string, string> };

function form(field: string, data: Buffer | string, name: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  return body;
}

/** The tree as a PUT body (the answer's `products` left out). */
const asBody = (tree: CategoryTree): CategoryTreeBody => ({
  segments: tree.segments.map((s) => ({
    name: s.name,
    genres: s.genres.map(({ name, oneSize }) => ({ name, oneSize })),
  })),
});
const pairs = (tree: CategoryTree) =>
  tree.segments.flatMap((s) => s.genres.map((g) => `${s.name}/${g.name}`));

describeEachDatabase("back office: the owner's categories", (t) => {
  let admin: TestClient;
  let photo: string;
  let seller: string;
  let partner: string;

  const tree = async () => (await admin.get<CategoryTree>('/admin/api/categories', BEARER)).body;
  const put = (body: unknown, as: TestClient = admin) =>
    as.put<CategoryTree & Refused>('/admin/api/categories', body, as === admin ? BEARER : {});
  const home = async () =>
    (await (await t().client()).get<HomeResponse>('/home')).body.map((p) => `${p.userSegment}/${p.genre}`);
  const product = (over: Partial<ProductBody>): ProductBody => ({
    name: 'Block-print bedsheet',
    prod: 'apparel',
    userSegment: 'Home',
    genre: 'Bedsheets',
    description: 'Hand block-printed cotton for a double bed',
    color: 'Indigo',
    features: { fabric: ['Cotton'] },
    mrp: 2499,
    price: 1999,
    partner,
    seller,
    sizes: [{ size: 'Double', stock: 4 }],
    photos: [photo],
    ...over,
  });
  const create = (over: Partial<ProductBody>) =>
    admin.post<AdminProduct & Refused>('/admin/api/products', product(over), BEARER);
  /** The tree with Home (Bedsheets, sized; Cushion covers, one-size) added at the end. */
  const withHome = (before: CategoryTree): CategoryTreeBody => {
    const body = asBody(before);
    body.segments.push({
      name: 'Home',
      genres: [
        { name: 'Bedsheets', oneSize: false },
        { name: 'Cushion covers', oneSize: true },
      ],
    });
    return body;
  };

  beforeAll(async () => {
    admin = new TestClient(t().baseUrl);
    const row = await t()
      .db.selectFrom('sellers')
      .innerJoin('products', 'products.seller_id', 'sellers.id')
      .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
      .select(['sellers.name as seller', 'delivery_partners.code as partner'])
      .where('sellers.active', '=', true)
      .executeTakeFirstOrThrow();
    seller = row.seller;
    partner = row.partner;
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#33a' } })
      .png()
      .toBuffer();
    const res = await admin.post<{ photo: string }>(
      '/admin/api/products/photos',
      form('file', png, 'sheet.png', 'image/png'),
      BEARER,
    );
    photo = res.body.photo;
  });

  it("answers the demo's tree in today's order, each genre with its products on sale", async () => {
    const answer = await tree();
    expect(answer.segments.length).toBeGreaterThan(1);
    const names = answer.segments.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const onSale = await t()
      .db.selectFrom('products')
      .select(['user_segment', 'genre', (eb) => eb.fn.countAll<string>().as('n')])
      .where('prod', '=', 'apparel')
      .where('active', '=', true)
      .groupBy(['user_segment', 'genre'])
      .execute();
    for (const { user_segment, genre, n } of onSale) {
      const found = answer.segments
        .find((s) => s.name === user_segment)
        ?.genres.find((g) => g.name === genre);
      expect(found).toEqual({ name: genre, oneSize: false, products: Number(n) });
    }
    // crafts are not in the tree: their listing is /accessories
    expect(pairs(answer)).toEqual(await home());
  });

  it('sets the order: /home and the menu follow it at once, and the answer is the tree as GET reads it', async () => {
    const before = await tree();
    await home(); // cached before the change
    const body = asBody(before);
    body.segments.reverse();
    for (const segment of body.segments) segment.genres.reverse();
    const res = await put(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await tree());
    expect(pairs(res.body)).toEqual([...pairs(before)].reverse());
    expect(await home()).toEqual(pairs(res.body));
    // back again for the tests below
    expect((await put(asBody(before))).status).toBe(200);
  });

  it('adds a segment and genres with no products yet; /home leaves them out until something is on sale', async () => {
    const res = await put(withHome(await tree()));
    expect(res.status).toBe(200);
    expect(res.body.segments.at(-1)).toEqual({
      name: 'Home',
      genres: [
        { name: 'Bedsheets', oneSize: false, products: 0 },
        { name: 'Cushion covers', oneSize: true, products: 0 },
      ],
    });
    expect((await home()).some((p) => p.startsWith('Home/'))).toBe(false);
  });

  it('refuses to leave out a pair that has products (409 naming it), and changes nothing', async () => {
    const before = await tree();
    const body = asBody(before);
    const segment = body.segments[0];
    const dropped = segment?.genres.shift();
    const res = await put(body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: expect.stringContaining(`${segment?.name} › ${dropped?.name}`) });
    expect(await tree()).toEqual(before);
  });

  it.each([
    [(b: CategoryTreeBody) => b.segments.push({ name: '', genres: [] }), 'segments.LAST.name', /Required/],
    [(b: CategoryTreeBody) => b.segments.push({ name: '  ', genres: [] }), 'segments.LAST.name', /Required/],
    [
      (b: CategoryTreeBody) => b.segments.push({ name: 'x'.repeat(41), genres: [] }),
      'segments.LAST.name',
      /40/,
    ],
    [(b: CategoryTreeBody) => b.segments.push({ name: 'HOME', genres: [] }), 'segments.LAST.name', /once/],
    [
      (b: CategoryTreeBody) => b.segments.push({ name: 'Accessories', genres: [] }),
      'segments.LAST.name',
      /accessories/,
    ],
    [
      (b: CategoryTreeBody) =>
        b.segments.push({ name: 'Garden', genres: [{ name: 'y'.repeat(41), oneSize: false }] }),
      'segments.LAST.genres.0.name',
      /40/,
    ],
    [
      (b: CategoryTreeBody) => b.segments.at(-1)?.genres.push({ name: 'bedsheets', oneSize: false }),
      'segments.LAST.genres.2.name',
      /once/,
    ],
  ])(
    'refuses a bad name with 400 {error, fields} and changes nothing (%#)',
    async (change, field, message) => {
      const before = await tree();
      const body = asBody(before);
      change(body);
      const res = await put(body);
      expect(res.status).toBe(400);
      const key = field.replace('LAST', String(body.segments.length - 1));
      expect(res.body).toMatchObject({
        error: expect.any(String),
        fields: { [key]: expect.stringMatching(message) },
      });
      expect(await tree()).toEqual(before);
    },
  );

  it('refuses a body that is not a tree with 400 {error, fields}', async () => {
    const res = await put({ segments: [{ name: 'Home', genres: [{ name: 'Bedsheets' }] }] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'segments.0.genres.0.oneSize': 'Required' });
  });

  describe('a product in the new Home segment', () => {
    let sheet: AdminProduct;
    let cushion: AdminProduct;

    beforeAll(async () => {
      const made = await create({});
      expect(made.status).toBe(200);
      sheet = made.body;
      const one = await create({
        name: 'Kantha cushion cover',
        genre: 'Cushion covers',
        sizes: [{ size: '', stock: 6 }],
      });
      expect(one.status).toBe(200);
      cushion = one.body;
    });

    it("is listed by /home at the tree's place, by its listing, search and the sitemap", async () => {
      const listed = await home();
      expect(listed.slice(-2)).toEqual(['Home/Bedsheets', 'Home/Cushion covers']);
      const shopper = await t().client();
      const listing = await shopper.post<ListingResponse>('/api/item/Home/Bedsheets/%7B%7D', {
        page: 1,
        sort: 0,
      });
      expect(listing.status).toBe(200);
      expect(listing.body.prods.map((p) => p.id)).toEqual([sheet.id]);
      const found = await shopper.get<ListingResponse>('/api/search?q=bedsheet');
      expect(found.body.prods.map((p) => p.id)).toContain(sheet.id);
      // the sitemap: its addresses, or the index of its files when there are many
      const main = (await shopper.get<string>('/sitemap.xml')).body;
      const parts = [...main.matchAll(/<loc>[^<]*(\/sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1] ?? '');
      const files = [
        main,
        ...(await Promise.all(parts.map(async (part) => (await shopper.get<string>(part)).body))),
      ];
      expect(files.join('')).toContain('/item/Home/Bedsheets/%7B%7D');
    });

    it("takes the tree's spelling of a pair named in other case", async () => {
      const made = await create({ name: 'Ikat bedsheet', userSegment: 'home', genre: 'BEDSHEETS' });
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject({ userSegment: 'Home', genre: 'Bedsheets' });
    });

    it('has one unsized stock in a one-size genre: page, card, bag and wishlist use size ""', async () => {
      const shopper = await (await t().client()).start();
      const page = await shopper.get<ProductResponse>(`/product/ind/apparel/${cushion.id}`);
      expect(page.body.productInfo.additionsize).toEqual({ '': 6 });
      const listing = await shopper.post<ListingResponse>('/api/item/Home/Cushion%20covers/%7B%7D', {
        page: 1,
        sort: 0,
      });
      expect(listing.body.prods).toMatchObject([{ id: cushion.id, size: '' }]);
      const added = await shopper.post(
        `/product/apparel/${cushion.id}`,
        { prodID: cushion.id, size: '', addCart: 1 },
        { key: 'addCart' },
      );
      expect(added).toMatchObject({ status: 200, body: { cartInd: 1 } });
      const wished = await shopper.post(
        `/product/${cushion.id}`,
        { prodID: cushion.id, size: '', wished: true },
        { key: 'wishUpdate' },
      );
      expect(wished.status).toBe(200);
      // a sized genre's product still needs a size chosen
      const unsized = await shopper.post(
        `/product/apparel/${sheet.id}`,
        { prodID: sheet.id, size: '', addCart: 1 },
        { key: 'addCart' },
      );
      expect(unsized.status).toBe(400);
    });

    it('refuses sizes that do not fit the genre with 400 {error, fields: {sizes}}', async () => {
      const named = await create({ genre: 'Cushion covers', sizes: [{ size: 'M', stock: 1 }] });
      expect(named.status).toBe(400);
      expect(named.body.fields).toEqual({ sizes: expect.stringMatching(/one-size/) });
      const blank = await create({ sizes: [{ size: '', stock: 1 }] });
      expect(blank.status).toBe(400);
      expect(Object.keys(blank.body.fields ?? {})).toEqual(['sizes']);
    });

    it("refuses a product whose pair the tree could not hold (the crafts' address, a long name)", async () => {
      const crafts = await create({ userSegment: 'Accessories', genre: 'Bags' });
      expect(crafts.status).toBe(400);
      expect(crafts.body.fields).toEqual({ userSegment: expect.stringMatching(/crafts listing/) });
      const long = await create({ genre: 'g'.repeat(41) });
      expect(long.status).toBe(400);
      expect(long.body.fields).toEqual({ genre: 'At most 40 characters' });
    });

    it('refuses to make a genre with named sizes one-size, or the other way round', async () => {
      const before = await tree();
      const body = asBody(before);
      const home = body.segments.length - 1;
      for (const genre of body.segments[home]?.genres ?? []) genre.oneSize = !genre.oneSize;
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({
        [`segments.${home}.genres.0.oneSize`]: expect.any(String),
        [`segments.${home}.genres.1.oneSize`]: expect.any(String),
      });
      expect(await tree()).toEqual(before);
    });

    it('adds a pair the tree lacks at its end when a product names it (the API, as clients that know no tree)', async () => {
      const made = await create({ name: 'Terracotta planter', userSegment: 'Garden', genre: 'Planters' });
      expect(made.status).toBe(200);
      const after = await tree();
      expect(after.segments.at(-1)).toEqual({
        name: 'Garden',
        genres: [{ name: 'Planters', oneSize: false, products: 1 }],
      });
      expect((await home()).at(-1)).toBe('Garden/Planters');
    });

    describe('CSV', () => {
      const upload = (csv: string, mode: 'dry-run' | 'apply') =>
        admin.post<ImportResponse>(
          `/admin/api/catalogue/import?mode=${mode}`,
          form('file', csv, 'catalogue.csv', 'text/csv'),
          BEARER,
        );
      const exported = async () => (await admin.get<string>('/admin/api/catalogue/export', BEARER)).body;
      const column = (row: string, name: (typeof CSV_COLUMNS)[number]) =>
        row.split(',')[CSV_COLUMNS.indexOf(name)];

      it('exports the new pairs (a one-size product with its size empty) and imports them back unchanged', async () => {
        const csv = await exported();
        const rows = csv.split('\r\n');
        const cushionRow = rows.find((row) => row.includes('Kantha cushion cover')) ?? '';
        expect(column(cushionRow, 'segment')).toBe('Home');
        expect(column(cushionRow, 'genre')).toBe('Cushion covers');
        expect(column(cushionRow, 'size')).toBe('');
        expect(column(cushionRow, 'stock')).toBe('6');
        const applied = await upload(csv, 'apply');
        expect(applied.body).toMatchObject({ errors: [], applied: true });
        expect(await exported()).toBe(csv);
      }, 120_000);

      it('adds the pairs an import names to the end of the tree; a one-size genre takes an empty size only', async () => {
        const values: Record<string, string> = {
          sku: 'CAT-APRON-1',
          name: 'Kalamkari apron',
          section: 'apparel',
          segment: 'Kitchen',
          genre: 'Aprons',
          description: 'Cotton apron',
          colour: 'Rust',
          mrp: '899',
          price: '699',
          partner,
          seller,
          active: 'yes',
          photos: photo,
          size: 'Free',
          stock: '3',
        };
        const header = CSV_COLUMNS.join(',');
        const line = (cells: Record<string, string>) => CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');
        const applied = await upload(`${header}\r\n${line(values)}\r\n`, 'apply');
        expect(applied.body).toMatchObject({ errors: [], applied: true });
        expect((await tree()).segments.at(-1)).toEqual({
          name: 'Kitchen',
          genres: [{ name: 'Aprons', oneSize: false, products: 1 }],
        });
        const cushionRow = line({
          ...values,
          sku: 'CAT-CUSHION-2',
          segment: 'Home',
          genre: 'Cushion covers',
        });
        const refused = await upload(`${header}\r\n${cushionRow}\r\n`, 'dry-run');
        expect(refused.body.errors).toEqual([expect.stringMatching(/^line 2, column size: .*one-size/)]);
      }, 120_000);
    });
  });

  it('lets signed-in staff change the tree with the CSRF token only, and no one signed out', async () => {
    const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
    const before = await tree();
    expect((await staff.get('/admin/api/categories')).status).toBe(200);
    const body = asBody(before);
    body.segments.push({ name: 'Staff segment', genres: [] });
    const token = staff.csrfToken;
    staff.csrfToken = undefined;
    expect((await put(body, staff)).status).toBe(403);
    expect(await tree()).toEqual(before);
    staff.csrfToken = token;
    expect((await put(body, staff)).status).toBe(200);
    expect((await tree()).segments.at(-1)?.name).toBe('Staff segment');
    const visitor = await (await t().client()).start();
    expect((await visitor.get('/admin/api/categories')).status).toBe(401);
    expect((await put(body, visitor)).status).toBe(401);
  });
});
