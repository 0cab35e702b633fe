import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, expect, it } from 'vitest';
import { COD_FEE_LABEL, COD_PAYMENT_TEXT } from '../../../contract/cod-constants.ts';
import type { OrdersResponse } from '../../../contract/orders.ts';
import { SESSION_COOKIE } from '../../platform/sessions.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { BEARER, CodDriver } from '../../test/cod.ts';
import { Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { rows } from '../../test/pdf-rows.ts';
import { DELIVERY_SAC } from './gst-rates.ts';

const money = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const printed = (paise: number) => money.format(paise / 100);

describeEachDatabase('cash on delivery: the invoice', (t) => {
  let fixtures: Fixtures;
  const driver = new CheckoutDriver(t);
  const cod = new CodDriver(t, () => fixtures);

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    await cod.settings({ codEnabled: true });
  });

  async function pdfText(client: TestClient, path: string): Promise<string> {
    const res = await fetch(`${t().baseUrl}${path}`, {
      headers: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` },
    });
    expect(res.status).toBe(200);
    const document = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    return (await extractText(document, { mergePages: true })).text;
  }

  it('says Payment: Cash on delivery and carries the fee as its own line, taxed as the delivery charge, totalling the amount', async () => {
    const kurta = await fixtures.product({ name: 'COD invoice kurta', pricePaise: 74_900 });
    // cotton apparel: 5% a piece under Rs 2,500
    await t().db.updateTable('products').set({ hsn_code: '6211' }).where('id', '=', kurta.id).execute();
    const { client, phone } = await cod.shopper(kurta, 2);
    const offer = (await cod.eligibility(client)).body;
    expect(offer.fee).toBeGreaterThan(0);
    const order = await cod.placed(client);
    expect((await cod.confirm(client, order.orderId, await cod.codeSent(client, phone))).status).toBe(200);
    const [line] = (await client.get<OrdersResponse>('/api/orders')).body;
    if (!line) throw new Error('no line');

    const text = await pdfText(client, line.invoiceUrl);
    expect(text).toContain(COD_PAYMENT_TEXT);
    const table = rows(text);
    const goods = table.get('COD invoice kurta');
    const fee = table.get(COD_FEE_LABEL);
    expect(fee).toEqual({
      hsn: DELIVERY_SAC,
      quantity: 1,
      taxable: printed(Math.round((offer.fee * 100 * 100) / (100 + Number.parseInt(goods?.rate ?? '0', 10)))),
      rate: goods?.rate,
      taxes: expect.any(Array),
      total: printed(offer.fee * 100),
    });
    // the fee's taxable value and its taxes add up to the fee, to the paisa
    const paise = (figure: string) => Math.round(Number(figure.replaceAll(',', '')) * 100);
    expect(paise(fee?.taxable ?? '') + (fee?.taxes ?? []).reduce((sum, tax) => sum + paise(tax), 0)).toBe(
      offer.fee * 100,
    );
    const delivery = table.get('Delivery charge');
    expect(delivery?.total ?? '0.00').toBe(printed(offer.breakdown.delivery * 100));
    expect(goods?.total).toBe(printed(line.paidPaise));
    expect(line.paidPaise + offer.breakdown.delivery * 100 + offer.fee * 100).toBe(order.amount * 100);
    expect(text).toContain(`Total to pay on delivery (tax included): Rs. ${printed(order.amount * 100)}`);
  });

  it('leaves an online order’s invoice as it was: no payment line, no fee', async () => {
    const kurta = await fixtures.product({ name: 'Online invoice kurta', pricePaise: 74_900 });
    const { client } = await driver.shopper(1, kurta);
    const paid = await driver.paid(client);
    expect((await driver.checkOut(client, paid)).status).toBe(200);
    const [line] = (await client.get<OrdersResponse>('/api/orders')).body;
    const text = await pdfText(client, line?.invoiceUrl ?? '');
    expect(text).not.toContain('Cash on delivery');
    expect(text).toContain('Total paid (tax included)');
  });

  it('credits a returned COD line on a credit note that says nothing of cash on delivery', async () => {
    const kurta = await fixtures.product({ name: 'COD credited kurta', pricePaise: 74_900 });
    const { client, phone } = await cod.shopper(kurta);
    const order = await cod.placed(client);
    expect((await cod.confirm(client, order.orderId, await cod.codeSent(client, phone))).status).toBe(200);
    const purchaseId = order.purchaseIds[0] ?? '';
    const staff = new TestClient(t().baseUrl);
    const step = async (path: string, body?: unknown) =>
      expect((await staff.post(`/admin/api/${path}`, body, BEARER)).status).toBe(200);
    await step(`orders/${purchaseId}/ship`, { trackingId: `CN${order.orderId}` });
    await step(`orders/${purchaseId}/deliver`);
    const asked = await client.post('/return', {
      orderID: purchaseId,
      reasonCode: 'too_small',
      refundTo: { upiId: 'credit.note@okicici' },
    });
    expect(asked.status).toBe(200);
    await step(`returns/${purchaseId}`, { accept: true });
    await step(`returns/${purchaseId}/receive`);
    const [line] = (await client.get<OrdersResponse>('/api/orders')).body;
    const text = await pdfText(client, `/api/orders/${purchaseId}/credit-note`);
    expect(text).toContain('Credit Note');
    expect(text).not.toContain('Cash on delivery');
    expect(text).toContain(`Total credited (tax included): Rs. ${printed(line?.paidPaise ?? 0)}`);
  });
});
