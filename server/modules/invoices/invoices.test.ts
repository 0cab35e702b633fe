import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../../contract/gstin.ts';
import type { OrderLine } from '../../../contract/orders.ts';
import { SESSION_COOKIE } from '../../platform/sessions.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver, type CouponShare } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { rows } from '../../test/pdf-rows.ts';
import { financialYear, printedDate } from './tax.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

interface Seller {
  id: number;
  legalName: string;
  gstin: string;
}

describeEachDatabase('GST tax invoices and credit notes', (t) => {
  let fixtures: Fixtures;
  const driver = new CheckoutDriver(t);
  let bengal: Seller;
  let bengalToo: Seller;
  let rajasthan: Seller;
  let n = 0;

  async function seller(state: string, pincode: string, code: string): Promise<Seller> {
    n += 1;
    const legalName = `Invoice Test Weavers ${n} LLP ${Math.random().toString(36).slice(2, 8)}`;
    const gstin = `${code}ABCFT${String(1000 + n)}K1Z${n}`;
    const row = await t()
      .db.insertInto('sellers')
      .values({
        name: legalName,
        city: 'Town',
        gstin,
        legal_name: legalName,
        address: `${n} Loom Lane`,
        pincode,
        state,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, legalName, gstin };
  }

  async function product(name: string, rupees: number, owner: Seller, hsn: string): Promise<FixtureProduct> {
    const made = await fixtures.product({ name, pricePaise: rupees * 100, sizes: [['M', 50]] });
    await t()
      .db.updateTable('products')
      .set({ seller_id: owner.id, hsn_code: hsn })
      .where('id', '=', made.id)
      .execute();
    return made;
  }

  /**
   * a shopper at `pin` (in `state` when given, else no State saved) who buys [product, units] lines
   * through the real checkout, with a coupon's saving when given; their order lines
   */
  async function buy(
    lines: [FixtureProduct, number][],
    pin = '700001',
    state: string | null = null,
    coupon?: CouponShare,
  ) {
    const [first, ...rest] = lines;
    if (!first) throw new Error('nothing to buy');
    const { client, customerId } = await driver.shopper(first[1], first[0]);
    for (const [item, units] of rest) await fixtures.bagLine(customerId, item.skus.M ?? 0, units);
    const city = pin === '700001' ? 'Kolkata' : 'New Delhi';
    await t()
      .db.updateTable('customers')
      .set({ pin, city, state, fname: 'Priya', lname: 'Sharma' })
      .where('id', '=', customerId)
      .execute();
    const paid = await driver.paid(client, false, coupon);
    expect((await driver.checkOut(client, paid)).status).toBe(200);
    const orders = await client.get<OrderLine[]>('/api/orders');
    return { client, customerId, lines: orders.body };
  }

  /** GET as the shopper (session cookie), the back office (bearer) or a visitor (nothing) */
  async function fetchPdf(path: string, as: TestClient | typeof BEARER | null) {
    const headers: Record<string, string> =
      as === null
        ? {}
        : 'authorization' in as
          ? as
          : { cookie: `${SESSION_COOKIE}=${as.cookie(SESSION_COOKIE)}` };
    const res = await fetch(`${t().baseUrl}${path}`, { headers });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  }

  async function pdfText(path: string, as: TestClient | typeof BEARER): Promise<string> {
    const res = await fetchPdf(path, as);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(res.bytes), { mergePages: true });
    return text;
  }

  const numberIn = (text: string) => /Invoice No\. (HT\d+\/\d\d-\d\d\/\d{5})/.exec(text)?.[1] ?? '';
  const today = () => printedDate(new Date());
  const year = () => financialYear(new Date()).slice(2);

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    bengal = await seller('West Bengal', '700001', '19');
    bengalToo = await seller('West Bengal', '700001', '19');
    rajasthan = await seller('Rajasthan', '302001', '08');
  });

  it('invoices an intra-state order: CGST and SGST in halves, the delivery charge its own line, the total paid', async () => {
    const kurti = await product('Intra Kurti', 349, bengal, '6211');
    const { client, lines } = await buy([[kurti, 1]]);
    const [line] = lines;
    expect(line?.invoiceUrl).toBe(`/api/orders/${line?.purchase_id}/invoice`);
    expect(line?.creditNoteUrl).toBeUndefined();
    const text = await pdfText(line?.invoiceUrl ?? '', client);
    for (const words of [
      'haat',
      'Tax Invoice',
      bengal.legalName,
      `GSTIN: ${bengal.gstin}`,
      'Place of Supply: West Bengal',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain(`Date: ${today()}`);
    // the buyer's name as a person writes it
    expect(text).toContain('BILLED AND SHIPPED TO\nPriya Sharma\n');
    expect(text).not.toContain('Priya,');
    expect(numberIn(text)).toMatch(new RegExp(`^HT${String(bengal.id).padStart(2, '0')}/${year()}/\\d{5}$`));
    const printed = rows(text);
    // Rs 349 at 5%: 332.38 taxable, 16.62 tax as 8.31 + 8.31
    expect(printed.get('Intra Kurti')).toEqual({
      hsn: '6211',
      quantity: 1,
      taxable: '332.38',
      rate: '5%',
      taxes: ['8.31', '8.31'],
      total: '349.00',
    });
    // Rs 50 delivery at the goods' highest rate, 5%: 47.62 + 1.19 + 1.19
    expect(printed.get('Delivery charge')).toEqual({
      hsn: '9968',
      quantity: 1,
      taxable: '47.62',
      rate: '5%',
      taxes: ['1.19', '1.19'],
      total: '50.00',
    });
    expect(text).toContain('Total 380.00 9.50 9.50 399.00');
    expect(text).toContain('Total paid (tax included): Rs. 399.00');
    expect(text).not.toContain('IGST');
  });

  it('invoices an inter-state order with IGST alone', async () => {
    const kurti = await product('Inter Kurti', 1299, rajasthan, '6211');
    const { client, lines } = await buy([[kurti, 2]]);
    const text = await pdfText(lines[0]?.invoiceUrl ?? '', client);
    expect(text).toContain('Place of Supply: West Bengal');
    expect(text).toContain('State: Rajasthan');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    // 2 x Rs 1,299 at 5%: 2,474.29 taxable and 123.71 IGST; no delivery charge above Rs 500
    expect(rows(text).get('Inter Kurti')).toEqual({
      hsn: '6211',
      quantity: 2,
      taxable: '2,474.29',
      rate: '5%',
      taxes: ['123.71'],
      total: '2,598.00',
    });
    expect(rows(text).has('Delivery charge')).toBe(false);
    expect(text).toContain('Total paid (tax included): Rs. 2,598.00');
  });

  it("takes the place of supply from the address's State, even where the pincode's is another (decision 035)", async () => {
    const kurti = await product('Chosen State Kurti', 1299, rajasthan, '6211');
    const { client, lines } = await buy([[kurti, 1]], '700001', 'Rajasthan');
    const text = await pdfText(lines[0]?.invoiceUrl ?? '', client);
    expect(text).toContain('Place of Supply: Rajasthan');
    expect(text).toContain('CGST');
    expect(text).not.toContain('IGST');
  });

  it('taxes each line at its own rate: a piece under Rs 2,500 at 5%, one over at 18%', async () => {
    const kurti = await product('Mixed Kurti', 1299, bengal, '6211');
    const lehenga = await product('Mixed Lehenga', 3499, bengal, '6204');
    const { client, lines } = await buy([
      [kurti, 1],
      [lehenga, 1],
    ]);
    expect(new Set(lines.map((l) => l.invoiceUrl)).size).toBe(2);
    const text = await pdfText(lines[0]?.invoiceUrl ?? '', client);
    const printed = rows(text);
    expect(printed.get('Mixed Kurti')).toEqual({
      hsn: '6211',
      quantity: 1,
      taxable: '1,237.14',
      rate: '5%',
      taxes: ['30.93', '30.93'],
      total: '1,299.00',
    });
    expect(printed.get('Mixed Lehenga')).toEqual({
      hsn: '6204',
      quantity: 1,
      taxable: '2,965.25',
      rate: '18%',
      taxes: ['266.88', '266.87'],
      total: '3,499.00',
    });
    expect(text).toContain('Total 4,202.39 297.81 297.80 4,798.00');
    // both lines are on the one invoice of their one seller
    expect(numberIn(await pdfText(lines[1]?.invoiceUrl ?? '', client))).toBe(numberIn(text));
  });

  describe('a discounted order (a coupon)', () => {
    let kurta: FixtureProduct;
    let dupatta: FixtureProduct;
    let bought: Awaited<ReturnType<typeof buy>>;
    const line = (name: string) => bought.lines.find((l) => l.name === name);
    // sold at Rs 2,399 after the coupon: a piece is in the 5% slab; 2,284.76 taxable, 114.24 tax
    const kurtaRow = {
      hsn: '6211',
      quantity: 1,
      gross: '2,799.00',
      discount: '400.00',
      taxable: '2,284.76',
      rate: '5%',
      taxes: ['57.12', '57.12'],
      total: '2,399.00',
    };

    beforeAll(async () => {
      // Rs 2,799 is over the Rs 2,625 a piece of the 5% slab: 18% at its price
      kurta = await product('Coupon Kurta', 2799, bengal, '6211');
      dupatta = await product('Full Dupatta', 799, bengal, '6214');
      bought = await buy(
        [
          [kurta, 1],
          [dupatta, 1],
        ],
        '700001',
        null,
        { code: 'KURTA400', savingPaise: 40_000, skuIds: [kurta.skus.M ?? 0] },
      );
    });

    it('shows the discount per line, works the taxable value back from what was paid, and adds up to it', async () => {
      expect(line('Coupon Kurta')).toMatchObject({ paidPaise: 239_900, couponCode: 'KURTA400' });
      expect(line('Full Dupatta')).toMatchObject({ paidPaise: 79_900, couponCode: null });
      const text = await pdfText(line('Coupon Kurta')?.invoiceUrl ?? '', bought.client);
      const printed = rows(text);
      expect(printed.get('Coupon Kurta')).toEqual(kurtaRow);
      expect(printed.get('Full Dupatta')).toEqual({
        hsn: '6214',
        quantity: 1,
        gross: '799.00',
        discount: '0.00',
        taxable: '760.95',
        rate: '5%',
        taxes: ['19.03', '19.02'],
        total: '799.00',
      });
      // no delivery charge above Rs 500: the totals are the goods', and what was paid
      expect([...printed.keys()]).toEqual(['Coupon Kurta', 'Full Dupatta']);
      expect(text).toContain('Total 3,598.00 400.00 3,045.71 76.15 76.14 3,198.00');
      expect(text).toContain('Total paid (tax included): Rs. 3,198.00');
      expect(text).toContain('coupon KURTA400');
      const captured = await t()
        .db.selectFrom('payments')
        .innerJoin('orders', 'orders.payment_id', 'payments.id')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .select('payments.amount_paise')
        .where('order_lines.purchase_id', '=', line('Coupon Kurta')?.purchase_id ?? '')
        .executeTakeFirstOrThrow();
      expect(captured.amount_paise).toBe(319_800);
    });

    it('credits a cancelled discounted line what was paid for it, with its discount, at the invoiced slab', async () => {
      const kurtaLine = line('Coupon Kurta');
      const cancelled = await bought.client.post('/cancel', { orderID: kurtaLine?.purchase_id });
      expect(cancelled.status).toBe(200);
      const text = await pdfText(`/api/orders/${kurtaLine?.purchase_id}/credit-note`, bought.client);
      expect(text).toContain('Credit Note');
      expect(rows(text).get('Coupon Kurta')).toEqual(kurtaRow);
      expect(text).toContain('Total credited (tax included): Rs. 2,399.00');
    });
  });

  it('gives an order from two sellers one invoice each, the delivery charge on the first, adding up to what was paid', async () => {
    const stole = await product('Split Stole', 199, bengal, '6214');
    const bag = await product('Split Bag', 149, bengalToo, '4202');
    const { client, lines } = await buy([
      [stole, 1],
      [bag, 1],
    ]);
    const texts = new Map<string, string>();
    for (const line of lines) texts.set(line.name, await pdfText(line.invoiceUrl, client));
    const stoleText = texts.get('Split Stole') ?? '';
    const bagText = texts.get('Split Bag') ?? '';
    expect(stoleText).toContain(bengal.legalName);
    expect(bagText).toContain(bengalToo.legalName);
    expect(numberIn(stoleText)).not.toBe(numberIn(bagText));
    // the stole's line came first: its invoice carries the Rs 50 delivery at its 5%; the bag's at 18%
    expect(rows(stoleText).get('Delivery charge')?.total).toBe('50.00');
    expect(rows(bagText).has('Delivery charge')).toBe(false);
    expect(rows(bagText).get('Split Bag')).toMatchObject({
      rate: '18%',
      taxable: '126.27',
      taxes: ['11.37', '11.36'],
    });
    expect(stoleText).toContain('Rs. 249.00');
    expect(bagText).toContain('Rs. 149.00');
  });

  it('numbers each seller’s invoices +1 with no gap, a series per seller and financial year', async () => {
    const solo = await seller('West Bengal', '700001', '19');
    const top = await product('Numbered Top', 999, solo, '6206');
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { client, lines } = await buy([[top, 1]]);
      numbers.push(numberIn(await pdfText(lines[0]?.invoiceUrl ?? '', client)));
    }
    const prefix = `HT${String(solo.id).padStart(2, '0')}/${year()}/`;
    expect(numbers).toEqual([`${prefix}00001`, `${prefix}00002`, `${prefix}00003`]);

    // an order of an earlier financial year (placed before invoices existed) starts that year's series
    const customerId = await fixtures.customer();
    const lastYear = new Date(Date.now() - 400 * 86_400_000);
    const old = await fixtures.order(customerId, [{ product: top }], { placedAt: lastYear });
    const text = await pdfText(`/api/orders/${old.purchaseIds[0]}/invoice`, BEARER);
    expect(numberIn(text)).toBe(
      `HT${String(solo.id).padStart(2, '0')}/${financialYear(lastYear).slice(2)}/00001`,
    );
    expect(text).toContain(`Date: ${printedDate(lastYear)}`);
    // the number, once given, stays
    expect(numberIn(await pdfText(`/api/orders/${old.purchaseIds[0]}/invoice`, BEARER))).toBe(numberIn(text));
    const next = await buy([[top, 1]]);
    expect(numberIn(await pdfText(next.lines[0]?.invoiceUrl ?? '', next.client))).toBe(`${prefix}00004`);
  });

  it('credits a refunded line on a credit note against its invoice, numbered in its own series', async () => {
    const kurti = await product('Refund Kurti', 1299, bengal, '6211');
    const dupatta = await product('Kept Dupatta', 799, bengal, '6214');
    const { client, lines } = await buy([
      [kurti, 1],
      [dupatta, 1],
    ]);
    const cancelled = lines.find((l) => l.name === 'Refund Kurti');
    const kept = lines.find((l) => l.name === 'Kept Dupatta');
    const invoiceNumber = numberIn(await pdfText(cancelled?.invoiceUrl ?? '', client));
    expect((await client.post('/cancel', { orderID: cancelled?.purchase_id })).status).toBe(200);

    const after = (await client.get<OrderLine[]>('/api/orders')).body;
    const refunded = after.find((l) => l.purchase_id === cancelled?.purchase_id);
    expect(refunded?.creditNoteUrl).toBe(`/api/orders/${cancelled?.purchase_id}/credit-note`);
    expect(after.find((l) => l.purchase_id === kept?.purchase_id)?.creditNoteUrl).toBeUndefined();

    const text = await pdfText(refunded?.creditNoteUrl ?? '', client);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`against Invoice No. ${invoiceNumber}`);
    expect(text).toMatch(
      new RegExp(`Credit Note No\\. CN${String(bengal.id).padStart(2, '0')}/${year()}/\\d{5}`),
    );
    expect(text).toContain(`Date: ${today()}`);
    const printed = rows(text);
    expect([...printed.keys()]).toEqual(['Refund Kurti']);
    expect(printed.get('Refund Kurti')).toEqual({
      hsn: '6211',
      quantity: 1,
      taxable: '1,237.14',
      rate: '5%',
      taxes: ['30.93', '30.93'],
      total: '1,299.00',
    });
    expect(text).toContain('Total credited (tax included): Rs. 1,299.00');
    expect((await fetchPdf(`/api/orders/${kept?.purchase_id}/credit-note`, client)).status).toBe(404);
    // the back office reads the same note
    expect(await pdfText(`/admin/api/orders/${cancelled?.purchase_id}/credit-note`, BEARER)).toBe(text);
  });

  it("prints the seller's whole address and GSTIN as they were when issued: a later edit changes no issued invoice", async () => {
    const pan = 'AAJFR4455M';
    const first14 = `19${pan}1Z`;
    const sent = {
      name: `Frozen Looms ${Math.random().toString(36).slice(2, 8)}`,
      legalName: 'Frozen Looms Private Limited',
      address: { line1: '9 Lenin Sarani', line2: 'Block C, third floor', city: 'Kolkata', pincode: '700001' },
      gstin: `${first14}${gstinCheckCharacter(first14)}`,
      pan,
      phone: '9830055555',
      email: 'gst@frozenlooms.example',
    };
    const admin = await t().client();
    const created = await admin.post<{ id: number }>('/admin/api/sellers', sent, BEARER);
    expect(created.status).toBe(201);
    const frozen = { id: created.body.id, legalName: sent.legalName, gstin: sent.gstin };
    const saree = await product('Frozen Saree', 1899, frozen, '5208');
    const { client, lines } = await buy([[saree, 1]]);
    const url = lines[0]?.invoiceUrl ?? '';
    const before = await pdfText(url, client);
    for (const words of [
      'Frozen Looms Private Limited',
      '9 Lenin Sarani',
      'Block C, third floor',
      'Kolkata, West Bengal, 700001',
      `GSTIN: ${sent.gstin}`,
      'State: West Bengal',
    ]) {
      expect(before).toContain(words);
    }

    const moved = `08${pan}1Z`;
    const edited = await admin.put(
      `/admin/api/sellers/${frozen.id}`,
      {
        ...sent,
        legalName: 'Frozen Looms Jaipur LLP',
        address: { line1: '1 MI Road', city: 'Jaipur', pincode: '302001' },
        gstin: `${moved}${gstinCheckCharacter(moved)}`,
      },
      BEARER,
    );
    expect(edited.status).toBe(200);
    const after = await pdfText(url, client);
    expect(after).toBe(before);
    expect(after).not.toContain('Jaipur');
    // the next order's invoice names the seller as it is now
    const next = await buy([[saree, 1]]);
    const now = await pdfText(next.lines[0]?.invoiceUrl ?? '', next.client);
    expect(now).toContain('Frozen Looms Jaipur LLP');
    expect(now).toContain('Jaipur, Rajasthan, 302001');
  });

  describe('kept once rendered, and bounded per shopper', () => {
    const keptPdf = async (table: 'invoices' | 'credit_notes', number: string) => {
      const row = await t()
        .db.selectFrom(table)
        .select('pdf')
        .where('number', '=', number)
        .executeTakeFirst();
      return row?.pdf ? new Uint8Array(row.pdf) : undefined;
    };

    it('renders an invoice once and answers the kept file, byte for byte; a credit note is kept apart', async () => {
      const kurti = await product('Kept Kurti', 1099, bengal, '6211');
      const dupatta = await product('Kept Stole', 699, bengal, '6214');
      const { client, lines } = await buy([
        [kurti, 1],
        [dupatta, 1],
      ]);
      const line = lines.find((l) => l.name === 'Kept Kurti');
      const invoiceUrl = line?.invoiceUrl ?? '';
      const first = await fetchPdf(invoiceUrl, client);
      const number = numberIn(await pdfText(invoiceUrl, client));
      expect(number).not.toBe('');
      const kept = await keptPdf('invoices', number);
      expect(kept).toEqual(first.bytes);
      // the back office's copy and the other line's (on the same invoice) are that very file
      expect((await fetchPdf(`/admin/api/orders/${line?.purchase_id}/invoice`, BEARER)).bytes).toEqual(kept);
      const other = lines.find((l) => l.name === 'Kept Stole');
      expect((await fetchPdf(other?.invoiceUrl ?? '', client)).bytes).toEqual(kept);
      // what is answered is the kept file, not a new rendering of the document (put back after: a credit
      // note is made from it)
      const issued = await t()
        .db.selectFrom('invoices')
        .select('document')
        .where('number', '=', number)
        .executeTakeFirstOrThrow();
      // (by hand: the schema lets no code change an issued document)
      const setDocument = (document: unknown) =>
        sql`UPDATE invoices SET document = ${JSON.stringify(document)}::jsonb WHERE number = ${number}`.execute(
          t().db,
        );
      await setDocument({ kind: 'invoice', changed: true });
      const again = await fetchPdf(invoiceUrl, client);
      await setDocument(issued.document);
      expect(again.status).toBe(200);
      expect(again.bytes).toEqual(kept);

      expect((await client.post('/cancel', { orderID: line?.purchase_id })).status).toBe(200);
      const noteUrl = `/api/orders/${line?.purchase_id}/credit-note`;
      const note = await fetchPdf(noteUrl, client);
      const text = await pdfText(noteUrl, client);
      expect(text).toContain(`against Invoice No. ${number}`);
      expect(text).toContain('Total credited (tax included): Rs. 1,099.00');
      const noteNumber = /Credit Note No\. (CN\S+)/.exec(text)?.[1] ?? '';
      expect(await keptPdf('credit_notes', noteNumber)).toEqual(note.bytes);
      expect(note.bytes).not.toEqual(kept);
      expect(await keptPdf('invoices', number)).toEqual(kept);
    });

    it('answers a shopper 30 PDFs an hour, invoices and credit notes together, then 429 with Retry-After', async () => {
      const top = await product('Limited Top', 499, bengal, '6206');
      const { client, lines } = await buy([[top, 2]]);
      const purchaseId = lines[0]?.purchase_id ?? '';
      // a credit note that is not there is no PDF answered: it counts nothing
      expect((await fetchPdf(`/api/orders/${purchaseId}/credit-note`, client)).status).toBe(404);
      expect((await client.post('/cancel', { orderID: purchaseId })).status).toBe(200);
      const urls = Array.from({ length: 40 }, (_, i) =>
        i % 3 === 0 ? `/api/orders/${purchaseId}/credit-note` : `/api/orders/${purchaseId}/invoice`,
      );
      // all at once: counted with their check, so none slips past the limit
      const answers = await Promise.all(urls.map((url) => fetchPdf(url, client)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(10);

      const refused = await fetch(`${t().baseUrl}/api/orders/${purchaseId}/invoice`, {
        headers: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` },
      });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await refused.json()).toEqual({ error: expect.any(String), retryAfter });

      // another shopper, and the back office on either path, are not held back
      const other = await buy([[top, 1]]);
      expect((await fetchPdf(other.lines[0]?.invoiceUrl ?? '', other.client)).status).toBe(200);
      for (const path of [`/api/orders/${purchaseId}/invoice`, `/admin/api/orders/${purchaseId}/credit-note`])
        expect((await fetchPdf(path, BEARER)).status).toBe(200);
    });
  });

  describe('who may read them', () => {
    let purchaseId: string;
    let owner: TestClient;

    beforeAll(async () => {
      const top = await product('Private Top', 599, bengal, '6206');
      const bought = await buy([[top, 1]]);
      owner = bought.client;
      purchaseId = bought.lines[0]?.purchase_id ?? '';
    });

    it('answers the owner and the back office, on the shop’s path and the back office’s', async () => {
      const fromOwner = await pdfText(`/api/orders/${purchaseId}/invoice`, owner);
      expect(await pdfText(`/api/orders/${purchaseId}/invoice`, BEARER)).toBe(fromOwner);
      expect(await pdfText(`/admin/api/orders/${purchaseId}/invoice`, BEARER)).toBe(fromOwner);
    });

    it('answers 403 to a visitor, 404 to another shopper and for an unknown id, 401 to a wrong token', async () => {
      for (const document of ['invoice', 'credit-note']) {
        expect((await fetchPdf(`/api/orders/${purchaseId}/${document}`, null)).status).toBe(403);
        const stranger = await driver.shopper(0, await product('Other', 100, bengal, '6206'));
        expect((await fetchPdf(`/api/orders/${purchaseId}/${document}`, stranger.client)).status).toBe(404);
        expect((await fetchPdf(`/api/orders/pur_unknown/${document}`, owner)).status).toBe(404);
        expect((await fetchPdf(`/api/orders/pur_unknown/${document}`, BEARER)).status).toBe(404);
        expect(
          (await fetchPdf(`/api/orders/${purchaseId}/${document}`, { authorization: 'Bearer wrong' })).status,
        ).toBe(401);
        expect((await fetchPdf(`/admin/api/orders/${purchaseId}/${document}`, null)).status).toBe(401);
      }
      const error = await fetch(`${t().baseUrl}/api/orders/${purchaseId}/invoice`);
      expect(await error.json()).toEqual({ error: expect.any(String) });
    });
  });
});
