import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, ProductResponse, SelectedFilters } from '../../../contract/catalogue.ts';
import { DISCOUNT_FILTER, PRICE_FILTER } from '../../../contract/catalogue-constants.ts';
import type { Sale, SaleBody } from '../../../contract/offers.ts';
import type { PurchasePageResponse, WishlistResponse } from '../../../contract/shopping.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { databaseKinds } from '../../test/database.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { readUntil, twoInstances } from '../../test/instances.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR_MS = 3600_000;
// ₹2,000, MRP ₹4,000
const PRICE = { pricePaise: 200_000, oldPricePaise: 400_000 };
const INDIA_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:30$/;

type Answer = { error: string; fields: Record<string, string> };
const at = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();

const saleBody = (over: Partial<SaleBody> = {}): SaleBody => ({
  title: 'Diwali Sale',
  percentOff: 25,
  scope: { all: true },
  startsAt: at(HOUR_MS),
  endsAt: at(2 * HOUR_MS),
  ...over,
});

/** The product's page as a visitor sees it. */
async function productPage(t: TestApp, product: FixtureProduct) {
  const visitor = new TestClient(t.baseUrl);
  return (await visitor.get<ProductResponse>(`/product/ind/apparel/${product.id}`)).body.productInfo;
}

const auditOf = (t: TestApp, id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'details'])
    .where('subject', '=', `sale:${id}`)
    .orderBy('id')
    .execute();

const salesCount = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('sales')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase('back office: sales', (t) => {
  let admin: TestClient;
  let fixtures: Fixtures;
  const create = (over: Partial<SaleBody> = {}) =>
    admin.post<Sale & Answer>('/admin/api/sales', saleBody(over), BEARER);
  const stop = (id: number) => admin.post<Sale & Answer>(`/admin/api/sales/${id}/stop`, undefined, BEARER);

  beforeAll(() => {
    admin = new TestClient(t().baseUrl);
    fixtures = new Fixtures(t().db);
  });

  it('schedules a sale in India time, lists it newest first, and records who did it', async () => {
    const product = await fixtures.product(PRICE);
    const sent = saleBody({ scope: { productIds: [product.id] } });
    const res = await create({ scope: sent.scope, startsAt: sent.startsAt, endsAt: sent.endsAt });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Diwali Sale',
      percentOff: 25,
      scope: { productIds: [product.id] },
      startsAt: expect.stringMatching(INDIA_TIME),
      endsAt: expect.stringMatching(INDIA_TIME),
      state: 'scheduled',
    });
    expect(new Date(res.body.startsAt).getTime()).toBe(new Date(sent.startsAt).getTime());
    const later = await create({ title: 'Holi Sale', scope: sent.scope });
    const list = await admin.get<Sale[]>('/admin/api/sales', BEARER);
    expect(list.status).toBe(200);
    expect(list.body.slice(0, 2).map((sale) => sale.title)).toEqual(['Holi Sale', 'Diwali Sale']);
    expect(await auditOf(t(), res.body.id)).toEqual([
      {
        actor: 'admin',
        action: 'sale.create',
        details: expect.objectContaining({ title: 'Diwali Sale', percentOff: 25 }),
      },
    ]);
    // a sale to come prices nothing yet
    expect((await productPage(t(), product)).currentPrice).toBe(2000);
    // switched off before its start: 'disabled'
    expect((await stop(res.body.id)).body.state).toBe('disabled');
    expect((await stop(later.body.id)).body.state).toBe('disabled');
  });

  it('starts a sale whose start is past at once, and stops it: ended, and no more changes (409)', async () => {
    const product = await fixtures.product(PRICE);
    const res = await create({ scope: { productIds: [product.id] }, startsAt: at(-HOUR_MS) });
    expect(res.status).toBe(201);
    expect(res.body.state).toBe('live');
    expect(new Date(res.body.startsAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const onSale = await productPage(t(), product);
    expect(onSale).toMatchObject({ currentPrice: 1500, oldPrice: 4000, discount: 62 });
    expect(onSale.sale).toEqual({ title: 'Diwali Sale', endsAt: res.body.endsAt });

    const stopped = await stop(res.body.id);
    expect(stopped.status).toBe(200);
    expect(stopped.body.state).toBe('ended');
    expect(new Date(stopped.body.endsAt).getTime()).toBeLessThan(new Date(res.body.endsAt).getTime());
    const after = await productPage(t(), product);
    expect(after).toMatchObject({ currentPrice: 2000, oldPrice: 4000, discount: 50, sale: null });

    expect((await stop(res.body.id)).status).toBe(409);
    const edit = await admin.put<Answer>(`/admin/api/sales/${res.body.id}`, saleBody(), BEARER);
    expect(edit.status).toBe(409);
    expect((await auditOf(t(), res.body.id)).map((entry) => entry.action)).toEqual([
      'sale.create',
      'sale.stop',
    ]);
  });

  it('edits a sale to come, and records what it was', async () => {
    const product = await fixtures.product(PRICE);
    const made = await create({ scope: { productIds: [product.id] } });
    const body = saleBody({
      title: '  Navratri   Sale ',
      percentOff: 40,
      scope: { productIds: [product.id] },
    });
    const res = await admin.put<Sale>(`/admin/api/sales/${made.body.id}`, body, BEARER);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: made.body.id,
      title: 'Navratri Sale',
      percentOff: 40,
      state: 'scheduled',
    });
    const [, update] = await auditOf(t(), made.body.id);
    expect(update).toMatchObject({
      action: 'sale.update',
      details: { title: 'Navratri Sale', percentOff: 40, before: { title: 'Diwali Sale', percentOff: 25 } },
    });
    expect((await admin.put(`/admin/api/sales/999999`, body, BEARER)).status).toBe(404);
    await stop(made.body.id);
  });

  it('refuses bad sales field by field (400), saving nothing', async () => {
    const cases: [Partial<SaleBody>, string][] = [
      [{ startsAt: at(2 * HOUR_MS), endsAt: at(HOUR_MS) }, 'endsAt'],
      [{ startsAt: at(HOUR_MS), endsAt: at(HOUR_MS) }, 'endsAt'],
      [{ startsAt: at(-2 * HOUR_MS), endsAt: at(-HOUR_MS) }, 'endsAt'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ percentOff: 91 }, 'percentOff'],
      [{ percentOff: 0 }, 'percentOff'],
      [{ title: '   ' }, 'title'],
      [{ scope: {} }, 'scope'],
      [{ scope: { crafts: false, productIds: [] } }, 'scope'],
      [{ scope: { productIds: [2_000_000_000] } }, 'scope.productIds'],
      [{ scope: { segments: ['Nowear'] } }, 'scope.segments'],
      [{ scope: { genres: [{ userSegment: 'Testwear', genre: 'No such genre' }] } }, 'scope.genres'],
      [{ scope: { sellers: ['Nobody Looms'] } }, 'scope.sellers'],
    ];
    const before = await salesCount(t());
    for (const [over, field] of cases) {
      const res = await create(over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(over)).toContain(field);
    }
    expect(await salesCount(t())).toBe(before);
  });

  it('lets staff and owners in, with the CSRF token on a signed-in write; no one else', async () => {
    const visitor = new TestClient(t().baseUrl);
    expect((await visitor.get('/admin/api/sales')).status).toBe(401);
    const shopper = await t().client();
    await fixtures.logIn(shopper, await fixtures.customer());
    expect((await shopper.post('/admin/api/sales', saleBody())).status).toBe(401);

    const person = await staffPerson(t(), 'staff', 'Meena Sales');
    const staff = await staffSignedIn(t(), person.phone);
    const before = await salesCount(t());
    const token = staff.csrfToken;
    staff.csrfToken = undefined;
    expect((await staff.post('/admin/api/sales', saleBody())).status).toBe(403);
    staff.csrfToken = token;
    expect(await salesCount(t())).toBe(before);
    const product = await fixtures.product(PRICE);
    const res = await staff.post<Sale>('/admin/api/sales', saleBody({ scope: { productIds: [product.id] } }));
    expect(res.status).toBe(201);
    expect((await staff.get<Sale[]>('/admin/api/sales')).body[0]?.id).toBe(res.body.id);
    expect((await auditOf(t(), res.body.id))[0]?.actor).toBe(`staff:${person.id}`);
    expect((await staff.post(`/admin/api/sales/${res.body.id}/stop`)).status).toBe(200);
  });

  it('gives the better of two sales, never both, by product, segment or seller; the MRP stays', async () => {
    const segment = `Salewear${Math.random().toString(36).slice(2, 6)}`;
    const [chosen, other] = [
      await fixtures.product({ ...PRICE, userSegment: segment }),
      await fixtures.product({ ...PRICE, userSegment: segment }),
    ];
    const seller = await t()
      .db.selectFrom('products')
      .innerJoin('sellers', 'sellers.id', 'products.seller_id')
      .select('sellers.name')
      .where('products.id', '=', other.id)
      .executeTakeFirstOrThrow();
    const now = at(-1000);
    const sales = [
      await create({ percentOff: 10, scope: { segments: [segment] }, startsAt: now, title: 'Ten' }),
      await create({ percentOff: 40, scope: { productIds: [chosen.id] }, startsAt: now, title: 'Forty' }),
    ];
    expect(await productPage(t(), chosen)).toMatchObject({
      currentPrice: 1200,
      oldPrice: 4000,
      discount: 70,
      sale: { title: 'Forty' },
    });
    expect(await productPage(t(), other)).toMatchObject({
      currentPrice: 1800,
      oldPrice: 4000,
      sale: { title: 'Ten' },
    });
    sales.push(
      await create({ percentOff: 20, scope: { sellers: [seller.name] }, startsAt: now, title: 'Twenty' }),
    );
    expect(await productPage(t(), other)).toMatchObject({
      currentPrice: 1600,
      oldPrice: 4000,
      sale: { title: 'Twenty' },
    });
    expect((await productPage(t(), chosen)).currentPrice).toBe(1200);
    for (const sale of sales) expect((await stop(sale.body.id)).status).toBe(200);
    expect(await productPage(t(), other)).toMatchObject({ currentPrice: 2000, sale: null });
  });

  it("moves a listing's price filter, discount filter and price sort with the sale, and back at its end", async () => {
    const genre = `Sale sort ${Math.random().toString(36).slice(2, 6)}`;
    // ₹2,000 and ₹1,500 at an MRP of ₹4,000 (50% and 62% off); 40% off the first makes it ₹1,200, 70% off
    const onSale = await fixtures.product({ ...PRICE, genre });
    const other = await fixtures.product({ ...PRICE, pricePaise: 150_000, genre });
    const visitor = await t().client();
    const listing = async (filters: SelectedFilters, sort = 1) =>
      (
        await visitor.post<ListingResponse>(
          `/api/item/Testwear/${encodeURIComponent(genre)}/${encodeURIComponent(JSON.stringify(filters))}`,
          { page: 1, sort },
        )
      ).body;
    const ids = (answer: ListingResponse) => answer.prods.map((p) => p.id);
    expect(ids(await listing({}))).toEqual([other.id, onSale.id]);
    const sale = await create({ percentOff: 40, scope: { productIds: [onSale.id] }, startsAt: at(-1000) });
    expect(ids(await listing({}))).toEqual([onSale.id, other.id]);
    expect(ids(await listing({}, 2))).toEqual([other.id, onSale.id]);
    expect(ids(await listing({ [PRICE_FILTER]: ['1000-1999'] }))).toEqual([onSale.id, other.id]);
    expect(ids(await listing({ [PRICE_FILTER]: ['2000-4999'] }))).toEqual([]);
    expect(ids(await listing({ [DISCOUNT_FILTER]: ['70'] }))).toEqual([onSale.id]);
    expect((await listing({})).prods[0]).toMatchObject({ currentPrice: 1200, oldPrice: 4000, discount: 70 });
    expect((await stop(sale.body.id)).status).toBe(200);
    expect(ids(await listing({}))).toEqual([other.id, onSale.id]);
    expect(ids(await listing({ [PRICE_FILTER]: ['2000-4999'] }))).toEqual([onSale.id]);
    expect(ids(await listing({ [DISCOUNT_FILTER]: ['70'] }))).toEqual([]);
  });

  it("shows a sale on the wishlist as a dropped price, and a wish made during it keeps the sale's price", async () => {
    const [wishedBefore, wishedDuring] = [await fixtures.product(PRICE), await fixtures.product(PRICE)];
    const shopper = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(shopper, customerId);
    await fixtures.wish(customerId, wishedBefore.id, 'M');
    const sale = await create({
      scope: { productIds: [wishedBefore.id, wishedDuring.id] },
      startsAt: at(-1000),
    });
    const wish = { prodID: wishedDuring.id, size: 'M', wished: true };
    const wished = await shopper.post(`/product/apparel/${wishedDuring.id}`, wish, { key: 'wishUpdate' });
    expect(wished.status).toBe(200);
    const prices = async () =>
      Object.fromEntries(
        (await shopper.get<WishlistResponse>('/api/wishlistPage')).body.prods.map((item) => [
          item.productId,
          [item.currentPrice, item.wishedPrice],
        ]),
      );
    expect(await prices()).toEqual({ [wishedBefore.id]: [1500, 2000], [wishedDuring.id]: [1500, 1500] });
    await stop(sale.body.id);
    expect(await prices()).toEqual({ [wishedBefore.id]: [2000, 2000], [wishedDuring.id]: [2000, 1500] });
  });

  it('starts and ends a sale at its moments with no request to wake it: page, listing, bag and create-order', async () => {
    const genre = `Sale window ${Math.random().toString(36).slice(2, 6)}`;
    const product = await fixtures.product({ ...PRICE, genre });
    const listing = `/api/item/Testwear/${encodeURIComponent(genre)}/`;
    const checkout = new CheckoutDriver(t);
    const { client: shopper } = await checkout.shopper(1, product);
    const cardPrice = async () =>
      (await shopper.post<ListingResponse>(listing, { page: 1, sort: 0 })).body.prods[0]?.currentPrice;
    const bag = async () => (await shopper.get<PurchasePageResponse>('/api/purchasePage')).body;
    // the page and the listing are cached at the shop's price before the sale begins
    expect((await productPage(t(), product)).currentPrice).toBe(2000);
    expect(await cardPrice()).toBe(2000);
    const fullAmount = await checkout.amountToPay(shopper);

    const sale = await create({
      title: 'Flash Sale',
      scope: { genres: [{ userSegment: 'Testwear', genre }] },
      startsAt: at(2000),
      endsAt: at(6000),
    });
    expect(sale.body.state).toBe('scheduled');
    const live = await readUntil(
      () => productPage(t(), product),
      (info) => info.currentPrice === 1500,
      10,
    );
    expect(live).toMatchObject({ currentPrice: 1500, oldPrice: 4000, discount: 62 });
    expect(live.sale).toEqual({ title: 'Flash Sale', endsAt: sale.body.endsAt });
    expect(await cardPrice()).toBe(1500);
    const onSale = await bag();
    expect(onSale.prods[0]).toMatchObject({ currentPrice: 1500, oldPrice: 4000, discount: 62 });
    const saleAmount = onSale.priceDetails.amountToPay * 100;
    expect(saleAmount).toBe(fullAmount - 50_000);
    expect((await checkout.createOrder(shopper, fullAmount)).status).toBe(409);
    expect((await checkout.createOrder(shopper, saleAmount)).status).toBe(200);

    const ended = await readUntil(
      () => productPage(t(), product),
      (info) => info.currentPrice === 2000,
      10,
    );
    expect(ended).toMatchObject({ currentPrice: 2000, discount: 50, sale: null });
    expect(await cardPrice()).toBe(2000);
    expect((await bag()).prods[0]?.currentPrice).toBe(2000);
    expect((await checkout.createOrder(shopper, saleAmount)).status).toBe(409);
    expect((await admin.get<Sale[]>('/admin/api/sales', BEARER)).body[0]).toMatchObject({
      id: sale.body.id,
      state: 'ended',
    });
  });
});

describe.skipIf(!databaseKinds().includes('postgres'))('sales on two instances on one PostgreSQL', () => {
  const { a, b } = twoInstances();

  it("shows a sale made on one instance on the other's product page at once", async () => {
    const product = await new Fixtures(a().db).product(PRICE);
    // instance B has the page cached, with its 30-second lifetime ahead of it
    expect((await productPage(b(), product)).currentPrice).toBe(2000);
    const made = await new TestClient(a().baseUrl).post<Sale>(
      '/admin/api/sales',
      saleBody({ scope: { productIds: [product.id] }, startsAt: at(-1000), title: 'Everywhere Sale' }),
      BEARER,
    );
    expect(made.status).toBe(201);
    const seen = await readUntil(
      () => productPage(b(), product),
      (info) => info.currentPrice === 1500,
    );
    expect(seen).toMatchObject({ currentPrice: 1500, oldPrice: 4000, sale: { title: 'Everywhere Sale' } });
    const stopped = await new TestClient(b().baseUrl).post(
      `/admin/api/sales/${made.body.id}/stop`,
      {},
      BEARER,
    );
    expect(stopped.status).toBe(200);
    expect(
      await readUntil(
        () => productPage(a(), product),
        (info) => info.currentPrice === 2000,
      ),
    ).toMatchObject({ currentPrice: 2000, sale: null });
  });
});
