import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderLine, AdminOrdersResponse } from '../../../contract/admin.ts';
import type { CodLine } from '../../../contract/cod.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { BEARER, CodDriver } from '../../test/cod.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { stockOf } from '../../test/rows.ts';

describeEachDatabase(
  'cash on delivery: `cod` on order lines, cancelling a COD line, and shipping only confirmed ones',
  (t) => {
    let fixtures: Fixtures;
    const cod = new CodDriver(t, () => fixtures);
    let kurta: FixtureProduct;
    let dupatta: FixtureProduct;
    let staff: TestClient;

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      staff = new TestClient(t().baseUrl);
      kurta = await fixtures.product({ name: 'State kurta', pricePaise: 100_000, sizes: [['M', 50]] });
      dupatta = await fixtures.product({ name: 'State dupatta', pricePaise: 30_000, sizes: [['M', 50]] });
      await cod.settings({ codEnabled: true, codFee: 49 });
    });

    const admin = (path: string, body?: unknown) =>
      staff.post<AdminOrderLine & { error?: string }>(path, body, BEARER);
    const adminLine = async (purchaseId: string) =>
      (await staff.get<AdminOrdersResponse>(`/admin/api/orders?q=${purchaseId}`, BEARER)).body.lines.find(
        (line) => line.purchaseId === purchaseId,
      );
    const adminOrder = async (orderId: number) =>
      (await staff.get<AdminOrder>(`/admin/api/orders/${orderId}`, BEARER)).body;
    /** the line's `cod` as the shopper's Orders, the back office's list and its order page show it alike */
    const codOf = async (client: TestClient, purchaseId: string, orderId: number): Promise<CodLine> => {
      const shown = (await cod.orders(client)).find((line) => line.purchase_id === purchaseId)?.cod;
      expect((await adminLine(purchaseId))?.cod).toEqual(shown);
      expect((await adminOrder(orderId)).lines.find((line) => line.purchaseId === purchaseId)?.cod).toEqual(
        shown,
      );
      return shown ?? null;
    };

    async function placed(lines: [FixtureProduct, number][] = [[kurta, 1]]) {
      const shopper = await cod.shopper();
      for (const [product, units] of lines) {
        await fixtures.bagLine(shopper.customerId, product.skus.M ?? 0, units);
      }
      const order = await cod.placed(shopper.client);
      return { ...shopper, order };
    }
    async function confirmed(lines?: [FixtureProduct, number][]) {
      const shopper = await placed(lines);
      const code = await cod.codeSent(shopper.client, shopper.phone);
      expect((await cod.confirm(shopper.client, shopper.order.orderId, code)).status).toBe(200);
      return shopper;
    }

    it('is null on an online order’s lines', async () => {
      const { client, customerId } = await cod.shopper();
      const online = await fixtures.order(customerId, [{ product: kurta }]);
      const [purchaseId] = online.purchaseIds;
      expect(await codOf(client, purchaseId ?? '', online.orderId)).toBeNull();
    });

    it('follows the line: awaiting the code, to collect, cash due, cash received', async () => {
      const { client, phone, order } = await placed();
      const [purchaseId = ''] = order.purchaseIds;
      const awaiting = { confirmBy: order.confirmBy, collectPaise: order.amount * 100 };
      expect(await codOf(client, purchaseId, order.orderId)).toEqual({
        state: 'awaiting_confirmation',
        ...awaiting,
      });

      // the back office cannot ship it before the shopper gives the code (409, nothing changed)
      const early = await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'TRKEARLY1' });
      expect(early.status).toBe(409);
      expect(early.body.error).toEqual(expect.any(String));
      expect((await adminLine(purchaseId))?.status).toBe('placed');
      expect((await adminLine(purchaseId))?.trackingId).toBeNull();

      const code = await cod.codeSent(client, phone);
      expect((await cod.confirm(client, order.orderId, code)).status).toBe(200);
      expect(await codOf(client, purchaseId, order.orderId)).toEqual({ state: 'to_collect', ...awaiting });

      expect((await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'TRKCOD1' })).status).toBe(
        200,
      );
      expect(await codOf(client, purchaseId, order.orderId)).toEqual({ state: 'to_collect', ...awaiting });
      expect((await admin(`/admin/api/orders/${purchaseId}/deliver`)).status).toBe(200);
      expect(await codOf(client, purchaseId, order.orderId)).toEqual({ state: 'cash_due', ...awaiting });

      const line = await t()
        .db.selectFrom('order_lines')
        .select('id')
        .where('purchase_id', '=', purchaseId)
        .executeTakeFirstOrThrow();
      await t()
        .db.insertInto('cod_remittances')
        .values({
          order_line_id: line.id,
          amount_paise: awaiting.collectPaise,
          remitted_on: '2026-12-07',
          reference: 'UTR0001',
          applied_by: 'test',
        })
        .execute();
      expect(await codOf(client, purchaseId, order.orderId)).toEqual({ state: 'cash_received', ...awaiting });
    });

    describe('cancelling a COD line', () => {
      const refundRows = (orderId: number) =>
        t()
          .db.selectFrom('refunds')
          .innerJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
          .select('refunds.id')
          .where('order_lines.order_id', '=', orderId)
          .execute();
      const collects = (orderId: number) =>
        t()
          .db.selectFrom('order_lines')
          .select(['purchase_id', 'paid_paise', 'cod_collect_paise'])
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute();

      it('by the shopper: refund 0, units back, nothing refunded; the charges go to the next placed line', async () => {
        const { client, order } = await placed([
          [kurta, 1],
          [dupatta, 2],
        ]);
        const [first = '', second = ''] = order.purchaseIds;
        const kurtaStock = await stockOf(t().db, kurta.skus.M);
        const before = await collects(order.orderId);
        const charges = (before[0]?.cod_collect_paise ?? 0) - (before[0]?.paid_paise ?? 0);
        expect(charges).toBeGreaterThanOrEqual(4900);

        const res = await client.post('/cancel', { orderID: first });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ refund: 0 });
        expect(await stockOf(t().db, kurta.skus.M)).toBe(kurtaStock + 1);
        expect(await refundRows(order.orderId)).toEqual([]);
        expect((await codOf(client, first, order.orderId))?.state).toBe('not_collected');
        const after = await collects(order.orderId);
        expect(after[1]?.cod_collect_paise).toBe((after[1]?.paid_paise ?? 0) + charges);
        expect((await codOf(client, second, order.orderId))?.collectPaise).toBe(
          (after[1]?.paid_paise ?? 0) + charges,
        );
        expect((await codOf(client, second, order.orderId))?.state).toBe('awaiting_confirmation');
      });

      it('by the back office, once confirmed: the same', async () => {
        const { client, order } = await confirmed([[kurta, 1]]);
        const [purchaseId = ''] = order.purchaseIds;
        const stock = await stockOf(t().db, kurta.skus.M);
        const res = await admin(`/admin/api/orders/${purchaseId}/cancel`);
        expect(res.status).toBe(200);
        expect(res.body.status).toBe('cancelled');
        expect(res.body.cod?.state).toBe('not_collected');
        expect(res.body.refunds).toEqual([]);
        expect(await stockOf(t().db, kurta.skus.M)).toBe(stock + 1);
        expect(await refundRows(order.orderId)).toEqual([]);
        expect((await codOf(client, purchaseId, order.orderId))?.state).toBe('not_collected');
        // a cancelled order is no longer open: it no longer counts against the cap
        const open = await t()
          .db.selectFrom('order_lines')
          .select('status')
          .where('order_id', '=', order.orderId)
          .execute();
        expect(open).toEqual([{ status: 'cancelled' }]);
      });
    });
  },
  { OUTBOX_INTERVAL_MS: '50' },
);
