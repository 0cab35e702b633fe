import { beforeAll, expect, it } from 'vitest';
import type { LoginResponse } from '../../../contract/accounts.ts';
import type {
  AddCartResponse,
  DeleteItemResponse,
  PurchasePageResponse,
  WishlistResponse,
} from '../../../contract/shopping.ts';
import { MAX_UNITS_MESSAGE, STOCK_LIMIT_MESSAGE } from '../../../contract/shopping-messages.ts';
import { Sessions } from '../../platform/sessions.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { uniquePhone, verifyPhone } from '../../test/shopper.ts';

const ADD = { key: 'addCart' };
const WISH = { key: 'wishUpdate' };

// decision 022: a visitor's bag and wishlist, kept with their session, merged into the account's at login
describeEachDatabase('guest bag', (t) => {
  let fixtures: Fixtures;
  let partner: string;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    const anyProduct = await fixtures.product();
    const row = await t()
      .db.selectFrom('products')
      .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
      .select('delivery_partners.code')
      .where('products.id', '=', anyProduct.id)
      .executeTakeFirstOrThrow();
    partner = row.code;
  });

  const kurta = (name: string, stockOfM: number) =>
    fixtures.product({
      name,
      features: { size: ['M', 'L'] },
      sizes: [
        ['M', stockOfM],
        ['L', 10],
      ],
    });
  const add = (client: TestClient, product: FixtureProduct, size = 'M', prod = 'apparel') =>
    client.post<AddCartResponse & { error?: string }>(
      `/product/${prod}/${product.id}`,
      { prodID: product.id, size, addCart: 1 },
      ADD,
    );
  const addTimes = async (client: TestClient, product: FixtureProduct, times: number, size = 'M') => {
    for (let i = 0; i < times; i += 1) expect((await add(client, product, size)).status).toBe(200);
  };
  const wish = (client: TestClient, product: FixtureProduct, size = 'M') =>
    client.post<boolean>(`/product/apparel/${product.id}`, { prodID: product.id, size, wished: true }, WISH);
  const bag = async (client: TestClient) => {
    const res = await client.get<PurchasePageResponse>('/api/purchasePage');
    expect(res.status).toBe(200);
    return res.body;
  };
  const units = async (client: TestClient) =>
    Object.fromEntries((await bag(client)).prods.map((l) => [`${l.name}/${l.size}`, l.quantity]));
  const wishedIds = async (client: TestClient) =>
    (await client.get<WishlistResponse>('/api/wishlistPage')).body.prods.map((p) => p.productId).sort();
  const setStock = (product: FixtureProduct, size: string, stock: number) =>
    t()
      .db.updateTable('skus')
      .set({ stock })
      .where('id', '=', product.skus[size] ?? 0)
      .execute();

  /** An account (made by fixtures) and the phone its owner logs in with. */
  async function account(): Promise<{ customerId: number; phone: string }> {
    const customerId = await fixtures.customer({ fname: 'Kavya' });
    const phone = uniquePhone();
    await t().db.updateTable('customers').set({ phone }).where('id', '=', customerId).execute();
    return { customerId, phone };
  }
  async function logIn(client: TestClient, phone: string) {
    await verifyPhone(client, phone);
    const res = await client.post<LoginResponse>('/api/login', { phoneNumber: phone });
    expect(res.status).toBe(200);
    return res.body;
  }

  it('answers a visitor as a customer: bag, wishlist and pincode, with the same limits', async () => {
    const visitor = await t().client();
    const product = await kurta('Guest limits kurta', 3);
    expect(await bag(visitor)).toMatchObject({ prods: [], userInfo: {} });

    await addTimes(visitor, product, 3);
    const overStock = await add(visitor, product);
    expect(overStock).toMatchObject({ status: 409, body: { error: STOCK_LIMIT_MESSAGE } });
    expect((await add(visitor, product, 'L')).body).toEqual({ cartInd: 1 });
    expect((await add(visitor, product, 'L')).body).toMatchObject({ error: MAX_UNITS_MESSAGE });

    const page = await bag(visitor);
    expect(page.userInfo).toEqual({});
    expect(page.prods.map((l) => [l.size, l.quantity])).toEqual([
      ['M', 3],
      ['L', 1],
    ]);
    expect(page.priceDetails.amountToPay).toBeGreaterThan(0);
    const line = page.prods[1];
    const taken = await visitor.post<DeleteItemResponse>(
      '/api/apparel/purchasePage',
      { cartId: line?.orderID, size: 'L' },
      { key: 'deleteItem' },
    );
    expect(taken.body).toEqual({ quantity: 0 });

    expect((await wish(visitor, product)).body).toBe(true);
    expect(await wishedIds(visitor)).toEqual([product.id]);
    // the product page shows the visitor's own bag and wish, still as a visitor's
    const shown = await visitor.get(`/product/ind/apparel/${product.id}`);
    expect(shown.body).toMatchObject({
      addToCart: [{ quantity: 3 }],
      wishStatus: [{ wished: 'Y' }],
      loggedin: false,
    });
    const pin = await visitor.post('/api/pincheck', { pincode: '700001', partner });
    expect(pin).toMatchObject({ status: 200, body: true });
  });

  it("never shows a visitor another browser's lines, nor lets them change one", async () => {
    const one = await t().client();
    const other = await t().client();
    const product = await kurta('Guest isolation kurta', 5);
    await addTimes(one, product, 2);
    await wish(one, product);
    const line = (await bag(one)).prods[0];

    expect((await bag(other)).prods).toEqual([]);
    expect((await other.get<WishlistResponse>('/api/wishlistPage')).body.prods).toEqual([]);
    const theirs = await other.post(
      '/api/apparel/purchasePage',
      { cartId: line?.orderID, size: 'M' },
      { key: 'deleteItem' },
    );
    expect(theirs.status).toBe(404);
    expect(await units(one)).toEqual({ 'Guest isolation kurta/M': 2 });
  });

  it("goes with the visitor's session: the hourly sweep of idle sessions takes their bag and wishlist", async () => {
    const visitor = await t().client();
    const product = await kurta('Guest swept kurta', 5);
    await addTimes(visitor, product, 1);
    await wish(visitor, product);
    const owned = (table: 'cart_lines' | 'wishlist_items') =>
      t().db.selectFrom(table).select('session_id').where('session_id', 'is not', null);
    const [line] = await owned('cart_lines')
      .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
      .where('skus.product_id', '=', product.id)
      .execute();
    const sessionId = line?.session_id ?? '';
    const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await t().db.updateTable('sessions').set({ last_seen_at: longAgo }).where('id', '=', sessionId).execute();

    await new Sessions(t().db, t().config.sessionSecret, false).sweep();
    expect(await owned('cart_lines').where('session_id', '=', sessionId).execute()).toEqual([]);
    expect(await owned('wishlist_items').where('session_id', '=', sessionId).execute()).toEqual([]);
  });

  it('still refuses a visitor checkout, the address step and the profile (403)', async () => {
    const visitor = await t().client();
    await addTimes(visitor, await kurta('Guest checkout kurta', 5), 1);
    expect((await visitor.post('/create-order', { amount: 100, currency: 'INR' })).status).toBe(403);
    const address = { fname: 'Ira', lname: 'Sen', city: 'Kolkata', pin: '700001' };
    expect((await visitor.post('/editProfile', address)).status).toBe(403);
    expect((await visitor.get('/api/profile')).status).toBe(403);
    expect((await visitor.get('/api/orders')).status).toBe(403);
    expect((await visitor.get('/loginCheck')).status).toBe(403);
  });

  it('merges at login: quantities add up to the cap and the stock, and every line not kept is told', async () => {
    const { customerId, phone } = await account();
    const capped = await kurta('Merge capped kurta', 10);
    const reduced = await kurta('Merge reduced kurta', 3);
    const soldOut = await kurta('Merge sold-out kurta', 2);
    const kept = await kurta('Merge kept kurta', 5);
    const craft = await fixtures.product({ prod: 'accessories', name: 'Merge withdrawn bowl' });
    await fixtures.bagLine(customerId, capped.skus.M ?? 0, 3);

    const visitor = await t().client();
    await addTimes(visitor, capped, 2);
    await addTimes(visitor, reduced, 3);
    await addTimes(visitor, soldOut, 1);
    await addTimes(visitor, kept, 2);
    expect((await add(visitor, craft, '', 'accessories')).status).toBe(200);
    // meanwhile the shop sells out, runs low and withdraws a product
    await setStock(reduced, 'M', 1);
    await setStock(soldOut, 'M', 0);
    await t().db.updateTable('products').set({ active: false }).where('id', '=', craft.id).execute();

    const login = await logIn(visitor, phone);
    expect(login.bagChanges).toEqual([
      'Merge capped kurta (size M): capped at 4 per product; 4 in your bag instead of 5.',
      'Merge reduced kurta (size M): reduced to stock; 1 in your bag instead of 3.',
      'Merge sold-out kurta (size M) is sold out and was taken out of your bag.',
      'Merge withdrawn bowl has been withdrawn from sale and was taken out of your bag.',
    ]);
    expect(await units(visitor)).toEqual({
      'Merge capped kurta/M': 4,
      'Merge reduced kurta/M': 1,
      'Merge kept kurta/M': 2,
    });
    expect((await bag(visitor)).userInfo).toMatchObject({ fname: 'Kavya' });

    // merged once: logging in again changes nothing, and signing out leaves no visitor's bag behind
    expect((await visitor.post<LoginResponse>('/api/login', { phoneNumber: phone })).body.bagChanges).toEqual(
      [],
    );
    expect(Object.keys(await units(visitor))).toHaveLength(3);
    expect((await visitor.get('/api/userSignout')).status).toBe(200);
    expect((await bag(visitor)).prods).toEqual([]);
  });

  it('caps a product over its sizes: a size the account has no room for is told, not dropped', async () => {
    const { customerId, phone } = await account();
    const product = await kurta('Merge full kurta', 10);
    await fixtures.bagLine(customerId, product.skus.M ?? 0, 4);
    const visitor = await t().client();
    await addTimes(visitor, product, 1, 'L');
    expect((await logIn(visitor, phone)).bagChanges).toEqual([
      'Merge full kurta (size L): capped at 4 per product; 0 in your bag instead of 1.',
    ]);
    expect(await units(visitor)).toEqual({ 'Merge full kurta/M': 4 });
  });

  it('merges the wishlist as a union, the newer size winning', async () => {
    const { customerId, phone } = await account();
    const theirs = await kurta('Wished by the account', 5);
    const both = await kurta('Wished by both', 5);
    const mine = await kurta('Wished by the visitor', 5);
    await fixtures.wish(customerId, theirs.id, 'M');
    await fixtures.wish(customerId, both.id, 'M');
    const visitor = await t().client();
    await wish(visitor, both, 'L');
    await wish(visitor, mine, 'M');
    // the price falls before the visitor logs in: the wish keeps the price it was made at
    await t()
      .db.updateTable('products')
      .set({ current_price_paise: 50_000 })
      .where('id', '=', mine.id)
      .execute();

    expect((await logIn(visitor, phone)).bagChanges).toEqual([]);
    const list = (await visitor.get<WishlistResponse>('/api/wishlistPage')).body.prods;
    expect(list.map((p) => p.productId).sort()).toEqual([theirs.id, both.id, mine.id].sort());
    expect(list.find((p) => p.productId === both.id)?.size).toBe('L');
    expect(list.find((p) => p.productId === mine.id)).toMatchObject({ currentPrice: 500, wishedPrice: 999 });
  });

  it('merges at sign-up too, and the login that follows in the same session answers bagChanges []', async () => {
    const visitor = await t().client();
    const product = await kurta('Sign-up kurta', 5);
    await addTimes(visitor, product, 2);
    const phone = uniquePhone();
    await verifyPhone(visitor, phone);
    const record = { phone, mail: `guest${phone}@example.in`, fname: 'Ira', lname: 'Sen' };
    const signUp = await visitor.post<LoginResponse>('/api/signUp', record, { key: 'login' });
    expect(signUp.body).toEqual({ fname: 'Ira', bagChanges: [] });
    expect(await units(visitor)).toEqual({ 'Sign-up kurta/M': 2 });
    const login = await visitor.post<LoginResponse>('/api/login', { phoneNumber: phone });
    expect(login.body).toEqual({ fname: 'Ira', bagChanges: [] });
    expect(await units(visitor)).toEqual({ 'Sign-up kurta/M': 2 });
  });
});
