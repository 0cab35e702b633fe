import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../../contract/gstin.ts';
import type { OrderLine } from '../../../contract/orders.ts';
import type { PincodesReport } from '../../../contract/partners.ts';
import type { AdminProduct } from '../../../contract/products.ts';
import type { Seller } from '../../../contract/sellers.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { TestClient } from '../../test/http.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

const file = (data: Buffer | string, name: string, type: string) => {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  return form;
};

/**
 * The owner's own shop through the back office's API alone: a seller, a delivery partner and its pincodes,
 * a product; a shopper buys it and the invoice names that seller. (On the demo's template until the empty
 * one is there; nothing here depends on the demo's rows.)
 */
describeEachDatabase('an own seller, partner and product, sold and invoiced', (t) => {
  it('takes an owner from a seller to a sold product whose invoice prints the seller’s registration', async () => {
    const admin = new TestClient(t().baseUrl);
    const run = Math.random().toString(36).slice(2, 7).toUpperCase();
    const pan = 'AAGCK1234P';
    const first14 = `19${pan}1Z`;
    const gstin = `${first14}${gstinCheckCharacter(first14)}`;

    const seller = await admin.post<Seller>(
      '/admin/api/sellers',
      {
        name: `Kantha Collective ${run}`,
        legalName: `Kantha Collective ${run} Private Limited`,
        address: { line1: '22 Camac Street', city: 'Kolkata', pincode: '700016' },
        gstin,
        pan,
        phone: '9830012345',
        email: 'hello@kantha.example',
      },
      BEARER,
    );
    expect(seller.status).toBe(201);

    const code = `OWN-${run}`;
    const partner = await admin.post(
      '/admin/api/partners',
      { code, name: 'Own Couriers', trackingUrl: 'https://own.example/t/{trackingId}' },
      BEARER,
    );
    expect(partner.status).toBe(201);
    const pincodes = await admin.post<PincodesReport>(
      `/admin/api/partners/${code}/pincodes?mode=apply`,
      file('pincode\n700001\n700016\n', 'pincodes.csv', 'text/csv'),
      BEARER,
    );
    expect(pincodes.body).toMatchObject({ pincodes: 2, applied: true });

    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#335' } })
      .png()
      .toBuffer();
    const photo = await admin.post<{ photo: string }>(
      '/admin/api/products/photos',
      file(png, 'stole.png', 'image/png'),
      BEARER,
    );
    const product = await admin.post<AdminProduct>(
      '/admin/api/products',
      {
        name: `Kantha Stole ${run}`,
        prod: 'accessories',
        userSegment: 'Accessories',
        genre: 'Stoles',
        description: 'Running-stitch kantha on silk.',
        color: 'Indigo',
        features: {},
        mrp: 1500,
        price: 1200,
        partner: code,
        seller: seller.body.name,
        hsnCode: '6214',
        sizes: [{ size: '', stock: 4 }],
        photos: [photo.body.photo],
      },
      BEARER,
    );
    expect(product.status).toBe(200);

    const shopper = await t().client();
    expect((await shopper.post('/api/pincheck', { partner: code, pincode: '700001' })).body).toBe(true);
    const driver = new CheckoutDriver(t);
    const sku = await t()
      .db.selectFrom('skus')
      .select('id')
      .where('product_id', '=', product.body.id)
      .executeTakeFirstOrThrow();
    const { client } = await driver.shopper(1, { id: product.body.id, skus: { '': sku.id } }, '');
    expect((await driver.checkOut(client, await driver.paid(client))).status).toBe(200);
    const [line] = (await client.get<OrderLine[]>('/api/orders')).body;
    const pdf = await fetch(`${t().baseUrl}${line?.invoiceUrl}`, { headers: BEARER });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    for (const words of [
      `Kantha Collective ${run} Private Limited`,
      '22 Camac Street',
      `GSTIN: ${gstin}`,
      'Place of Supply: West Bengal',
      `Kantha Stole ${run}`,
    ]) {
      expect(text).toContain(words);
    }
  });
});
