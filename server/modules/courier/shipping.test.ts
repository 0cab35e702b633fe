import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderLine } from '../../../contract/admin.ts';
import type { OrdersResponse } from '../../../contract/orders.ts';
import type {
  CourierChoices,
  PickupScheduled,
  ShipmentBooked,
  ShipmentsBooked,
  ShippingSetup,
} from '../../../contract/shipping.ts';
import type { OrderLineStatus } from '../../db/schema.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { givePickupAddress } from '../../test/courier.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { messagesTo } from '../../test/rows.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { chooseCourier } from './shipping.ts';

type Answer<T> = T & { error?: string };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const SHIPROCKET_USER = { email: 'api-user@example.com', password: 'api-password' };
const SHIPROCKET = {
  COURIER_PROVIDER: 'shiprocket',
  SHIPROCKET_EMAIL: SHIPROCKET_USER.email,
  SHIPROCKET_PASSWORD: SHIPROCKET_USER.password,
};

/** The text of a PDF, as poppler's pdftotext reads it. */
function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'haat-shipping-')), 'document.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The shop's sellers and orders for these tests, and the back office's calls. */
function shop(t: () => TestApp) {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  const staff = () => new TestClient(t().baseUrl);

  const setUp = async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({
      name: 'Shipping kurta',
      pricePaise: 99_900,
      sizes: [
        ['M', 40],
        ['L', 40],
      ],
    });
    await givePickupAddress(t().db, kurta.id);
  };

  /** a product of a seller with a pickup address, as the kurta is */
  const product = async (spec: Parameters<Fixtures['product']>[0]) => {
    const made = await fixtures.product(spec);
    await givePickupAddress(t().db, made.id);
    return made;
  };

  /** a logged-in shopper with one order of one kurta (or `product`) in the given state */
  async function ordered(status: OrderLineStatus = 'placed', product: FixtureProduct = kurta) {
    const client = await t().client();
    const customerId = await fixtures.customer({ fname: 'Meera', lname: 'Das' });
    await fixtures.logIn(client, customerId);
    const order = await fixtures.order(customerId, [{ product, quantity: 1, status }]);
    const purchaseId = order.purchaseIds[0] ?? '';
    const shopperLine = async () =>
      (await client.get<OrdersResponse>('/api/orders')).body.find((l) => l.purchase_id === purchaseId);
    const adminLine = async () =>
      (await staff().get<AdminOrder>(`/admin/api/orders/${order.orderId}`, BEARER)).body.lines.find(
        (l) => l.purchaseId === purchaseId,
      );
    return { client, customerId, order, purchaseId, shopperLine, adminLine };
  }

  const post = <T>(path: string, body?: unknown) => staff().post<Answer<T>>(path, body, BEARER);
  const ship = (purchaseId: string, body: unknown = {}) =>
    post<ShipmentBooked & AdminOrderLine>(`/admin/api/orders/${purchaseId}/ship`, body);

  /** a PDF answer's bytes, by GET or by POST with a body */
  async function pdf(path: string, body?: unknown) {
    const res = await fetch(`${t().baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...BEARER, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  }

  const lineRow = (purchaseId: string) =>
    t()
      .db.selectFrom('order_lines')
      .select(['status', 'tracking_id', 'booking_refusal'])
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow();
  const shipmentsOf = (purchaseId: string) =>
    t()
      .db.selectFrom('shipments')
      .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
      .select(['shipments.kind', 'shipments.awb', 'shipments.courier', 'shipments.pickup_scheduled_at'])
      .where('order_lines.purchase_id', '=', purchaseId)
      .orderBy('shipments.id')
      .execute();
  const messages = (customerId: number) => messagesTo(t().db, customerId);

  return { setUp, product, ordered, post, ship, pdf, lineRow, shipmentsOf, messages, staff };
}

describeEachDatabase(
  'shipping through the courier partner (the local fake of Shiprocket)',
  (t) => {
    const s = shop(t);
    /** the weight and size the fake was sent for the line's forward parcel */
    const fakeParcel = (purchaseId: string) =>
      t()
        .db.selectFrom('sim_courier_shipments')
        .select(['weight_kg', 'length_cm', 'breadth_cm', 'height_cm'])
        .where('channel_order_id', '=', purchaseId)
        .where('is_return', '=', false)
        .executeTakeFirstOrThrow();
    beforeAll(() => s.setUp());

    it('says a partner books shipments', async () => {
      const res = await s.staff().get<ShippingSetup>('/admin/api/shipping', BEARER);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ partner: 'shiprocket' });
    });

    it('books a line with the recommended courier: AWB, courier, line shipped with the AWB, SMS sent', async () => {
      const { customerId, purchaseId, shopperLine, adminLine } = await s.ordered();
      const choices = await s.staff().get<CourierChoices>(`/admin/api/orders/${purchaseId}/couriers`, BEARER);
      expect(choices.status).toBe(200);
      // Kolkata to Kolkata: the fake's surface courier is cheaper and meets the estimate
      expect(choices.body).toEqual({
        couriers: [
          { courierId: 1, name: 'Haat Fake Surface', rate: 30, days: 2 },
          { courierId: 2, name: 'Haat Fake Air', rate: 70, days: 1 },
        ],
        recommendedId: 1,
      });

      const res = await s.ship(purchaseId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        awb: expect.stringMatching(/^\d{12}$/),
        courier: 'Haat Fake Surface',
        labelUrl: `/admin/api/orders/${purchaseId}/label`,
      });
      const { awb } = res.body;
      expect(await s.lineRow(purchaseId)).toEqual({
        status: 'shipped',
        tracking_id: awb,
        booking_refusal: null,
      });
      expect(await s.shipmentsOf(purchaseId)).toEqual([
        { kind: 'forward', awb, courier: 'Haat Fake Surface', pickup_scheduled_at: null },
      ]);
      expect(await shopperLine()).toMatchObject({
        status: 'shipped',
        tracking_id: awb,
        awb,
        courier: 'Haat Fake Surface',
      });
      expect(await adminLine()).toMatchObject({
        status: 'shipped',
        trackingId: awb,
        awb,
        courier: 'Haat Fake Surface',
        bookingRefusal: null,
        returnPickup: null,
      });
      expect((await s.messages(customerId)).map((m) => m.template)).toContain('order_shipped');

      // booked once: Ship again is refused as for any shipped line, and books nothing
      const again = await s.ship(purchaseId);
      expect(again.status).toBe(409);
      expect(await s.shipmentsOf(purchaseId)).toHaveLength(1);

      const label = await s.pdf(res.body.labelUrl);
      expect(label.status).toBe(200);
      expect(label.type).toBe('application/pdf');
      const text = pdfText(label.bytes);
      expect(text).toContain(`AWB ${awb}`);
      expect(text).toContain(`Order ${purchaseId}`);
      expect(text).toContain('Haat Fake Surface');
      // the kurta has no weight of its own: 500 g, in a folded garment's box
      expect(text).toContain('Weight 0.5 kg');
      expect(await fakeParcel(purchaseId)).toEqual({
        weight_kg: '0.5',
        length_cm: '30',
        breadth_cm: '25',
        height_cm: '5',
      });
    });

    it("books a product's own weight (kg) and size, which the label prints", async () => {
      const bedsheet = await s.product({ name: 'Parcel bedsheet set', sizes: [['M', 10]] });
      await t()
        .db.updateTable('products')
        .set({ weight_grams: 1200, length_cm: 40, breadth_cm: 32, height_cm: 9 })
        .where('id', '=', bedsheet.id)
        .execute();
      const { purchaseId } = await s.ordered('placed', bedsheet);
      const res = await s.ship(purchaseId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await fakeParcel(purchaseId)).toEqual({
        weight_kg: '1.2',
        length_cm: '40',
        breadth_cm: '32',
        height_cm: '9',
      });
      const text = pdfText((await s.pdf(res.body.labelUrl)).bytes);
      expect(text).toContain('Weight 1.2 kg');
      expect(text).toContain('Size 40 x 32 x 9 cm');
    });

    it("serves the fake's labels over HTTP at the URL it gives, to a client elsewhere on the machine", async () => {
      const { purchaseId } = await s.ordered();
      expect((await s.ship(purchaseId)).status).toBe(200);
      const { partner_shipment_id } = await t()
        .db.selectFrom('shipments')
        .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
        .select('shipments.partner_shipment_id')
        .where('order_lines.purchase_id', '=', purchaseId)
        .executeTakeFirstOrThrow();
      const fake = new TestClient(`${t().baseUrl}/api/dev/shiprocket`);
      const login = await fake.post<{ token: string }>('/v1/external/auth/login', SHIPROCKET_USER);
      const bearer = { authorization: `Bearer ${login.body.token}` };
      const label = await fake.post<{ label_created: number; label_url: string }>(
        '/v1/external/courier/generate/label',
        { shipment_id: [Number(partner_shipment_id)] },
        bearer,
      );
      expect(label.body).toMatchObject({
        label_created: 1,
        label_url: expect.stringMatching(
          /^http:\/\/127\.0\.0\.1:\d+\/api\/dev\/shiprocket\/files\/label-\d+\.pdf$/,
        ),
      });
      const res = await fetch(label.body.label_url);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(pdfText(new Uint8Array(await res.arrayBuffer()))).toContain(`Order ${purchaseId}`);
      // a shipment the fake never labelled is not served
      expect((await fetch(label.body.label_url.replace(/label-\d+/, 'label-999999999'))).status).toBe(404);
    });

    it('books another courier when the owner picks one', async () => {
      const { purchaseId, adminLine } = await s.ordered();
      const res = await s.ship(purchaseId, { courierId: 2 });
      expect(res.status).toBe(200);
      expect(res.body.courier).toBe('Haat Fake Air');
      expect(await adminLine()).toMatchObject({ courier: 'Haat Fake Air', awb: res.body.awb });
    });

    it('books lines together, then one PDF of their labels, the manifest, and the pickup', async () => {
      const first = await s.ordered();
      const second = await s.ordered();
      const shipped = await s.ordered('shipped');
      const purchaseIds = [first.purchaseId, second.purchaseId, shipped.purchaseId];
      const res = await s.post<ShipmentsBooked>('/admin/api/shipments', { purchaseIds });
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([
        {
          purchaseId: first.purchaseId,
          awb: expect.any(String),
          courier: 'Haat Fake Surface',
          labelUrl: `/admin/api/orders/${first.purchaseId}/label`,
          error: null,
        },
        {
          purchaseId: second.purchaseId,
          awb: expect.any(String),
          courier: 'Haat Fake Surface',
          labelUrl: `/admin/api/orders/${second.purchaseId}/label`,
          error: null,
        },
        {
          purchaseId: shipped.purchaseId,
          awb: null,
          courier: null,
          labelUrl: null,
          error: 'This item is already on its way',
        },
      ]);
      const [one, two] = res.body.results;
      const booked = [first.purchaseId, second.purchaseId];

      const labels = await s.pdf('/admin/api/shipments/labels', { purchaseIds: booked });
      expect(labels.status).toBe(200);
      expect(labels.type).toBe('application/pdf');
      const labelText = pdfText(labels.bytes);
      expect(labelText).toContain(`AWB ${one?.awb}`);
      expect(labelText).toContain(`AWB ${two?.awb}`);

      // a line not booked has no label: 409, naming it
      const unbooked = await s.post('/admin/api/shipments/labels', { purchaseIds: purchaseIds });
      expect(unbooked.status).toBe(409);
      expect(unbooked.body.error).toBe(`"${shipped.purchaseId}" is not booked with the courier`);

      const pickup = await s.post<PickupScheduled>('/admin/api/shipments/pickup', { purchaseIds: booked });
      expect(pickup.status).toBe(200);
      expect(pickup.body).toEqual({
        pickupDate: expect.stringMatching(/^\d{4}-\d\d-\d\d /),
        purchaseIds: booked,
      });
      for (const purchaseId of booked) {
        expect((await s.shipmentsOf(purchaseId))[0]?.pickup_scheduled_at).toBeInstanceOf(Date);
      }

      const manifest = await s.pdf('/admin/api/shipments/manifest', { purchaseIds: booked });
      expect(manifest.status).toBe(200);
      expect(manifest.type).toBe('application/pdf');
      const manifestText = pdfText(manifest.bytes);
      expect(manifestText).toContain('Manifest');
      expect(manifestText).toContain(`AWB ${one?.awb}`);
      expect(manifestText).toContain(`AWB ${two?.awb}`);
    });

    it("keeps the courier's reason when it refuses (unserviceable pincode) and leaves the line placed", async () => {
      const { order, purchaseId, adminLine, customerId } = await s.ordered();
      // the order goes to a pincode nobody serves (none of the shop's partners has it)
      const address = {
        fname: 'Meera',
        lname: 'Das',
        houseNo: '3',
        roadName: 'Main Road',
        city: 'Delhi',
        pin: '199999',
      };
      await t()
        .db.updateTable('orders')
        .set({ address: JSON.stringify(address) })
        .where('id', '=', order.orderId)
        .execute();
      const res = await s.ship(purchaseId);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'No courier serves pincode 199999' });
      // a courier the owner picks is refused by the partner itself, in its words
      const picked = await s.ship(purchaseId, { courierId: 2 });
      expect(picked.status).toBe(422);
      const reason =
        'Shiprocket refused to assign an AWB (422): Pincode 199999 is not serviceable by any courier.';
      expect(picked.body).toEqual({ error: reason });
      expect(await s.lineRow(purchaseId)).toEqual({
        status: 'placed',
        tracking_id: null,
        booking_refusal: reason,
      });
      expect(await s.shipmentsOf(purchaseId)).toEqual([]);
      expect(await adminLine()).toMatchObject({
        status: 'placed',
        awb: null,
        courier: null,
        bookingRefusal: reason,
      });
      expect((await s.messages(customerId)).map((m) => m.template)).not.toContain('order_shipped');

      // served again: the booking goes through and the reason is gone
      await t()
        .db.updateTable('orders')
        .set({ address: JSON.stringify({ ...address, city: 'Kolkata', pin: '700001' }) })
        .where('id', '=', order.orderId)
        .execute();
      expect((await s.ship(purchaseId)).status).toBe(200);
      expect(await adminLine()).toMatchObject({ status: 'shipped', bookingRefusal: null });
      const metrics = await s.staff().get<string>('/metrics', BEARER);
      expect(metrics.text).toMatch(/haat_courier_bookings_total\{kind="forward",result="refused"\} [1-9]/);
      expect(metrics.text).toMatch(/haat_courier_bookings_total\{kind="forward",result="booked"\} [1-9]/);
    });

    it('refuses a missing address with the courier’s words, changing nothing', async () => {
      const { order, purchaseId } = await s.ordered();
      await t()
        .db.updateTable('orders')
        .set({ address: JSON.stringify({ fname: 'Meera', lname: 'Das', city: 'Kolkata', pin: '700001' }) })
        .where('id', '=', order.orderId)
        .execute();
      const res = await s.ship(purchaseId);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe(
        'Shiprocket refused to book the order (422): Oops! Invalid Data.: The billing address field is required.',
      );
      expect(await s.lineRow(purchaseId)).toMatchObject({ status: 'placed', tracking_id: null });
    });

    it('answers bad input with 400 and unknown lines with 404, booking nothing', async () => {
      const { purchaseId } = await s.ordered();
      expect((await s.ship(purchaseId, { courierId: 'air' })).status).toBe(400);
      expect((await s.ship(purchaseId, { trackingId: 'DTDC1', courierId: 2 })).body).toEqual({
        error: 'Give trackingId or courierId, not both',
      });
      expect((await s.ship(purchaseId, { carrier: 'x' })).status).toBe(400);
      expect((await s.post('/admin/api/shipments', { purchaseIds: [] })).status).toBe(400);
      expect((await s.post('/admin/api/shipments', { purchaseIds: [purchaseId, purchaseId] })).status).toBe(
        400,
      );
      expect((await s.post('/admin/api/shipments/labels', {})).status).toBe(400);
      expect((await s.ship('pur_nobody')).status).toBe(404);
      expect(await s.lineRow(purchaseId)).toMatchObject({ status: 'placed', booking_refusal: null });
      expect(await s.shipmentsOf(purchaseId)).toEqual([]);
    });

    it('is for staff: 401 without a way in, 403 for a session without its CSRF token', async () => {
      const { purchaseId } = await s.ordered();
      const visitor = s.staff();
      expect((await visitor.post(`/admin/api/orders/${purchaseId}/ship`, {})).status).toBe(401);
      expect((await visitor.post('/admin/api/shipments', { purchaseIds: [purchaseId] })).status).toBe(401);
      expect((await visitor.get(`/admin/api/orders/${purchaseId}/label`)).status).toBe(401);
      const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
      const token = staff.csrfToken;
      staff.csrfToken = undefined;
      expect((await staff.post(`/admin/api/orders/${purchaseId}/ship`, {})).status).toBe(403);
      expect((await staff.post('/admin/api/shipments', { purchaseIds: [purchaseId] })).status).toBe(403);
      expect(await s.lineRow(purchaseId)).toMatchObject({ status: 'placed' });
      staff.csrfToken = token;
      const booked = await staff.post<ShipmentBooked>(`/admin/api/orders/${purchaseId}/ship`, {});
      expect(booked.status).toBe(200);
      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['action', 'details'])
        .where('subject', '=', `purchase:${purchaseId}`)
        .execute();
      expect(audit).toEqual([
        { action: 'order.ship', details: expect.objectContaining({ trackingId: booked.body.awb }) },
      ]);
    });

    it('keeps the manual way: a typed tracking id ships the line without the courier', async () => {
      const { purchaseId } = await s.ordered();
      const res = await s.ship(purchaseId, { trackingId: 'DTDC123456' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'shipped',
        trackingId: 'DTDC123456',
        awb: null,
        courier: null,
      });
      expect(await s.shipmentsOf(purchaseId)).toEqual([]);
    });

    it('books a reverse pickup when a return is accepted', async () => {
      const { client, purchaseId, adminLine } = await s.ordered('delivered');
      expect((await client.post('/return', { orderID: purchaseId, reason: 'Wrong colour' })).status).toBe(
        200,
      );
      const res = await s.post<AdminOrderLine>(`/admin/api/returns/${purchaseId}`, { accept: true });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('returning');
      const shipments = await s.shipmentsOf(purchaseId);
      expect(shipments).toEqual([
        { kind: 'return', awb: expect.any(String), courier: 'Haat Fake Surface', pickup_scheduled_at: null },
      ]);
      expect(res.body.returnPickup).toEqual({ awb: shipments[0]?.awb, courier: 'Haat Fake Surface' });
      expect(await adminLine()).toMatchObject({ returnPickup: { awb: shipments[0]?.awb } });
      const sim = await t()
        .db.selectFrom('sim_courier_shipments')
        .select(['is_return', 'pickup_pincode', 'delivery_pincode', 'status'])
        .where('awb', '=', shipments[0]?.awb ?? '')
        .executeTakeFirstOrThrow();
      // from the shopper back to the seller
      expect(sim).toEqual({
        is_return: true,
        pickup_pincode: '700001',
        delivery_pincode: '700087',
        status: 'AWB ASSIGNED',
      });
    });

    it('books a reverse pickup when an exchange is accepted, and none when one is refused', async () => {
      const accepted = await s.ordered('delivered');
      const refused = await s.ordered('delivered');
      for (const line of [accepted, refused]) {
        const asked = await line.client.post(`/api/orders/${line.purchaseId}/exchange`, {
          size: 'L',
          reasonCode: 'too_small',
        });
        expect(asked.status).toBe(200);
      }
      const yes = await s.post<AdminOrderLine>(`/admin/api/returns/${accepted.purchaseId}`, { accept: true });
      expect(yes.body.status).toBe('exchanging');
      expect(await s.shipmentsOf(accepted.purchaseId)).toEqual([
        { kind: 'return', awb: expect.any(String), courier: 'Haat Fake Surface', pickup_scheduled_at: null },
      ]);
      const no = await s.post<AdminOrderLine>(`/admin/api/returns/${refused.purchaseId}`, { accept: false });
      expect(no.body.status).toBe('exchange_rejected');
      expect(await s.shipmentsOf(refused.purchaseId)).toEqual([]);
    });
  },
  SHIPROCKET,
);

describeEachDatabase('shipping without a courier partner (COURIER_PROVIDER=manual)', (t) => {
  const s = shop(t);
  beforeAll(() => s.setUp());

  it('ships with a typed tracking id as before, and answers 400 for a booking', async () => {
    const { purchaseId, shopperLine } = await s.ordered();
    expect((await s.staff().get<ShippingSetup>('/admin/api/shipping', BEARER)).body).toEqual({
      partner: null,
    });
    const booking = await s.ship(purchaseId);
    expect(booking.status).toBe(400);
    expect(booking.body).toEqual({
      error: 'trackingId is required: no courier partner is set up (COURIER_PROVIDER=manual)',
    });
    expect(
      (await s.post<ShipmentsBooked>('/admin/api/shipments', { purchaseIds: [purchaseId] })).body.results[0]
        ?.error,
    ).toBe('trackingId is required: no courier partner is set up (COURIER_PROVIDER=manual)');
    expect(await s.lineRow(purchaseId)).toMatchObject({ status: 'placed', booking_refusal: null });

    const res = await s.ship(purchaseId, { trackingId: 'DTDC123456' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'shipped', trackingId: 'DTDC123456', awb: null, courier: null });
    expect(await shopperLine()).toMatchObject({ tracking_id: 'DTDC123456', awb: null, courier: null });
  });

  it('accepts a return without booking a pickup', async () => {
    const { client, purchaseId } = await s.ordered('delivered');
    expect((await client.post('/return', { orderID: purchaseId, reason: 'Wrong colour' })).status).toBe(200);
    const res = await s.post<AdminOrderLine>(`/admin/api/returns/${purchaseId}`, { accept: true });
    expect(res.body).toMatchObject({ status: 'returning', returnPickup: null });
    expect(await s.shipmentsOf(purchaseId)).toEqual([]);
  });
});

describe('the recommended courier', () => {
  it('is the cheapest that meets the estimate', () => {
    const surface = { courierId: 1, courierName: 'Surface', days: 4, rate: 60 };
    const air = { courierId: 2, courierName: 'Air', days: 2, rate: 140 };
    const cheapSlow = { courierId: 3, courierName: 'Slow', days: 7, rate: 30 };
    expect(chooseCourier({ couriers: [surface, air, cheapSlow], recommended: surface })).toBe(surface);
    expect(chooseCourier({ couriers: [surface, air, cheapSlow], recommended: air })).toBe(air);
    expect(chooseCourier({ couriers: [], recommended: undefined })).toBeUndefined();
  });
});
