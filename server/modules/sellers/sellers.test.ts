import { beforeAll, expect, it } from 'vitest';
import type { ListingResponse, ProductResponse } from '../../../contract/catalogue.ts';
import { gstinCheckCharacter } from '../../../contract/gstin.ts';
import {
  type AdminProduct,
  type CatalogueChoices,
  CSV_COLUMNS,
  type ImportResponse,
  type ProductBody,
} from '../../../contract/products.ts';
import type { Seller, SellerBody, SellerList } from '../../../contract/sellers.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** A GSTIN as the portal gives it: state code, PAN, entity digit, Z, and the check character. */
const gstinOf = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
};

type Answer = { error: string; fields: Record<string, string> };

describeEachDatabase('back office: sellers', (t) => {
  let admin: TestClient;
  let n = 0;
  const run = Math.random().toString(36).slice(2, 8);

  /** a valid seller in Kolkata (West Bengal, GST state code 19), with a name no other test uses */
  const body = (over: Partial<SellerBody> = {}): SellerBody => {
    n += 1;
    return {
      name: `Tant Ghar ${run} ${n}`,
      legalName: `Tant Ghar ${run} ${n} LLP`,
      address: { line1: '12 Bentinck Street', line2: 'Second floor', city: 'Kolkata', pincode: '700001' },
      gstin: gstinOf('19', 'ABCFT1234K'),
      pan: 'ABCFT1234K',
      phone: '9830012345',
      email: 'accounts@tantghar.example',
      ...over,
    };
  };
  const create = (over: Partial<SellerBody> = {}, as: TestClient = admin) =>
    as.post<Seller & Answer>('/admin/api/sellers', body(over), as === admin ? BEARER : {});
  const count = async () =>
    Number(
      (
        await t()
          .db.selectFrom('sellers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(() => {
    admin = new TestClient(t().baseUrl);
  });

  it('adds a seller whose state follows from the pincode, lists it, and records who added it', async () => {
    const sent = body();
    const res = await admin.post<Seller>('/admin/api/sellers', sent, BEARER);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: sent.name,
      legalName: sent.legalName,
      address: { line1: '12 Bentinck Street', line2: 'Second floor', city: 'Kolkata', pincode: '700001' },
      state: 'West Bengal',
      gstin: sent.gstin,
      pan: 'ABCFT1234K',
      phone: '9830012345',
      email: 'accounts@tantghar.example',
      active: true,
      handoverDays: 2,
      activeProducts: 0,
      pausedProducts: 0,
      commissionPercent: 0,
    });
    const list = await admin.get<SellerList>('/admin/api/sellers', BEARER);
    expect(list.body.sellers.find((s) => s.id === res.body.id)).toEqual(res.body);
    const one = await admin.get<Seller>(`/admin/api/sellers/${res.body.id}`, BEARER);
    expect(one.body).toEqual(res.body);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject', '=', `seller:${res.body.id}`)
      .execute();
    expect(audit).toEqual([{ actor: 'admin', action: 'seller.create' }]);
  });

  it('takes a Tamil Nadu pincode as Tamil Nadu, +91 and spaces in the phone, and lower-case numbers', async () => {
    const res = await create({
      address: { line1: '4 Anna Salai', city: 'Chennai', pincode: '600001' },
      gstin: gstinOf('33', 'AAQPN5521C').toLowerCase(),
      pan: 'aaqpn5521c',
      phone: '+91 98400 12345',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: 'Tamil Nadu',
      address: { line2: null, pincode: '600001' },
      gstin: gstinOf('33', 'AAQPN5521C'),
      pan: 'AAQPN5521C',
      phone: '9840012345',
    });
  });

  it('takes a seller without a contact, and clears one left out of an edit', async () => {
    const { phone: _phone, email: _email, ...bare } = body();
    const res = await admin.post<Seller>('/admin/api/sellers', bare, BEARER);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ phone: null, email: null });
    const withContact = (await create()).body;
    const { phone: _p, email: _e, ...edit } = body({ name: withContact.name });
    const cleared = await admin.put<Seller>(
      `/admin/api/sellers/${withContact.id}`,
      { ...edit, email: ' ' },
      BEARER,
    );
    expect(cleared.body).toMatchObject({ phone: null, email: null });
  });

  it('keeps names and addresses in every Indian script as written', async () => {
    const indic = {
      name: `বাংলার তাঁত ${run}`,
      legalName: `हथकरघा वस्त्र भंडार ${run}`,
      address: { line1: 'அண்ணா சாலை 12', line2: 'ಎರಡನೇ ಮಹಡಿ', city: 'കൊൽക്കത്ത', pincode: '700001' },
    };
    const res = await create(indic);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...indic, state: 'West Bengal' });
    const again = await admin.get<Seller>(`/admin/api/sellers/${res.body.id}`, BEARER);
    expect(again.body).toMatchObject(indic);
  });

  it('refuses each kind of wrong GSTIN beside the gstin field, saying which, and adds nothing', async () => {
    const before = await count();
    const pan = 'ABCFT1234K';
    const cases: [string, Partial<SellerBody>, RegExp][] = [
      ['its form', { gstin: '19ABCFT1234K' }, /^Enter the 15-character GSTIN/],
      [
        'a state code no state has',
        { gstin: gstinOf('99', pan) },
        /starts with 99, which is no state's GST code/,
      ],
      [
        "another state's code",
        { gstin: gstinOf('27', pan) },
        /registered in Maharashtra \(code 27\), but the address is in West Bengal/,
      ],
      [
        'another PAN inside',
        { gstin: gstinOf('19', 'ZZZZZ9999Z') },
        /characters 3 to 12 must be the PAN ABCFT1234K/,
      ],
      [
        'its check character',
        { gstin: `${gstinOf('19', pan).slice(0, 14)}Q` },
        /last character does not match/,
      ],
      ['none at all', { gstin: ' ' }, /^Required$/],
    ];
    for (const [what, over, message] of cases) {
      const res = await create(over);
      expect(res.status, what).toBe(400);
      expect(Object.keys(res.body.fields), what).toEqual(['gstin']);
      expect(res.body.fields.gstin, what).toMatch(message);
      expect(res.body.error).toContain('gstin');
    }
    expect(await count()).toBe(before);
  });

  it('answers every other wrong field beside its field at once', async () => {
    const before = await count();
    const res = await create({
      name: '  ',
      legalName: '',
      address: { line1: ' ', city: '', pincode: '999999' },
      pan: 'ABC123',
      phone: '5123456789',
      email: 'not an address',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      name: 'Required',
      legalName: 'Required',
      'address.line1': 'Required',
      'address.city': 'Required',
      'address.pincode': "999999 is not a pincode in India's list",
      pan: 'Enter the 10-character PAN: 5 letters, 4 digits and a letter, such as ABCDE1234F',
      // the address has no state: the GSTIN is checked for its form and check character only
      phone: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9',
      email: 'Enter an e-mail address, such as name@example.com',
    });
    const shape = await create({ address: { line1: 'x', city: 'y', pincode: '70001' } });
    expect(shape.body.fields).toEqual({ 'address.pincode': 'Enter the 6-digit pincode' });
    expect(await count()).toBe(before);
  });

  it('answers a body the schema refuses by field too: missing, unknown and too long', async () => {
    const { gstin: _gstin, ...missing } = body();
    const res = await admin.post<Answer>(
      '/admin/api/sellers',
      { ...missing, address: { line1: 'a'.repeat(201), city: 'Kolkata' }, website: 'x' },
      BEARER,
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      gstin: 'Required',
      website: 'Not a field of this form',
      'address.pincode': 'Required',
      'address.line1': 'At most 200 characters',
    });
  });

  it('keeps names unique regardless of case', async () => {
    const first = await create();
    const res = await create({ name: first.body.name.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ name: `Another seller is named ${first.body.name.toUpperCase()}` });
    const other = await create();
    const rename = await admin.put<Answer>(
      `/admin/api/sellers/${other.body.id}`,
      body({ name: ` ${first.body.name.toLowerCase()} ` }),
      BEARER,
    );
    expect(rename.status).toBe(400);
    expect(rename.body.fields.name).toMatch(/^Another seller is named/);
  });

  it('edits a seller whole (line 2 left out is cleared), records what changed, and 404s an unknown id', async () => {
    const made = (await create()).body;
    const edited = body({
      name: `${made.name} Edited`,
      address: { line1: '1 MI Road', city: 'Jaipur', pincode: '302001' },
      gstin: gstinOf('08', 'ABCFT1234K'),
    });
    const res = await admin.put<Seller>(`/admin/api/sellers/${made.id}`, edited, BEARER);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: made.id,
      name: edited.name,
      address: { line1: '1 MI Road', line2: null, city: 'Jaipur', pincode: '302001' },
      state: 'Rajasthan',
      gstin: gstinOf('08', 'ABCFT1234K'),
    });
    const entry = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('subject', '=', `seller:${made.id}`)
      .where('action', '=', 'seller.update')
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({
      state: { old: 'West Bengal', new: 'Rajasthan' },
      line2: { old: 'Second floor', new: null },
    });
    for (const call of [
      admin.put('/admin/api/sellers/999999', body(), BEARER),
      admin.get('/admin/api/sellers/999999', BEARER),
      admin.post('/admin/api/sellers/999999/deactivate', undefined, BEARER),
    ]) {
      expect((await call).status).toBe(404);
    }
  });

  it('lets staff read sellers but not change them (403), and a signed-in owner change them with CSRF', async () => {
    const made = (await create()).body;
    const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
    expect((await staff.get<SellerList>('/admin/api/sellers')).status).toBe(200);
    expect((await staff.get(`/admin/api/sellers/${made.id}`)).status).toBe(200);
    const before = await count();
    expect((await staff.post('/admin/api/sellers', body())).status).toBe(403);
    expect((await staff.put(`/admin/api/sellers/${made.id}`, body())).status).toBe(403);
    expect((await staff.post(`/admin/api/sellers/${made.id}/deactivate`)).status).toBe(403);
    expect(await count()).toBe(before);

    const owner = await staffSignedIn(t(), (await staffPerson(t(), 'owner', 'Meera Owner')).phone);
    const token = owner.csrfToken;
    owner.csrfToken = undefined;
    expect((await owner.post('/admin/api/sellers', body())).status).toBe(403);
    expect(await count()).toBe(before);
    owner.csrfToken = token;
    const added = await owner.post<Seller>('/admin/api/sellers', body());
    expect(added.status).toBe(201);
    const actor = await t()
      .db.selectFrom('audit_log')
      .select('actor')
      .where('subject', '=', `seller:${added.body.id}`)
      .executeTakeFirstOrThrow();
    expect(actor.actor).toMatch(/^staff:\d+$/);
    const visitor = await t().client();
    expect((await visitor.get('/admin/api/sellers')).status).toBe(401);
  });

  describeProductsOfASeller();

  function describeProductsOfASeller() {
    let fixtures: Fixtures;
    let seller: Seller;
    let live: FixtureProduct[];
    let withdrawn: FixtureProduct;
    let partner: string;
    const genre = `Seller kurtas ${run}`;

    const listed = async () => {
      const shopper = await t().client();
      const res = await shopper.post<ListingResponse>(`/api/item/Testwear/${encodeURIComponent(genre)}/`, {
        page: 1,
        sort: 0,
      });
      return res.body.prods.map((p) => p.id).sort((a, b) => a - b);
    };
    const pageOf = async (product: FixtureProduct) => {
      const shopper = await t().client();
      return (await shopper.get<ProductResponse>(`/product/ind/apparel/${product.id}`)).body.productInfo
        .active;
    };
    const activeOf = async (product: FixtureProduct) =>
      (
        await t()
          .db.selectFrom('products')
          .select(['active', 'paused_with_seller'])
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow()
      ).active;

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      seller = (await create()).body;
      live = [await fixtures.product({ genre }), await fixtures.product({ genre })];
      withdrawn = await fixtures.product({ genre, active: false });
      await t()
        .db.updateTable('products')
        .set({ seller_id: seller.id })
        .where(
          'id',
          'in',
          [...live, withdrawn].map((p) => p.id),
        )
        .execute();
      partner = (
        await t()
          .db.selectFrom('products')
          .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
          .select('delivery_partners.code')
          .where('products.id', '=', withdrawn.id)
          .executeTakeFirstOrThrow()
      ).code;
    });

    it("deactivating takes exactly the seller's live products off listings and pages; activating brings them back", async () => {
      const ids = live.map((p) => p.id).sort((a, b) => a - b);
      // the caches hold the listing and the pages before the change
      expect(await listed()).toEqual(ids);
      expect(await pageOf(live[0] as FixtureProduct)).toBe('In stock');

      const off = await admin.post<Seller>(`/admin/api/sellers/${seller.id}/deactivate`, undefined, BEARER);
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ active: false, activeProducts: 0, pausedProducts: 2 });
      expect(await listed()).toEqual([]);
      for (const product of live) expect(await pageOf(product)).toBe('Currently unavailable');
      const choices = await admin.get<CatalogueChoices>('/admin/api/catalogue/choices', BEARER);
      expect(choices.body.sellers).not.toContain(seller.name);
      // twice changes nothing more
      const again = await admin.post<Seller>(`/admin/api/sellers/${seller.id}/deactivate`, undefined, BEARER);
      expect(again.body).toMatchObject({ active: false, pausedProducts: 2 });

      const on = await admin.post<Seller>(`/admin/api/sellers/${seller.id}/activate`, undefined, BEARER);
      expect(on.body).toMatchObject({ active: true, activeProducts: 2, pausedProducts: 0 });
      expect(await listed()).toEqual(ids);
      expect(await pageOf(live[1] as FixtureProduct)).toBe('In stock');
      expect(await activeOf(withdrawn)).toBe(false);
      const back = await admin.get<CatalogueChoices>('/admin/api/catalogue/choices', BEARER);
      expect(back.body.sellers).toContain(seller.name);
      const actions = await t()
        .db.selectFrom('audit_log')
        .select(['action', 'details'])
        .where('subject', '=', `seller:${seller.id}`)
        .where('action', 'in', ['seller.deactivate', 'seller.activate'])
        .orderBy('id')
        .execute();
      expect(actions.map((a) => [a.action, [...(a.details.productIds as number[])].sort()])).toEqual([
        ['seller.deactivate', ids],
        ['seller.activate', ids],
      ]);
    });

    it("refuses to put a deactivated seller's product on sale: restore, a new product, the CSV import", async () => {
      await admin.post(`/admin/api/sellers/${seller.id}/deactivate`, undefined, BEARER);
      const [first] = live as [FixtureProduct];
      const restore = await admin.post<Answer>(`/admin/api/products/${first.id}/restore`, undefined, BEARER);
      expect(restore.status).toBe(400);
      expect(restore.body.fields).toEqual({
        seller: `${seller.name} is deactivated: activate the seller first, or keep the product withdrawn`,
      });
      expect(await activeOf(first)).toBe(false);

      const product = await admin.get<AdminProduct>(`/admin/api/products/${first.id}`, BEARER);
      expect(product.body).toMatchObject({ active: false, pausedWithSeller: true, seller: seller.name });
      // the product as the back office reads it is a body it accepts back (read-only fields ignored)
      const asBody: ProductBody = product.body;
      // a withdrawn product may still be edited under its seller; a new one may not go on sale
      const edit = await admin.put<AdminProduct>(`/admin/api/products/${first.id}`, asBody, BEARER);
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ active: false, pausedWithSeller: true });
      const created = await admin.post<Answer>('/admin/api/products', { ...asBody, partner }, BEARER);
      expect(created.status).toBe(400);
      expect(created.body.fields.seller).toMatch(/is deactivated/);

      const row: Record<string, string> = Object.fromEntries(CSV_COLUMNS.map((c) => [c, '']));
      Object.assign(row, {
        sku: product.body.sku,
        name: product.body.name,
        section: 'apparel',
        segment: 'Testwear',
        genre,
        colour: product.body.color,
        mrp: String(product.body.mrp),
        price: String(product.body.price),
        partner,
        seller: seller.name,
        active: 'yes',
        photos: product.body.photos.join('|'),
        size: 'M',
        stock: '10',
      });
      const csv = `${CSV_COLUMNS.join(',')}\n${CSV_COLUMNS.map((c) => row[c]).join(',')}\n`;
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
      const report = await admin.post<ImportResponse>(
        '/admin/api/catalogue/import?mode=dry-run',
        form,
        BEARER,
      );
      expect(report.body.errors).toEqual([
        `line 2, column seller: ${seller.name} is deactivated: activate the seller first, or keep the product withdrawn`,
      ]);
      expect(await activeOf(first)).toBe(false);

      await admin.post(`/admin/api/sellers/${seller.id}/activate`, undefined, BEARER);
      expect(await activeOf(first)).toBe(true);
    });

    it('names the seller field as a person reads it when none is chosen', async () => {
      const product = await admin.get<AdminProduct>(`/admin/api/products/${live[1]?.id}`, BEARER);
      const res = await admin.post<Answer>(
        '/admin/api/products',
        { ...product.body, seller: '', partner: '', sizes: [{ size: 'M', stock: 1 }] },
        BEARER,
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toMatchObject({
        seller: 'Choose a seller from the list',
        partner: 'Choose a delivery partner from the list',
      });
    });
  }
});
