import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderLine,
  type AdminOrdersQuery,
  type AdminOrdersResponse,
} from '../../../contract/admin.ts';
import { rupees } from '../../platform/api-values.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Refunds } from '../payments/refunds.ts';
import { type MoveDeps, moveLine } from './lines.ts';
import * as store from './store.ts';

/** The back office's one actor for now: whoever holds ADMIN_TOKEN. */
const ACTOR = 'admin';

type RefundRow = Awaited<ReturnType<typeof store.refundsOfLines>>[number];

function toAdminLine(row: store.BackOfficeRow, refunds: RefundRow[]): AdminOrderLine {
  return {
    purchaseId: row.purchase_id,
    orderId: row.order_id,
    placedAt: row.placed_at.toISOString(),
    customer: { id: row.customer_id, name: `${row.fname} ${row.lname}`.trim(), phone: row.phone },
    product: { id: row.product_id, name: row.product_name, prod: row.prod },
    size: row.size,
    quantity: row.quantity,
    unitPrice: rupees(row.unit_price_paise),
    status: row.status,
    trackingId: row.tracking_id,
    shippedAt: row.shipped_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    address: row.address,
    return:
      row.return_reason === null || row.return_requested_at === null
        ? null
        : {
            reason: row.return_reason,
            requestedAt: row.return_requested_at.toISOString(),
            accepted: row.return_accepted,
          },
    refunds: refunds
      .filter((refund) => refund.order_line_id === row.id)
      .map((refund) => ({
        amount: rupees(refund.amount_paise),
        reason: refund.reason,
        status: refund.status,
      })),
  };
}

/** The shop owner's side of after-sale: see the lines, ship and deliver them, decide and receive returns. */
export class BackOffice {
  constructor(private readonly deps: MoveDeps) {}

  async lines(query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
    const rows = await store.backOfficePage(this.deps.db, { ...query, limit: ADMIN_ORDERS_PAGE_SIZE });
    const refunds = await store.refundsOfLines(
      this.deps.db,
      rows.map((row) => row.id),
    );
    const full = rows.length === ADMIN_ORDERS_PAGE_SIZE;
    return {
      lines: rows.map((row) => toAdminLine(row, refunds)),
      next: full ? (rows.at(-1)?.purchase_id ?? null) : null,
    };
  }

  async ship(purchaseId: string, trackingId: string): Promise<AdminOrderLine> {
    const tracking = trackingId.trim();
    if (!tracking) throw badRequest('trackingId is required');
    await moveLine(this.deps, {
      purchaseId,
      to: 'shipped',
      actor: ACTOR,
      action: 'order.ship',
      apply: async (_trx, _line, now) => ({
        fields: { tracking_id: tracking, shipped_at: now },
        details: { trackingId: tracking },
      }),
    });
    return this.line(purchaseId);
  }

  /** Delivered now: the return window opens. */
  async deliver(purchaseId: string): Promise<AdminOrderLine> {
    await moveLine(this.deps, {
      purchaseId,
      to: 'delivered',
      actor: ACTOR,
      action: 'order.deliver',
      apply: async (_trx, _line, now) => ({ fields: { delivered_at: now } }),
    });
    return this.line(purchaseId);
  }

  async decideReturn(purchaseId: string, accept: boolean): Promise<AdminOrderLine> {
    await moveLine(this.deps, {
      purchaseId,
      to: accept ? 'returning' : 'return_rejected',
      actor: ACTOR,
      action: accept ? 'return.accept' : 'return.reject',
      apply: async (trx, line, now) => {
        await store.decideReturn(trx, line.id, accept, now);
        return {};
      },
    });
    return this.line(purchaseId);
  }

  /** The item is back: the line's whole price is refunded (the delivery charge paid for a delivery made). */
  async receiveReturn(purchaseId: string): Promise<AdminOrderLine> {
    await moveLine(this.deps, {
      purchaseId,
      to: 'returned',
      actor: ACTOR,
      action: 'return.receive',
      apply: async (trx, line, now) => {
        await store.receiveReturn(trx, line.id, now);
        const refundPaise = line.unit_price_paise * line.quantity;
        const refundId = await Refunds.owe(trx, {
          paymentId: line.payment_id,
          orderLineId: line.id,
          amountPaise: refundPaise,
          reason: 'return',
        });
        return { details: { refundPaise }, refundIds: [refundId] };
      },
    });
    return this.line(purchaseId);
  }

  private async line(purchaseId: string): Promise<AdminOrderLine> {
    const row = await store.backOfficeLine(this.deps.db, purchaseId);
    if (!row) throw notFound(`No order line "${purchaseId}"`);
    return toAdminLine(row, await store.refundsOfLines(this.deps.db, [row.id]));
  }
}
