import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryEstimate } from '../../../contract/courier.ts';
import { gstinCheckCharacter } from '../../../contract/gstin.ts';
import type { Seller } from '../../../contract/sellers.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { addBusinessDays, indiaToday } from './business-days.ts';

const day = (text: string) => new Date(`${text}T00:00:00Z`);
const text = (date: Date) => date.toISOString().slice(0, 10);

describe('business days', () => {
  it('skips Sundays and the national holidays (Republic Day, 26 January 2026, is a Monday)', () => {
    // Friday 23 January 2026: Saturday counts, Sunday 25 and Monday 26 do not
    expect(text(addBusinessDays(day('2026-01-23'), 1))).toBe('2026-01-24');
    expect(text(addBusinessDays(day('2026-01-23'), 2))).toBe('2026-01-27');
    expect(text(addBusinessDays(day('2026-08-14'), 1))).toBe('2026-08-17');
    expect(text(addBusinessDays(day('2026-10-01'), 1))).toBe('2026-10-03');
    expect(text(addBusinessDays(day('2026-10-01'), 0))).toBe('2026-10-01');
  });

  it("reads today in India's time, where the day starts 5:30 hours before UTC's", () => {
    expect(text(indiaToday(new Date('2026-01-22T18:29:00Z')))).toBe('2026-01-22');
    expect(text(indiaToday(new Date('2026-01-22T18:30:00Z')))).toBe('2026-01-23');
  });
});

// Thursday 22 January 2026, 10:00 in India: the dates below cross Sunday 25 and Republic Day (Monday 26)
const THURSDAY = new Date('2026-01-22T04:30:00Z');
// the spec's 7 to 10 business days from that Thursday
const FALLBACK = { serviceable: true, from: '2026-01-31', to: '2026-02-04' };

/** A product whose seller, handing over in `handoverDays`, is at `pincode`. */
async function productAt(t: TestApp, pincode: string, handoverDays: number): Promise<FixtureProduct> {
  const product = await new Fixtures(t.db).product();
  const { seller_id } = await t.db
    .selectFrom('products')
    .select('seller_id')
    .where('id', '=', product.id)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('sellers')
    .set({ pincode, handover_days: handoverDays })
    .where('id', '=', seller_id)
    .execute();
  return product;
}

const estimate = (client: TestClient, productId: number, pincode: string) =>
  client.get<DeliveryEstimate & { error?: string }>(
    `/api/delivery-estimate?pincode=${pincode}&productId=${productId}`,
  );

describeEachDatabase(
  'delivery estimate with the local fake of Shiprocket',
  (t) => {
    let client: TestClient;
    let product: FixtureProduct;

    beforeAll(async () => {
      client = await t().client();
      // Kolkata to Kolkata: the fake's recommended courier (surface) takes 2 days; the seller hands over in 1
      product = await productAt(t(), '700001', 1);
    });

    it("counts the seller's handover days and the courier's days, skipping Sunday and Republic Day", async () => {
      const answer = await estimate(client, product.id, '700001');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ serviceable: true, from: '2026-01-27', to: '2026-01-27' });
    });

    it('agrees with the pincode check of the product’s partner for a pincode it does not serve', async () => {
      const { partner } = await t()
        .db.selectFrom('products')
        .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
        .select('delivery_partners.code as partner')
        .where('products.id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect((await client.post('/api/pincheck', { pincode: '110002', partner })).body).toBe(false);
      expect((await estimate(client, product.id, '110002')).body).toEqual({
        serviceable: false,
        from: null,
        to: null,
      });
    });

    it('shows the spec’s 7 to 10 business days for a seller with no pickup pincode', async () => {
      const other = await new Fixtures(t().db).product();
      expect((await estimate(client, other.id, '700001')).body).toEqual(FALLBACK);
    });

    it('answers 404 for a product that does not exist and 400 for a pincode that is not one', async () => {
      const missing = await estimate(client, 2_000_000_000, '700001');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('No such product');
      const bad = await estimate(client, product.id, '70001');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual(expect.any(String));
    });

    it("keeps each seller's handover days, 0 to 7 (2 when not given)", async () => {
      const bearer = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
      const gstin = `19ABCFT1234K1Z${gstinCheckCharacter('19ABCFT1234K1Z')}`;
      const body = {
        name: `Handover Looms ${product.id}`,
        legalName: 'Handover Looms LLP',
        address: { line1: '12 Bentinck Street', city: 'Kolkata', pincode: '700001' },
        gstin,
        pan: 'ABCFT1234K',
      };
      const created = await client.post<Seller>('/admin/api/sellers', { ...body, handoverDays: 5 }, bearer);
      expect(created.status).toBe(201);
      expect(created.body.handoverDays).toBe(5);
      const path = `/admin/api/sellers/${created.body.id}`;
      const tooMany = await client.put<{ error: string }>(path, { ...body, handoverDays: 8 }, bearer);
      expect(tooMany.status).toBe(400);
      const { sellers } = (await client.get<{ sellers: Seller[] }>('/admin/api/sellers', bearer)).body;
      expect(sellers.find((seller) => seller.id === created.body.id)?.handoverDays).toBe(5);
      expect((await client.put<Seller>(path, body, bearer)).body.handoverDays).toBe(2);
    });

    it('serves the fake’s API to this machine at /api/dev/shiprocket, as Shiprocket answers', async () => {
      const login = await client.post<{ token: string }>('/api/dev/shiprocket/v1/external/auth/login', {
        email: 'someone@example.com',
        password: 'any',
      });
      expect(login.body).toEqual(expect.objectContaining({ token: expect.any(String) }));
      const refused = await client.get(
        '/api/dev/shiprocket/v1/external/courier/serviceability/?pickup_postcode=700001&delivery_postcode=700001&weight=0.5&cod=0',
      );
      expect(refused.status).toBe(401);
      const served = await client.get<{
        data: {
          available_courier_companies: { estimated_delivery_days: string }[];
          recommended_courier_company_id: number;
        };
      }>(
        '/api/dev/shiprocket/v1/external/courier/serviceability/?pickup_postcode=700001&delivery_postcode=700001&weight=0.5&cod=0',
        {
          authorization: `Bearer ${login.body.token}`,
        },
      );
      expect(served.status).toBe(200);
      expect(served.body.data.available_courier_companies.length).toBeGreaterThan(0);
    });
  },
  { COURIER_PROVIDER: 'shiprocket' },
  { now: () => THURSDAY },
);

/** The product's delivery partner given a promise of `minDays` to `maxDays` business days (null: none). */
async function promise(t: TestApp, productId: number, minDays: number | null, maxDays: number | null) {
  await t.db
    .updateTable('delivery_partners')
    .set({ min_days: minDays, max_days: maxDays })
    .where('id', '=', (eb) => eb.selectFrom('products').select('partner_id').where('id', '=', productId))
    .execute();
}

describeEachDatabase(
  "delivery estimate with the manual courier: the partner's promise",
  (t) => {
    let client: TestClient;

    beforeAll(async () => {
      client = await t().client();
    });

    it("answers the partner's 2 to 4 business days, skipping Sunday and Republic Day", async () => {
      const product = await new Fixtures(t().db).product();
      await promise(t(), product.id, 2, 4);
      // Thursday 22: Friday 23 and Saturday 24 are days 1 and 2; Tuesday 27 and Wednesday 28 are 3 and 4
      expect((await estimate(client, product.id, '700001')).body).toEqual({
        serviceable: true,
        from: '2026-01-24',
        to: '2026-01-28',
      });
      await promise(t(), product.id, 1, 1);
      expect((await estimate(client, product.id, '700001')).body).toEqual({
        serviceable: true,
        from: '2026-01-23',
        to: '2026-01-23',
      });
    });

    it("answers the spec's 7 to 10 business days for a partner with no promise", async () => {
      const product = await new Fixtures(t().db).product();
      await promise(t(), product.id, null, null);
      expect((await estimate(client, product.id, '700001')).body).toEqual(FALLBACK);
    });
  },
  {},
  { now: () => THURSDAY },
);

describeEachDatabase(
  "delivery estimate with Shiprocket when the courier gives none: the partner's promise",
  (t) => {
    it("answers the partner's days for a seller the courier cannot quote (no pickup pincode)", async () => {
      const client = await t().client();
      const product = await new Fixtures(t().db).product();
      await promise(t(), product.id, 3, 5);
      expect((await estimate(client, product.id, '700001')).body).toEqual({
        serviceable: true,
        from: '2026-01-27',
        to: '2026-01-29',
      });
    });
  },
  { COURIER_PROVIDER: 'shiprocket' },
  { now: () => THURSDAY },
);

/**
 * A Shiprocket on this machine whose serviceability answers wait until the test lets them go, or fail
 * while `down`: how a slow or broken courier API looks to the shop.
 */
async function heldShiprocket() {
  const held: ServerResponse[] = [];
  const state = { asked: 0, down: false };
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/v1/external/auth/login') {
      request.resume();
      request.on('end', () => response.end(JSON.stringify({ token: 'held-token' })));
      return;
    }
    state.asked += 1;
    if (state.down) {
      response.writeHead(503).end(JSON.stringify({ message: 'Service Unavailable' }));
      return;
    }
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const body = {
    data: {
      available_courier_companies: [
        { courier_company_id: 7, courier_name: 'Held Surface', estimated_delivery_days: '3', rate: 50 },
      ],
      recommended_courier_company_id: 7,
    },
  };
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    held,
    release: () => {
      for (const response of held.splice(0)) response.end(JSON.stringify(body));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const courier = await heldShiprocket();
afterAll(() => courier.close());

describeEachDatabase(
  'delivery estimate while the courier API is slow or down',
  (t) => {
    let client: TestClient;
    let product: FixtureProduct;

    beforeAll(async () => {
      client = await t().client();
      courier.state.asked = 0;
      courier.state.down = false;
      product = await productAt(t(), '700001', 0);
    });

    it("answers the spec's days without waiting for a courier that has not answered, then keeps its answer", async () => {
      const first = await estimate(client, product.id, '400001');
      expect(first.body).toEqual(FALLBACK);
      // the courier's answer had not come when the page got its own
      expect(courier.held).toHaveLength(1);
      courier.release();
      // the answer, once it came, is kept for the pair: Thursday + 0 + 3 business days: Friday, Saturday, and Tuesday after Sunday and the 26th
      await expect
        .poll(async () => (await estimate(client, product.id, '400001')).body)
        .toEqual({ serviceable: true, from: '2026-01-27', to: '2026-01-27' });
      expect((await estimate(client, product.id, '400001')).body.from).toBe('2026-01-27');
      expect(courier.state.asked).toBe(1);
    });

    it("shows the spec's days when the courier API is down, and does not ask it again on every page", async () => {
      courier.state.down = true;
      const asked = courier.state.asked;
      expect((await estimate(client, product.id, '560001')).body).toEqual(FALLBACK);
      expect((await estimate(client, product.id, '560001')).body).toEqual(FALLBACK);
      expect(courier.state.asked).toBe(asked + 1);
    });
  },
  {
    COURIER_PROVIDER: 'shiprocket',
    SHIPROCKET_BASE_URL: courier.url,
    SHIPROCKET_EMAIL: 'api-user@example.com',
    SHIPROCKET_PASSWORD: 'api-password',
    SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token',
    COURIER_ESTIMATE_WAIT_MS: '200',
  },
  { now: () => THURSDAY },
);
