import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, expect, it } from 'vitest';
import { indiaMonth } from '../../../contract/india-time.ts';
import type { OrderLine } from '../../../contract/orders.ts';
import type { LedgerLine, PayoutRecorded, SettlementList, Statement } from '../../../contract/settlements.ts';
import { ONLY_THE_OWNER } from '../../../contract/staff.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver, type CouponShare } from '../../test/checkout.ts';
import { BackOfficeClient } from '../../test/contract-client.ts';
import { csvObjects } from '../../test/csv.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { gstinOf } from '../../test/own-shop.ts';
import { rows } from '../../test/pdf-rows.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { RETURN_WINDOW_CLOSED } from '../orders/terms.ts';
import { FIGURES } from './ledger.ts';
import { NOTHING_PAYABLE, UTR_TAKEN } from './service.ts';

const DAY_MS = 24 * 3_600_000;

/** The text of a PDF, as poppler's pdftotext reads it. */
function pdfToText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'haat-statement-')), 'statement.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const rupeesText = (amount: number) =>
  amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describeEachDatabase("sellers' settlements: the ledger of delivered lines, statements and payouts", (t) => {
  const driver = new CheckoutDriver(t);
  let fixtures: Fixtures;
  let admin: BackOfficeClient;
  let n = 0;
  const period = () => indiaMonth(new Date());

  async function seller(legalName: string): Promise<{ id: number; gstin: string }> {
    n += 1;
    const gstin = gstinOf('19', `ABCFS${String(1000 + n + Math.floor(Math.random() * 8000)).slice(-4)}K`);
    const row = await t()
      .db.insertInto('sellers')
      .values({
        name: `${legalName} ${n}-${Math.random().toString(36).slice(2, 7)}`,
        legal_name: legalName,
        city: 'Kolkata',
        gstin,
        address: '4 Loom Lane',
        pincode: '700001',
        state: 'West Bengal',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, gstin };
  }

  async function product(name: string, pricePaise: number, sellerId: number): Promise<FixtureProduct> {
    const made = await fixtures.product({ name, pricePaise, sizes: [['M', 50]] });
    await t()
      .db.updateTable('products')
      .set({ seller_id: sellerId, hsn_code: '620442' })
      .where('id', '=', made.id)
      .execute();
    return made;
  }

  /** A shopper in Kolkata buys one of each product through the real checkout; their lines, newest first. */
  async function buy(products: FixtureProduct[], coupon?: CouponShare) {
    const [first, ...rest] = products;
    if (!first) throw new Error('nothing to buy');
    const { client, customerId } = await driver.shopper(1, first);
    for (const item of rest) await fixtures.bagLine(customerId, item.skus.M ?? 0, 1);
    const paid = await driver.paid(client, false, coupon);
    expect((await driver.checkOut(client, paid)).status).toBe(200);
    const orders = await client.get<OrderLine[]>('/api/orders');
    return { client, lines: orders.body };
  }

  /** Shipped by hand and delivered, through the back office's routes. */
  async function deliver(purchaseId: string): Promise<void> {
    const shipped = await admin.post(`/admin/api/orders/${purchaseId}/ship`, { trackingId: `HAND${n}` });
    expect(shipped.status).toBe(200);
    expect((await admin.post(`/admin/api/orders/${purchaseId}/deliver`)).status).toBe(200);
  }

  async function endWindow(purchaseId: string) {
    const client = await t().client();
    return client.post<{ endedAt?: string; error?: string }>(
      `/api/dev/orders/${purchaseId}/end-return-window`,
    );
  }

  async function statement(sellerId: number): Promise<Statement> {
    const res = await admin.get<Statement>(`/admin/api/settlements/${sellerId}?period=${period()}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  const lineOf = (s: Statement, purchaseId: string): LedgerLine => {
    const line = s.lines.find((l) => l.purchaseId === purchaseId);
    if (!line) throw new Error(`no ledger row for ${purchaseId}`);
    return line;
  };

  const pay = (sellerId: number, utr: string, month = period()) =>
    admin.post<PayoutRecorded & { error?: string; fields?: Record<string, string> }>(
      `/admin/api/settlements/${sellerId}/pay`,
      { period: month, utr },
    );

  let utrs = 0;
  const utr = () => {
    utrs += 1;
    return `HDFCN${Date.now()}${utrs}`.slice(0, 22);
  };

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    admin = new BackOfficeClient(t().baseUrl, TEST_ADMIN_TOKEN);
  });

  it('holds a delivered line until its window closes, then it is payable, then paid; figures from the invoice, half up', async () => {
    const weaver = await seller('Ledger Weavers LLP');
    expect(
      (await admin.put(`/admin/api/sellers/${weaver.id}/commission`, { commissionPercent: 12.5 })).status,
    ).toBe(200);
    const saree = await product('Ledger saree', 104_900, weaver.id);
    const { client, lines } = await buy([saree]);
    const [line] = lines;
    const purchaseId = line?.purchase_id ?? '';
    // nothing delivered yet: no ledger row
    expect((await statement(weaver.id)).lines).toEqual([]);
    await deliver(purchaseId);

    const held = await statement(weaver.id);
    const row = lineOf(held, purchaseId);
    const delivered = Date.parse(row.deliveredAt);
    // the default window, one day from delivery
    expect(row.payableFrom && Date.parse(row.payableFrom) - delivered).toBe(DAY_MS);
    // Rs 1,049 at 5%: taxable 999.05 (99,904.76 paise); commission 12.5% of 1,049 is 131.125 -> 131.13 (half
    // up); its GST 18% 23.6034 -> 23.60; TCS 0.5% of 999.05 is 4.99525 -> 5.00; TDS 0.1% 0.99905 -> 1.00
    expect(row).toMatchObject({
      orderId: line?.orderId,
      productId: saree.id,
      name: 'Ledger saree',
      quantity: 1,
      status: 'held',
      saleValue: 1049,
      taxableValue: 999.05,
      commission: 131.13,
      commissionGst: 23.6,
      tcs: 5,
      tds: 1,
      net: 888.27,
      payoutId: null,
    });
    expect(row.reversal).toBeUndefined();
    // the taxable value is the invoice's, as its PDF prints it
    const invoice = await fetch(`${t().baseUrl}/admin/api/orders/${purchaseId}/invoice`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await invoice.arrayBuffer())), {
      mergePages: true,
    });
    expect(rows(text).get('Ledger saree')?.taxable).toBe(rupeesText(row.taxableValue));
    expect(held.totals).toMatchObject({ net: 888.27, held: 888.27, payable: 0, paid: 0 });
    expect(held.commissionPercent).toBe(12.5);

    // nothing payable yet
    const early = await pay(weaver.id, utr());
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(NOTHING_PAYABLE);

    const ended = await endWindow(purchaseId);
    expect(ended.status).toBe(200);
    const endedAt = ended.body.endedAt ?? '';
    const payable = lineOf(await statement(weaver.id), purchaseId);
    expect(payable).toMatchObject({ status: 'payable', payableFrom: endedAt, deliveredAt: row.deliveredAt });
    // the shopper's line shows the window ended then; a return asked now is refused as after the window
    const mine = (await client.get<OrderLine[]>('/api/orders')).body.find(
      (l) => l.purchase_id === purchaseId,
    );
    expect(mine?.returnableUntil).toBe(endedAt);
    expect(mine?.deliveredAt).toBe(row.deliveredAt);
    const late = await client.post<{ error: string }>('/return', { orderID: purchaseId, reason: 'Too long' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(RETURN_WINDOW_CLOSED);

    const summary = await admin.get<SettlementList>(`/admin/api/settlements?period=${period()}`);
    expect(summary.status).toBe(200);
    expect(summary.body.sellers.find((s) => s.sellerId === weaver.id)).toEqual({
      sellerId: weaver.id,
      name: expect.stringContaining('Ledger Weavers LLP'),
      gstin: weaver.gstin,
      commissionPercent: 12.5,
      lines: 1,
      payable: 888.27,
      held: 0,
      paid: 0,
    });

    const reference = utr();
    const paid = await pay(weaver.id, reference);
    expect(paid.status).toBe(201);
    expect(paid.body).toEqual({
      id: expect.any(Number),
      sellerId: weaver.id,
      period: period(),
      amount: 888.27,
      utr: reference,
      paidAt: expect.any(String),
      lines: 1,
    });
    const after = await statement(weaver.id);
    expect(lineOf(after, purchaseId)).toMatchObject({ status: 'paid', payoutId: paid.body.id });
    expect(after.totals).toMatchObject({ paid: 888.27, payable: 0, held: 0, net: 888.27 });
    expect(after.payouts).toEqual([
      { id: paid.body.id, amount: 888.27, utr: reference, paidAt: paid.body.paidAt, lines: 1 },
    ]);
    // pay again: nothing new is payable; the same UTR again is refused whatever the seller
    const again = await pay(weaver.id, utr());
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(NOTHING_PAYABLE);
    const other = await seller('Other Looms');
    const sameUtr = await pay(other.id, reference);
    expect(sameUtr.status).toBe(409);
    expect(sameUtr.body.error).toBe(UTR_TAKEN);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'settlement.pay')
      .where('subject', '=', `seller:${weaver.id}`)
      .execute();
    expect(audit).toEqual([
      {
        actor: 'admin',
        details: { payoutId: paid.body.id, period: period(), utr: reference, amountPaise: 88_827, lines: 1 },
      },
    ]);
  });

  it('keeps a line returned within its window held, then returned with its reversal, in no total', async () => {
    const weaver = await seller('Return Weavers LLP');
    await admin.put(`/admin/api/sellers/${weaver.id}/commission`, { commissionPercent: 10 });
    const kept = await product('Kept dupatta', 99_900, weaver.id);
    const sent = await product('Sent back dupatta', 79_900, weaver.id);
    // a coupon's saving shared over both lines: each line's sale value is what was paid for it
    const { client, lines } = await buy([kept, sent], { code: 'SETTLE10', savingPaise: 17_980 });
    const keptLine = lines.find((l) => l.name === 'Kept dupatta');
    const sentLine = lines.find((l) => l.name === 'Sent back dupatta');
    const keptId = keptLine?.purchase_id ?? '';
    const sentId = sentLine?.purchase_id ?? '';
    await deliver(keptId);
    await deliver(sentId);
    const asked = await client.post('/return', { orderID: sentId, reason: 'The colour is not as shown' });
    expect(asked.status).toBe(200);
    // its window ends with the return open: still held
    await endWindow(sentId);
    await endWindow(keptId);
    const open = await statement(weaver.id);
    expect(lineOf(open, sentId).status).toBe('held');
    expect(lineOf(open, keptId).status).toBe('payable');
    expect(lineOf(open, sentId).saleValue).toBe((sentLine?.paidPaise ?? 0) / 100);
    expect(lineOf(open, keptId).saleValue).toBe((keptLine?.paidPaise ?? 0) / 100);

    expect((await admin.post(`/admin/api/returns/${sentId}`, { accept: true })).status).toBe(200);
    expect(lineOf(await statement(weaver.id), sentId).status).toBe('held');
    expect((await admin.post(`/admin/api/returns/${sentId}/receive`)).status).toBe(200);

    const s = await statement(weaver.id);
    const returned = lineOf(s, sentId);
    const keptRow = lineOf(s, keptId);
    expect(returned.status).toBe('returned');
    expect(returned.payableFrom).toBeNull();
    expect(returned.reversal).toEqual(Object.fromEntries(FIGURES.map((key) => [key, -returned[key]])));
    // the totals are the kept line's alone
    for (const key of FIGURES) expect(s.totals[key]).toBe(keptRow[key]);
    expect(s.totals).toMatchObject({ payable: keptRow.net, held: 0, paid: 0 });

    const csv = await admin.get<string>(`/admin/api/settlements/${weaver.id}?period=${period()}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records = await csvObjects(csv.body);
    expect(Object.keys(records[0] ?? {})).toEqual([
      'Purchase ID',
      'Product',
      'Quantity',
      'Delivered',
      'Status',
      'Sale value',
      'Taxable value',
      'Commission',
      'GST on commission',
      'TCS',
      'TDS',
      'Net',
    ]);
    const mine = records.filter((r) => r['Purchase ID'] === sentId);
    expect(mine.map((r) => r.Status)).toEqual(['returned', 'reversal']);
    expect(mine[1]?.Net).toBe(`-${returned.net.toFixed(2)}`);
    expect(mine[1]?.['Sale value']).toBe(`-${returned.saleValue.toFixed(2)}`);
    expect(records.find((r) => r['Purchase ID'] === keptId)).toMatchObject({
      Product: 'Kept dupatta',
      Quantity: '1',
      Status: 'payable',
      'Sale value': keptRow.saleValue.toFixed(2),
      'Taxable value': keptRow.taxableValue.toFixed(2),
      Commission: keptRow.commission.toFixed(2),
      'GST on commission': keptRow.commissionGst.toFixed(2),
      TCS: keptRow.tcs.toFixed(2),
      TDS: keptRow.tds.toFixed(2),
      Net: keptRow.net.toFixed(2),
    });

    // paying pays the kept line alone
    const paid = await pay(weaver.id, utr());
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: keptRow.net, lines: 1 });
    expect(lineOf(await statement(weaver.id), sentId).status).toBe('returned');
  });

  it('charges each line the commission in force when it was placed; a later change affects only later lines', async () => {
    const weaver = await seller('Changing Weavers LLP');
    const stole = await product('Commission stole', 100_000, weaver.id);
    await admin.put(`/admin/api/sellers/${weaver.id}/commission`, { commissionPercent: 12.5 });
    const before = (await buy([stole])).lines[0]?.purchase_id ?? '';
    const changed = await admin.put(`/admin/api/sellers/${weaver.id}/commission`, {
      commissionPercent: 7.25,
    });
    expect(changed.body).toEqual({ id: weaver.id, commissionPercent: 7.25 });
    const later = (await buy([stole])).lines[0]?.purchase_id ?? '';
    await deliver(before);
    await deliver(later);
    const s = await statement(weaver.id);
    expect(s.commissionPercent).toBe(7.25);
    expect(lineOf(s, before).commission).toBe(125);
    expect(lineOf(s, later).commission).toBe(72.5);
    const list = await admin.get<{ sellers: { id: number; commissionPercent: number }[] }>(
      '/admin/api/sellers',
    );
    expect(list.body.sellers.find((row) => row.id === weaver.id)?.commissionPercent).toBe(7.25);
  });

  it('pays each row once when two payments for one seller come at once', async () => {
    const weaver = await seller('Race Weavers LLP');
    const items = [
      await product('Race kurta', 59_900, weaver.id),
      await product('Race shawl', 89_900, weaver.id),
    ];
    const { lines } = await buy(items);
    for (const line of lines) {
      await deliver(line.purchase_id);
      await endWindow(line.purchase_id);
    }
    const answers = await Promise.all([pay(weaver.id, utr()), pay(weaver.id, utr())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const won = answers.find((a) => a.status === 201);
    expect(won?.body.lines).toBe(2);
    const s = await statement(weaver.id);
    expect(s.lines.map((l) => l.payoutId)).toEqual([won?.body.id, won?.body.id]);
    expect(s.payouts).toHaveLength(1);
    expect(s.totals.paid).toBe(won?.body.amount);
  });

  it('prints the statement as a PDF: legal name, GSTIN, period, purchase ids, totals and each UTR', async () => {
    // Bengali letters with no vowel sign, which pdftotext reads back in their order
    const legalName = 'কমল Weavers LLP';
    const weaver = await seller(legalName);
    await admin.put(`/admin/api/sellers/${weaver.id}/commission`, { commissionPercent: 5 });
    const items = [
      await product('PDF saree', 149_900, weaver.id),
      await product('PDF stole', 49_900, weaver.id),
    ];
    const { lines } = await buy(items);
    const [first = '', second = ''] = lines.map((l) => l.purchase_id);
    await deliver(first);
    await deliver(second);
    await endWindow(first);
    const reference = utr();
    expect((await pay(weaver.id, reference)).status).toBe(201);
    const s = await statement(weaver.id);

    const res = await fetch(
      `${t().baseUrl}/admin/api/settlements/${weaver.id}?period=${period()}&format=pdf`,
      {
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfToText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(legalName);
    expect(text).toContain(`GSTIN: ${weaver.gstin}`);
    expect(text).toContain(`Period: ${period()}`);
    for (const purchaseId of [first, second]) {
      const net = rupeesText(lineOf(s, purchaseId).net);
      expect(text).toMatch(new RegExp(`${purchaseId}.*${net.replaceAll('.', '\\.')}`));
    }
    expect(text).toContain(`Payable: Rs. ${rupeesText(s.totals.payable)}`);
    expect(text).toContain(`Held: Rs. ${rupeesText(s.totals.held)}`);
    expect(text).toContain(`Paid: Rs. ${rupeesText(s.totals.paid)}`);
    expect(text).toMatch(new RegExp(`Total .*${rupeesText(s.totals.net).replaceAll('.', '\\.')}`));
    expect(text).toContain(`UTR ${reference}: Rs. ${rupeesText(s.totals.paid)}, 1 line,`);
  });

  it('refuses a bad period, format or UTR (400 naming it), an unknown seller (404), staff (403) and visitors (401)', async () => {
    const weaver = await seller('Strict Weavers LLP');
    for (const bad of ['', '2026-13', '26-11', '2026-1', `${Number(period().slice(0, 4)) + 1}-01`]) {
      const summary = await admin.get<{ fields: Record<string, string> }>(
        `/admin/api/settlements?period=${bad}`,
      );
      expect(summary.status).toBe(400);
      expect(Object.keys(summary.body.fields)).toEqual(['period']);
      const one = await admin.get<{ fields: Record<string, string> }>(
        `/admin/api/settlements/${weaver.id}?period=${bad}`,
      );
      expect(one.status).toBe(400);
      expect(Object.keys(one.body.fields)).toEqual(['period']);
      const paying = await pay(weaver.id, utr(), bad);
      expect(paying.status).toBe(400);
      expect(Object.keys(paying.body.fields ?? {})).toEqual(['period']);
    }
    expect((await admin.get<{ fields: object }>('/admin/api/settlements')).body.fields).toHaveProperty(
      'period',
    );
    const format = await admin.get<{ fields: Record<string, string> }>(
      `/admin/api/settlements/${weaver.id}?period=${period()}&format=xlsx`,
    );
    expect(format.status).toBe(400);
    expect(Object.keys(format.body.fields)).toEqual(['format']);
    for (const bad of ['SHORT1234', 'UTR-WITH-DASHES-1', 'A'.repeat(23), '']) {
      const paying = await pay(weaver.id, bad);
      expect(paying.status).toBe(400);
      expect(Object.keys(paying.body.fields ?? {})).toEqual(['utr']);
    }
    expect((await admin.get(`/admin/api/settlements/999999?period=${period()}`)).status).toBe(404);
    expect((await pay(999_999, utr())).status).toBe(404);

    const ravi = await staffPerson(t(), 'staff', 'Ravi Kumar');
    const staff = await staffSignedIn(t(), ravi.phone);
    for (const answer of [
      await staff.get(`/admin/api/settlements?period=${period()}`),
      await staff.get(`/admin/api/settlements/${weaver.id}?period=${period()}`),
      await staff.post(`/admin/api/settlements/${weaver.id}/pay`, { period: period(), utr: utr() }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: ONLY_THE_OWNER });
    }
    const visitor = await t().client();
    expect((await visitor.get(`/admin/api/settlements?period=${period()}`)).status).toBe(401);
  });

  it('ends only a delivered line’s return window: unknown 404, not delivered 409', async () => {
    const weaver = await seller('Window Weavers LLP');
    const { lines } = await buy([await product('Window kurta', 49_900, weaver.id)]);
    const purchaseId = lines[0]?.purchase_id ?? '';
    expect((await endWindow('pur_NOSUCHLINE0000')).status).toBe(404);
    const undelivered = await endWindow(purchaseId);
    expect(undelivered.status).toBe(409);
    expect(undelivered.body.error).toEqual(expect.any(String));
  });
});
