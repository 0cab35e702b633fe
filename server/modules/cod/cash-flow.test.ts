import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import {
  COD_ACCOUNT_MESSAGE,
  type DevCourierBooking,
  type OutstandingResponse,
  type RemittanceReport,
} from '../../../contract/cod.ts';
import { formatRupees } from '../../../contract/money.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { BEARER, CodShop, type CodShopper, SHIPROCKET_ENV } from '../../test/cod-cash.ts';
import type { FixtureProduct } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { messagesTo, refundsOf, stockOf } from '../../test/rows.ts';
import { MISMATCH } from './cash-remittances.ts';

/** The text of a PDF, as poppler's pdftotext reads it. */
function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'haat-cod-label-')), 'label.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const HEADER = 'awb,amount,date,reference';

describeEachDatabase(
  'cash on delivery: booked as COD, collected at the door, remitted and reconciled, or refused',
  (t) => {
    const shop = new CodShop(t);
    let kurta: FixtureProduct;
    let dupatta: FixtureProduct;
    beforeAll(async () => {
      await shop.settings({ codRtoLimit: 2 });
      kurta = await shop.product(99_900, 'Cash kurta');
      dupatta = await shop.product(45_000, 'Cash dupatta');
    });

    const booking = async (awb: string) => {
      const res = await new TestClient(t().baseUrl).get<DevCourierBooking>(`/api/dev/courier/${awb}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    const label = async (purchaseId: string) => {
      const res = await fetch(`${t().baseUrl}/admin/api/orders/${purchaseId}/label`, { headers: BEARER });
      expect(res.status).toBe(200);
      return pdfText(new Uint8Array(await res.arrayBuffer()));
    };
    const cod = async (shopper: CodShopper, purchaseId: string) => (await shop.line(shopper, purchaseId)).cod;
    const outstanding = async () =>
      (await shop.staff().get<OutstandingResponse>('/admin/api/cod/outstanding', BEARER)).body;
    const sent = async (shopper: CodShopper, template: string) =>
      (await messagesTo(t().db, shopper.customerId)).filter((m) => m.template === template);

    it('books a COD line as COD for the whole amount, which its label says; a prepaid line says Prepaid', async () => {
      const shopper = await shop.shopper();
      const order = await shop.order(shopper, [kurta]);
      const [purchaseId = ''] = order.purchaseIds;
      const awb = await shop.ship(purchaseId);
      expect(await booking(awb)).toEqual({
        awb,
        status: 'AWB ASSIGNED',
        payment_method: 'COD',
        sub_total: order.amount,
      });
      expect(await label(purchaseId)).toContain(`COD ${formatRupees(order.amount)}`);

      const online = await shop.fixtures.order(shopper.customerId, [{ product: dupatta, quantity: 1 }]);
      const [onlineLine = ''] = online.purchaseIds;
      const onlineAwb = await shop.ship(onlineLine);
      expect(await booking(onlineAwb)).toMatchObject({ payment_method: 'Prepaid', sub_total: 450 });
      const text = await label(onlineLine);
      expect(text).toContain('Prepaid');
      expect(text).not.toContain('COD');
      const unknown = await new TestClient(t().baseUrl).get('/api/dev/courier/NO-SUCH-AWB');
      expect(unknown.status).toBe(404);
    });

    it("puts the order's delivery charge and COD fee on the first of its lines to ship", async () => {
      const shopper = await shop.shopper({ fname: 'Ananya', lname: 'Iyer' });
      const order = await shop.order(shopper, [kurta, dupatta]);
      const lines = await Promise.all(order.purchaseIds.map((id) => shop.line(shopper, id)));
      const paid = lines.map((line) => line.paidPaise);
      const charges = order.amount * 100 - paid.reduce((sum, p) => sum + p, 0);
      expect(charges).toBeGreaterThan(0);
      // the second line ships first: it collects the charges, the other only what it paid
      const [first = '', second = ''] = order.purchaseIds;
      const secondAwb = await shop.ship(second);
      const firstAwb = await shop.ship(first);
      expect((await booking(secondAwb)).sub_total * 100).toBe((paid[1] ?? 0) + charges);
      expect((await booking(firstAwb)).sub_total * 100).toBe(paid[0]);
      expect(await label(second)).toContain(`COD ${formatRupees(((paid[1] ?? 0) + charges) / 100)}`);
      expect(await cod(shopper, second)).toMatchObject({ collectPaise: (paid[1] ?? 0) + charges });
      expect(await cod(shopper, first)).toMatchObject({ collectPaise: paid[0] });

      // shipped by hand, the second line again first: the same
      const byHand = await shop.order(shopper, [kurta, dupatta]);
      const [handFirst = '', handSecond = ''] = byHand.purchaseIds;
      const staff = shop.staff();
      for (const [purchaseId, trackingId] of [
        [handSecond, 'HAND-2'],
        [handFirst, 'HAND-1'],
      ]) {
        const shipped = await staff.post(`/admin/api/orders/${purchaseId}/ship`, { trackingId }, BEARER);
        expect(shipped.status).toBe(200);
      }
      expect(await cod(shopper, handSecond)).toMatchObject({ collectPaise: (paid[1] ?? 0) + charges });
      expect(await cod(shopper, handFirst)).toMatchObject({ collectPaise: paid[0] });
    });

    it('delivered: the cash is due, the shopper told the cash to keep ready and then that it was collected', async () => {
      const shopper = await shop.shopper({ fname: 'Kavya', lname: 'Menon' });
      const order = await shop.order(shopper, [kurta]);
      const [purchaseId = ''] = order.purchaseIds;
      const awb = await shop.ship(purchaseId);
      await shop.courier(awb, 'OUT FOR DELIVERY');
      await shop.courier(awb, 'UNDELIVERED');
      await shop.courier(awb, 'OUT FOR DELIVERY');
      const rupees = order.amount.toLocaleString('en-IN');
      const outForDelivery = await sent(shopper, 'cod_out_for_delivery');
      expect(await cod(shopper, purchaseId)).toMatchObject({ state: 'to_collect' });
      expect(outForDelivery.map((m) => m.text)).toEqual([
        expect.stringContaining(`out for delivery today. Please keep Rs ${rupees} ready to pay in cash.`),
      ]);
      await shop.courier(awb, 'DELIVERED');
      const line = await shop.line(shopper, purchaseId);
      expect(line.status).toBe('delivered');
      expect(line.cod).toMatchObject({ state: 'cash_due', collectPaise: order.amount * 100 });
      expect(line.timeline.map((step) => step.event)).toContain('cash_collected');
      expect((await sent(shopper, 'cod_cash_collected')).map((m) => m.text)).toEqual([
        expect.stringContaining(`Rs ${rupees} paid in cash for your`),
      ]);

      // the back office's Deliver, for a line shipped by hand, does the same
      const byHand = await shop.order(shopper, [dupatta]);
      const [handLine = ''] = byHand.purchaseIds;
      const staff = shop.staff();
      const shipped = await staff.post(
        `/admin/api/orders/${handLine}/ship`,
        { trackingId: 'HAND-77' },
        BEARER,
      );
      expect(shipped.status).toBe(200);
      expect((await staff.post(`/admin/api/orders/${handLine}/deliver`, {}, BEARER)).status).toBe(200);
      expect(await cod(shopper, handLine)).toMatchObject({
        state: 'cash_due',
        collectPaise: byHand.amount * 100,
      });
      expect(await sent(shopper, 'cod_cash_collected')).toHaveLength(2);

      const { orders, totalPaise } = await outstanding();
      expect(totalPaise).toBe(orders.reduce((sum, o) => sum + o.amountPaise, 0));
      const mine = orders.filter((o) => o.orderId === order.orderId || o.orderId === byHand.orderId);
      expect(mine).toEqual([
        {
          orderId: order.orderId,
          customer: { name: 'Kavya Menon', phone: shopper.phone },
          deliveredAt: expect.any(String),
          amountPaise: order.amount * 100,
          lines: [{ purchaseId, awb, amountPaise: order.amount * 100, courier: 'Haat Fake Surface' }],
        },
        {
          orderId: byHand.orderId,
          customer: { name: 'Kavya Menon', phone: shopper.phone },
          deliveredAt: expect.any(String),
          amountPaise: byHand.amount * 100,
          lines: [
            {
              purchaseId: handLine,
              awb: 'HAND-77',
              amountPaise: byHand.amount * 100,
              courier: 'Fixture Couriers',
            },
          ],
        },
      ]);
      const delivered = orders.map((o) => o.deliveredAt);
      expect(delivered).toEqual([...delivered].sort());
    });

    it('reconciles a remittance file with one mismatch: a dry run, apply, and apply again changing nothing', async () => {
      const shopper = await shop.shopper({ fname: 'রবি', lname: 'দাস' });
      const paidRight = await shop.order(shopper, [kurta]);
      const paidShort = await shop.order(shopper, [dupatta]);
      const [rightLine = ''] = paidRight.purchaseIds;
      const [shortLine = ''] = paidShort.purchaseIds;
      const rightAwb = (await shop.delivered(paidRight)).get(rightLine) ?? '';
      const shortAwb = (await shop.delivered(paidShort)).get(shortLine) ?? '';
      const csv = [
        HEADER,
        `${rightAwb},${paidRight.amount}.00,2026-12-05,UTR0001`,
        `${shortAwb},${paidShort.amount - 10},2026-12-05,UTR0001`,
        'NOT-OURS-1,500,2026-12-05,UTR0001',
      ].join('\n');
      const mismatched = [
        {
          awb: shortAwb,
          purchaseId: shortLine,
          expectedPaise: paidShort.amount * 100,
          remittedPaise: (paidShort.amount - 10) * 100,
          reason: MISMATCH.amount(paidShort.amount * 100),
        },
        {
          awb: 'NOT-OURS-1',
          purchaseId: null,
          expectedPaise: null,
          remittedPaise: 50_000,
          reason: MISMATCH.unknown,
        },
      ];
      const matched = [{ awb: rightAwb, purchaseId: rightLine, amountPaise: paidRight.amount * 100 }];
      expect(mismatched[0]?.reason).toBe(`The amount is not the ${formatRupees(paidShort.amount)} due`);

      const dry = await shop.remit(csv, 'dry-run');
      expect(dry.status).toBe(200);
      expect(dry.body).toEqual({ rows: 3, matched, mismatched, errors: [], applied: false });
      const remitted = () =>
        t()
          .db.selectFrom('cod_remittances')
          .innerJoin('order_lines', 'order_lines.id', 'cod_remittances.order_line_id')
          .select(['order_lines.purchase_id', 'amount_paise', 'remitted_on', 'reference', 'applied_by'])
          .where('order_lines.purchase_id', 'in', [rightLine, shortLine])
          .execute();
      expect(await remitted()).toEqual([]);
      expect(await cod(shopper, rightLine)).toMatchObject({ state: 'cash_due' });

      const applied = await shop.remit(csv, 'apply');
      expect(applied.status).toBe(200);
      expect(applied.body).toEqual({ rows: 3, matched, mismatched, errors: [], applied: true });
      const kept = await remitted();
      expect(await cod(shopper, rightLine)).toMatchObject({ state: 'cash_received' });
      expect(await cod(shopper, shortLine)).toMatchObject({ state: 'cash_due' });
      expect(kept).toEqual([
        {
          purchase_id: rightLine,
          amount_paise: paidRight.amount * 100,
          remitted_on: expect.anything(),
          reference: 'UTR0001',
          applied_by: 'admin',
        },
      ]);
      expect(new Date(kept[0]?.remitted_on ?? 0).toISOString().slice(0, 10)).toBe('2026-12-05');
      const line = await shop.line(shopper, rightLine);
      expect(line.timeline.map((step) => step.event)).toContain('cash_received');
      expect((await sent(shopper, 'cod_cash_received')).map((m) => m.text)).toEqual([
        expect.stringContaining(`The Rs ${paidRight.amount.toLocaleString('en-IN')} you paid in cash`),
      ]);
      const due = (await outstanding()).orders.map((o) => o.orderId);
      expect(due).toContain(paidShort.orderId);
      expect(due).not.toContain(paidRight.orderId);

      const again = await shop.remit(csv, 'apply');
      expect(again.body).toEqual({
        rows: 3,
        matched: [],
        mismatched: [
          {
            awb: rightAwb,
            purchaseId: rightLine,
            expectedPaise: paidRight.amount * 100,
            remittedPaise: paidRight.amount * 100,
            reason: MISMATCH.received,
          },
          ...mismatched,
        ],
        errors: [],
        applied: true,
      });
      expect(await remitted()).toEqual(kept);
      expect(await sent(shopper, 'cod_cash_received')).toHaveLength(1);

      // a line not delivered yet is listed, not received
      const onTheWay = await shop.order(shopper, [kurta]);
      const [wayLine = ''] = onTheWay.purchaseIds;
      const wayAwb = await shop.ship(wayLine);
      const early = await shop.remit(`${HEADER}\n${wayAwb},${onTheWay.amount},2026-12-05,UTR0002\n`, 'apply');
      expect((early.body as RemittanceReport).mismatched).toEqual([
        expect.objectContaining({ awb: wayAwb, purchaseId: wayLine, reason: MISMATCH.notDelivered }),
      ]);
    });

    it('a parcel refused at the door: returned to origin, its unit back once, nothing refunded, counted once', async () => {
      const shopper = await shop.shopper({ fname: 'Vikram', lname: 'Rao' });
      const skuId = kurta.skus.M;
      const emptyBag = () =>
        t().db.deleteFrom('cart_lines').where('customer_id', '=', shopper.customerId).execute();
      const refusedOnce = async () => {
        await emptyBag();
        const order = await shop.order(shopper, [kurta]);
        const [purchaseId = ''] = order.purchaseIds;
        const awb = await shop.ship(purchaseId);
        const stock = await stockOf(t().db, skuId);
        await shop.courier(awb, 'RTO INITIATED');
        await shop.courier(awb, 'RTO INITIATED');
        const refusedAt = await refusal(purchaseId);
        expect(refusedAt).not.toBeNull();
        await shop.courier(awb, 'RTO DELIVERED');
        await shop.courier(awb, 'RTO DELIVERED');
        expect(await refusal(purchaseId)).toEqual(refusedAt);
        expect(await stockOf(t().db, skuId)).toBe(stock + 1);
        expect(await refundsOf(t().db, purchaseId)).toEqual([]);
        const line = await shop.line(shopper, purchaseId);
        expect(line.status).toBe('returned_to_origin');
        expect(line.cod).toMatchObject({ state: 'not_collected' });
        const listed = await shop.remit(`${HEADER}\n${awb},${order.amount},2026-12-05,UTR9\n`, 'dry-run');
        expect((listed.body as RemittanceReport).mismatched[0]?.reason).toBe(MISMATCH.notCollected);
      };
      const refusal = async (purchaseId: string) =>
        (
          await t()
            .db.selectFrom('order_lines')
            .select('cod_refused_at')
            .where('purchase_id', '=', purchaseId)
            .executeTakeFirstOrThrow()
        ).cod_refused_at;

      await refusedOnce();
      await shop.fixtures.bagLine(shopper.customerId, dupatta.skus.M ?? 0, 1);
      expect((await shop.eligibility(shopper)).body).toMatchObject({ available: true, reason: null });
      // the second refusal reaches codRtoLimit (2): cash on delivery is no longer offered
      await refusedOnce();
      await shop.fixtures.bagLine(shopper.customerId, dupatta.skus.M ?? 0, 1);
      expect((await shop.eligibility(shopper)).body).toMatchObject({
        available: false,
        reason: COD_ACCOUNT_MESSAGE,
      });
    });
  },
  SHIPROCKET_ENV,
);
