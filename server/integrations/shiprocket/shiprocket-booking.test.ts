import { describe, expect, it } from 'vitest';
import { CourierError, type Parcel } from '../../modules/courier/partner.ts';
import { ShiprocketClient, type ShiprocketReply, type ShiprocketRequest } from './shiprocket.ts';

const USER = { email: 'api@shop.example', password: 'secret' };

/** Shiprocket answering `answer` after a login, every request kept; files fetched from a map of URLs. */
function client(answer: (request: ShiprocketRequest) => ShiprocketReply, files: Record<string, string> = {}) {
  const requests: ShiprocketRequest[] = [];
  const transport = async (request: ShiprocketRequest): Promise<ShiprocketReply> => {
    if (request.path === '/v1/external/auth/login') return { status: 200, body: { token: 'token' } };
    requests.push(request);
    return answer(request);
  };
  const fetched: string[] = [];
  const fetchFile = async (url: string) => {
    fetched.push(url);
    const file = files[url];
    if (file === undefined) throw new Error(`${url} answered 404`);
    return Buffer.from(file);
  };
  return { sr: new ShiprocketClient(USER, transport, undefined, fetchFile), requests, fetched };
}

const PARCEL: Parcel = {
  orderId: 'pur_1',
  orderDate: new Date('2026-01-22T04:30:00Z'),
  to: {
    name: 'Meera Das',
    phone: '9876543210',
    email: 'meera@example.com',
    address: '12, Park Street',
    address2: 'Park Circus',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700001',
  },
  items: [{ name: 'Kurta (M)', sku: 'K1-M', units: 1, sellingPrice: 999 }],
  paymentMethod: 'Prepaid',
  subTotal: 999,
  weightKg: 0.5,
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 5,
};

describe("Shiprocket's client: booking", () => {
  it('creates an ad-hoc order with the documented fields, India time, and reads its ids', async () => {
    const { sr, requests } = client(() => ({
      status: 200,
      body: { order_id: 16161616, shipment_id: 16090281 },
    }));
    expect(await sr.createOrder('haat-seller-1', PARCEL)).toEqual({
      orderId: '16161616',
      shipmentId: '16090281',
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/external/orders/create/adhoc',
      body: {
        order_id: 'pur_1',
        order_date: '2026-01-22 10:00',
        pickup_location: 'haat-seller-1',
        billing_customer_name: 'Meera Das',
        billing_address: '12, Park Street',
        billing_pincode: '700001',
        shipping_is_billing: true,
        order_items: [{ name: 'Kurta (M)', sku: 'K1-M', units: 1, selling_price: 999 }],
        payment_method: 'Prepaid',
        sub_total: 999,
        weight: 0.5,
      },
    });
  });

  it('books a cash-on-delivery parcel as COD, for the rupees its courier collects', async () => {
    const { sr, requests } = client(() => ({
      status: 200,
      body: { order_id: 16161617, shipment_id: 16090282 },
    }));
    await sr.createOrder('haat-seller-1', { ...PARCEL, paymentMethod: 'COD', subTotal: 1048 });
    expect(requests[0]?.body).toMatchObject({ payment_method: 'COD', sub_total: 1048 });
  });

  it('takes an AWB Shiprocket did not assign (200, awb_assign_status 0) as a refusal in its words', async () => {
    const { sr } = client(() => ({
      status: 200,
      body: { awb_assign_status: 0, response: { data: { awb_assign_error: 'Courier not serviceable' } } },
    }));
    const refusal = await sr.assignAwb('16090281', 43, false).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CourierError);
    expect(refusal).toMatchObject({
      message: 'Shiprocket refused to assign an AWB: Courier not serviceable',
      status: 422,
    });
  });

  it('prints a manifest already generated, and fetches the PDF from the URL given', async () => {
    const { sr, requests, fetched } = client(
      (request) =>
        request.path === '/v1/external/manifests/generate'
          ? { status: 400, body: { message: 'Manifest already generated' } }
          : { status: 200, body: { manifest_url: 'https://files.example/manifest.pdf' } },
      { 'https://files.example/manifest.pdf': '%PDF-manifest' },
    );
    expect((await sr.manifest(['16090281'], ['16161616'])).toString()).toBe('%PDF-manifest');
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/v1/external/manifests/generate', { shipment_id: [16090281] }],
      ['/v1/external/manifests/print', { order_ids: [16161616] }],
    ]);
    expect(fetched).toEqual(['https://files.example/manifest.pdf']);
  });

  it('says so when a label cannot be fetched from the URL Shiprocket gave', async () => {
    const { sr } = client(() => ({
      status: 200,
      body: { label_created: 1, label_url: 'https://files.example/gone.pdf' },
    }));
    await expect(sr.labels(['1'])).rejects.toThrow(
      'The labels could not be fetched from Shiprocket (https://files.example/gone.pdf answered 404)',
    );
  });
});
