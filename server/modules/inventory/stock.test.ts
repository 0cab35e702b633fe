import { beforeAll, describe, expect, it } from 'vitest';
import type { SetStockResponse } from '../../../contract/admin.ts';
import type { ListingResponse, ProductResponse } from '../../../contract/catalogue.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

describeEachDatabase('back office: PUT /admin/api/stock', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  let craft: FixtureProduct;
  // staff tools call with the token alone: no session cookie, no CSRF token
  let staff: TestClient;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({
      genre: 'Stock fixture',
      features: { size: ['S', 'M'] },
      sizes: [
        ['S', 2],
        ['M', 6],
      ],
    });
    craft = await fixtures.product({ prod: 'accessories', sizes: [['', 3]] });
    staff = new TestClient(t().baseUrl);
  });

  const setStock = (body: unknown, headers: Record<string, string> = BEARER) =>
    staff.put<SetStockResponse>('/admin/api/stock', body, headers);
  const detail = (prod: string, id: number) =>
    staff.get<ProductResponse>(`/product/ind/${prod}/${id}`).then((r) => r.body.productInfo);

  it('sets a size’s stock, shows it on the product page at once, and records the change', async () => {
    expect(await detail('apparel', kurta.id)).toMatchObject({ stock: 8, additionsize: { S: 2, M: 6 } });
    const res = await setStock({ productId: kurta.id, size: 'M', quantity: 11 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ productId: kurta.id, size: 'M', stock: 11 });
    expect(await detail('apparel', kurta.id)).toMatchObject({ stock: 13, additionsize: { S: 2, M: 11 } });

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['actor', 'action', 'subject', 'details'])
      .where('subject', '=', `product:${kurta.id}`)
      .execute();
    expect(audit).toEqual([
      {
        actor: 'admin',
        action: 'stock.set',
        subject: `product:${kurta.id}`,
        details: { productId: kurta.id, size: 'M', old: 6, new: 11 },
      },
    ]);
  });

  it('changes the size a listing card offers once the first size sells out', async () => {
    const shopper = await t().client();
    const listing = () =>
      shopper
        .post<ListingResponse>('/api/item/Testwear/Stock%20fixture/', { page: 1, sort: 0 })
        .then((r) => r.body.prods[0]?.size);
    expect(await listing()).toBe('S');
    await setStock({ productId: kurta.id, size: 'S', quantity: 0 });
    expect(await listing()).toBe('M');
  });

  it("sets an accessory's one size, named ''", async () => {
    const res = await setStock({ productId: craft.id, size: '', quantity: 0 });
    expect(res.body).toEqual({ productId: craft.id, size: '', stock: 0 });
    expect(await detail('accessories', craft.id)).toMatchObject({ stock: 0, additionsize: { '': 0 } });
  });

  it.each([
    ['an unknown product', () => ({ productId: 2_000_000_000, size: 'M', quantity: 1 }), /product/i],
    ['an unknown size', () => ({ productId: kurta.id, size: 'XXL', quantity: 1 }), /size "XXL"/],
  ])('answers %s with a 404', async (_case, body, message) => {
    const res = await setStock(body());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
  });

  it.each([
    [{ productId: 1, size: 'M', quantity: -1 }, /quantity/],
    [{ productId: 1, size: 'M', quantity: 1.5 }, /quantity/],
    [{ productId: 1, size: 'M', quantity: '5' }, /quantity/],
    [{ productId: 1, size: 'M' }, /quantity/],
    [{ productId: '1', size: 'M', quantity: 1 }, /productId/],
    [{ productId: 99_999_999_999, size: 'M', quantity: 1 }, /productId/],
    [{ productId: 1, quantity: 1 }, /size/],
  ])('refuses the body %j with a 400', async (body, message) => {
    const res = await setStock(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
  });

  describe('without the token', () => {
    it.each([
      ['no Authorization header', {}],
      ['a wrong token', { authorization: 'Bearer not-the-admin-token-at-all-000' }],
      ['the token without Bearer', { authorization: TEST_ADMIN_TOKEN }],
      ['a token one character short', { authorization: `Bearer ${TEST_ADMIN_TOKEN.slice(0, -1)}` }],
    ])('answers %s with a 401 and changes nothing', async (_case, headers) => {
      const res = await setStock({ productId: kurta.id, size: 'S', quantity: 99 }, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.body).toEqual({ error: expect.any(String) });
      const sku = await t()
        .db.selectFrom('skus')
        .select('stock')
        .where('id', '=', kurta.skus.S ?? 0)
        .executeTakeFirstOrThrow();
      expect(sku.stock).not.toBe(99);
    });

    it('checks the token before the body', async () => {
      const res = await setStock({ nonsense: true }, {});
      expect(res.status).toBe(401);
    });
  });
});

describeEachDatabase(
  'back office stock without ADMIN_TOKEN',
  (t) => {
    it('answers 401 to a bearer and to nobody: only staff sessions get in', async () => {
      const staff = new TestClient(t().baseUrl);
      for (const headers of [BEARER, {}]) {
        const res = await staff.put('/admin/api/stock', { productId: 1, size: 'M', quantity: 1 }, headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: expect.any(String) });
      }
    });
  },
  { ADMIN_TOKEN: '' },
);
