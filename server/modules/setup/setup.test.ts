import { beforeAll, describe, expect, it } from 'vitest';
import type { SetupAnswer, SetupStep, SetupStepKey } from '../../../contract/setup.ts';
import { ONLY_THE_OWNER } from '../../../contract/staff.ts';
import { loadConfig } from '../../config.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import {
  ADD_SELLER,
  addPartner,
  addProduct,
  addSeller,
  clearShopDetails,
  completeShop,
  ENVIRONMENT,
  fillShopDetails,
  LIVE_ENV,
  markDemo,
  NOTHING_SET_UP,
  PAYMENTS,
  removeDemoRows,
  SHOP,
  SHOP_DETAILS,
  SMS,
} from '../../test/own-shop.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { goLive, REMOVE_DEMO } from './service.ts';

async function checklist(t: TestApp): Promise<SetupAnswer> {
  const res = await fetch(`${t.baseUrl}/admin/api/setup`, {
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as SetupAnswer;
}

async function step(t: TestApp, key: SetupStepKey): Promise<Pick<SetupStep, 'done' | 'missing'>> {
  const found = (await checklist(t)).steps.find((s) => s.key === key);
  if (!found) throw new Error(`no step ${key}`);
  return { done: found.done, missing: found.missing };
}

const todo = (...missing: string[]) => ({ done: false, missing });
const DONE = { done: true, missing: [] };

describeEachDatabase('setup checklist: GET /admin/api/setup', (t) => {
  beforeAll(async () => {
    // the seeded catalogue is the demo's; the owner has set nothing up yet
    await markDemo(t().db);
    await clearShopDetails(t().db);
  });

  it('shows a shop with only the demo as not set up: the demo’s rows count for nothing', async () => {
    const answer = await checklist(t());
    expect(answer.steps).toEqual([
      { key: 'shop', title: 'Shop details', done: false, missing: SHOP, link: '/admin/settings' },
      { key: 'seller', title: 'A seller', done: false, missing: [ADD_SELLER], link: '/admin/sellers' },
      {
        key: 'delivery',
        title: 'Delivery',
        done: false,
        missing: ['Add a delivery partner'],
        link: '/admin/delivery',
      },
      {
        key: 'product',
        title: 'The first product',
        done: false,
        missing: ['Add your first product'],
        link: '/admin/products/new',
      },
      { key: 'payments', title: 'Payments', done: false, missing: PAYMENTS, link: null },
      { key: 'sms', title: 'SMS', done: false, missing: SMS, link: null },
    ]);
    expect(answer.demo).toBe(true);
    expect(answer.live).toBe(false);
    expect(answer.goLive).toEqual(NOTHING_SET_UP);
  });

  it('answers staff 403 and a caller without a session 401; an owner signed in reads it', async () => {
    const ravi = await staffPerson(t(), 'staff');
    const staff = await staffSignedIn(t(), ravi.phone);
    const refused = await staff.get('/admin/api/setup');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: ONLY_THE_OWNER });

    const stranger = await t().client();
    expect((await stranger.get('/admin/api/setup')).status).toBe(401);

    const asha = await staffPerson(t(), 'owner', 'Asha Rao');
    const owner = await staffSignedIn(t(), asha.phone);
    const read = await owner.get<SetupAnswer>('/admin/api/setup');
    expect(read.status).toBe(200);
    expect(read.body.steps.map((s) => s.key)).toEqual([
      'shop',
      'seller',
      'delivery',
      'product',
      'payments',
      'sms',
    ]);
  });

  it('shop details: done with name, legal name, GSTIN, office address and support e-mail (no logo)', async () => {
    const db = t().db;
    await db
      .updateTable('shop_settings')
      .set({ name: 'Kaveri Looms', support_email: 'help@kaveri.example' })
      .execute();
    expect(await step(t(), 'shop')).toEqual(
      todo(
        "Add your shop's legal name",
        "Add your shop's GSTIN",
        "Add your shop's registered office address",
      ),
    );

    // a GSTIN whose last character was mistyped
    const mistyped = `${SHOP_DETAILS.gstin.slice(0, 14)}${SHOP_DETAILS.gstin.endsWith('A') ? 'B' : 'A'}`;
    await db
      .updateTable('shop_settings')
      .set({ legal_name: 'Kaveri Looms Private Limited', gstin: mistyped, office_address: ['', ' '] })
      .execute();
    expect(await step(t(), 'shop')).toEqual(
      todo(
        "Correct your shop's GSTIN: The GSTIN's last character does not match the rest: check it for a mistyped character",
        "Add your shop's registered office address",
      ),
    );

    await fillShopDetails(t().db);
    const shop = await step(t(), 'shop');
    expect(shop).toEqual(DONE);
    expect((await db.selectFrom('shop_settings').select('logo').executeTakeFirstOrThrow()).logo).toBeNull();
  });

  it('a seller: done with an active seller holding legal name, GSTIN, PAN and address', async () => {
    const db = t().db;
    const seller = await addSeller(db, { legal_name: null, pan: null });
    expect(await step(t(), 'seller')).toEqual(
      todo(`Add ${seller.name}'s legal name`, `Add ${seller.name}'s PAN`),
    );

    await db
      .updateTable('sellers')
      .set({ legal_name: 'Bagru Prints LLP', pan: 'AAFFB7362Q' })
      .where('id', '=', seller.id)
      .execute();
    expect(await step(t(), 'seller')).toEqual(DONE);

    await db.updateTable('sellers').set({ active: false }).where('id', '=', seller.id).execute();
    expect(await step(t(), 'seller')).toEqual(todo('Activate one of your sellers, or add a seller'));
    await db.updateTable('sellers').set({ active: true }).where('id', '=', seller.id).execute();
    expect(await step(t(), 'seller')).toEqual(DONE);
  });

  it('delivery: done with a partner serving at least one pincode', async () => {
    const partner = await addPartner(t().db, []);
    expect(await step(t(), 'delivery')).toEqual(todo(`Upload the pincodes ${partner.name} delivers to`));
    await t()
      .db.insertInto('partner_pincodes')
      .values({ partner_id: partner.id, pincode: '560011' })
      .execute();
    expect(await step(t(), 'delivery')).toEqual(DONE);
  });

  it('the first product: done with one on sale, in stock, its seller active, its partner serving pincodes', async () => {
    const db = t().db;
    const seller = await addSeller(db);
    const partner = await addPartner(db, ['303007']);
    const notLive = todo(
      'Put a product on sale: active, in stock, from an active seller, with a delivery partner that serves pincodes',
    );
    const productId = await addProduct(db, { sellerId: seller.id, partnerId: partner.id, stock: 0 });
    expect(await step(t(), 'product')).toEqual(notLive);

    await db.updateTable('skus').set({ stock: 3 }).where('product_id', '=', productId).execute();
    expect(await step(t(), 'product')).toEqual(DONE);

    await db.updateTable('sellers').set({ active: false }).where('id', '=', seller.id).execute();
    expect(await step(t(), 'product')).toEqual(notLive);
    await db.updateTable('sellers').set({ active: true }).where('id', '=', seller.id).execute();

    await db.updateTable('products').set({ active: false }).where('id', '=', productId).execute();
    expect(await step(t(), 'product')).toEqual(notLive);
    await db.updateTable('products').set({ active: true }).where('id', '=', productId).execute();
    expect(await step(t(), 'product')).toEqual(DONE);

    await db.deleteFrom('partner_pincodes').where('partner_id', '=', partner.id).execute();
    expect(await step(t(), 'product')).toEqual(notLive);
  });

  it('no longer asks to remove the demo once its rows are gone', async () => {
    expect((await checklist(t())).goLive).toContain(REMOVE_DEMO);
    await removeDemoRows(t().db);
    const answer = await checklist(t());
    expect(answer.demo).toBe(false);
    expect(answer.goLive).not.toContain(REMOVE_DEMO);
    expect(answer.live).toBe(false);
  });
});

describeEachDatabase(
  'setup checklist of a shop ready to go live',
  (t) => {
    it('is live in production with live keys, an https address, every SMS template and a complete shop', async () => {
      const db = t().db;
      await markDemo(db);
      await removeDemoRows(db);
      await clearShopDetails(db);
      await completeShop(db);
      const answer = await checklist(t());
      expect(answer).toMatchObject({ live: true, goLive: [], demo: false });
      expect(answer.steps.map((s) => [s.key, s.done])).toEqual([
        ['shop', true],
        ['seller', true],
        ['delivery', true],
        ['product', true],
        ['payments', true],
        ['sms', true],
      ]);

      await db.updateTable('shop_settings').set({ support_email: null }).execute();
      expect(await checklist(t())).toMatchObject({
        live: false,
        goLive: ["Add your shop's support e-mail"],
      });
    });
  },
  LIVE_ENV,
);

describe('"Go live" reads the configuration as the server does', () => {
  const nothingElse = { steps: [], demo: false };
  const missingWith = (env: Record<string, string>) =>
    goLive(loadConfig({ ...LIVE_ENV, ...env }), nothingElse).goLive;

  it('finds nothing missing in a complete production configuration', () => {
    expect(goLive(loadConfig(LIVE_ENV), nothingElse)).toMatchObject({ live: true, goLive: [] });
  });

  it('asks for production mode and an https PUBLIC_URL', () => {
    const development = { ...LIVE_ENV, NODE_ENV: 'development' };
    expect(goLive(loadConfig(development), nothingElse).goLive).toEqual(['Set NODE_ENV=production']);
    expect(missingWith({ PUBLIC_URL: 'http://kaveri-looms.example' })).toEqual([
      'Set PUBLIC_URL to an https address (it is http://kaveri-looms.example)',
    ]);
    // without it a production configuration does not load at all (config.ts); a development one lists it
    const { PUBLIC_URL: _, ...withoutUrl } = LIVE_ENV;
    expect(() => loadConfig(withoutUrl)).toThrow(/^PUBLIC_URL must be set in production/);
    expect(goLive(loadConfig({ ...withoutUrl, NODE_ENV: 'development' }), nothingElse).goLive).toEqual(
      ENVIRONMENT,
    );
  });

  it("asks for Razorpay's live key id, not a test key", () => {
    expect(missingWith({ RAZORPAY_KEY_ID: 'rzp_test_K4v3r1L00ms' })).toEqual([
      'Set RAZORPAY_KEY_ID to your live key id (rzp_live_…), not a test key',
    ]);
  });

  it("asks for MSG91's sender and each order template that is not set", () => {
    const { MSG91_SENDER: _, MSG91_TEMPLATE_ORDER_SHIPPED: __, ...partial } = LIVE_ENV;
    expect(goLive(loadConfig(partial), nothingElse).goLive).toEqual([
      'Set MSG91_SENDER (your 6-letter DLT sender id)',
      'Set MSG91_TEMPLATE_ORDER_SHIPPED (the "order shipped" SMS\'s template)',
    ]);
  });

  it('asks for everything of payments and SMS in development', () => {
    expect(goLive(loadConfig({ NODE_ENV: 'development' }), nothingElse).goLive).toEqual([
      ...ENVIRONMENT,
      ...PAYMENTS,
      ...SMS,
    ]);
  });
});
