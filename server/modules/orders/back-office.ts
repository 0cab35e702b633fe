import {
  ADMIN_ORDERS_PAGE_SIZE,
  ADMIN_RETURNS_LIMIT,
  type AdminOrder,
  type AdminOrderLine,
  type AdminOrdersQuery,
  type AdminOrdersResponse,
  type AdminRefund,
  type AdminReturnsResponse,
  type DashboardResponse,
  type OrderHistoryEntry,
  type ReturnsQuery,
} from '../../../contract/admin.ts';
import type { ReturnReasonCode } from '../../../contract/fit-returns-constants.ts';
import { dayStart, indiaDay } from '../../../contract/india-time.ts';
import type { LineStatus } from '../../../contract/orders.ts';
import { rupees } from '../../platform/api-values.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { reasonTitle, returnRates } from '../returns/service.ts';
import { codLine } from './cod-state.ts';
import { decideExchange, isExchange, receiveExchange } from './exchange.ts';
import { type MoveDeps, moveLine, refundWhatWasPaid } from './lines.ts';
import { cancelLine } from './service.ts';
import * as store from './store.ts';
import { timelinesOf } from './timeline.ts';

type RefundRow = Awaited<ReturnType<typeof store.refundsOfLines>>[number];

const DAY_MS = 86_400_000;

/** The instant a day (YYYY-MM-DD) begins in India; 400 for a day the calendar does not have. */
function indiaDayStart(day: string, field: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(utc.getTime()) || utc.toISOString().slice(0, 10) !== day) {
    throw badRequest(`${field} is not a date: ${day}`);
  }
  return dayStart(day);
}

/** The instant today began in India. */
function indiaMidnight(now: Date): Date {
  return dayStart(indiaDay(now));
}

/** from and to (India days, both inclusive) as [placedFrom, placedBefore) */
function placedBetween(query: AdminOrdersQuery): Pick<store.BackOfficeFilter, 'placedFrom' | 'placedBefore'> {
  const placedFrom = query.from === undefined ? undefined : indiaDayStart(query.from, 'from');
  const toStart = query.to === undefined ? undefined : indiaDayStart(query.to, 'to');
  if (placedFrom && toStart && placedFrom > toStart) throw badRequest('from is after to');
  return { placedFrom, placedBefore: toStart && new Date(toStart.getTime() + DAY_MS) };
}

const RETURN_STATES: Record<NonNullable<ReturnsQuery['state']>, readonly LineStatus[]> = {
  requested: ['return_requested', 'exchange_requested'],
  accepted: ['returning', 'exchanging'],
  all: [
    'return_requested',
    'returning',
    'returned',
    'return_rejected',
    'exchange_requested',
    'exchanging',
    'exchanged',
    'exchange_rejected',
  ],
};

/** The exchange asked of a line, as the back office reads it; null when none was. */
function exchangeOf(row: store.BackOfficeRow): AdminOrderLine['exchange'] {
  if (row.exchange_size === null || row.exchange_requested_at === null) return null;
  return {
    fromSize: row.size,
    toSize: row.exchange_size,
    reasonCode: row.exchange_reason_code ?? '',
    requestedAt: row.exchange_requested_at.toISOString(),
    accepted: row.exchange_accepted,
    note: row.exchange_refund_note,
  };
}

const reviewPhotoUrl = (file: string) => `/reviewimages/${encodeURIComponent(file)}`;

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
    paidPaise: row.paid_paise,
    couponCode: row.coupon_code,
    status: row.status,
    trackingId: row.tracking_id,
    awb: row.awb,
    courier: row.courier,
    bookingRefusal: row.booking_refusal,
    returnPickup:
      row.return_awb === null || row.return_courier === null
        ? null
        : { awb: row.return_awb, courier: row.return_courier },
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
    exchange: exchangeOf(row),
    exchangeOf: row.exchange_of,
    cod: codLine(row),
    refunds: refunds
      .filter((refund) => refund.order_line_id === row.id)
      .map((refund) => ({
        amount: rupees(refund.amount_paise),
        reason: refund.reason,
        status: refund.status,
      })),
  };
}

type AuditRow = Awaited<ReturnType<typeof store.auditOf>>[number];

/** Who did it, as the back office names people: staff by name, the token, the shopper by phone. */
function whoDid(entry: AuditRow, shopperPhone: string): string {
  if (entry.staff_name !== null) return entry.staff_name;
  if (entry.actor === 'admin') return 'Automation';
  if (entry.actor.startsWith('customer:')) return `Shopper ${shopperPhone}`;
  return entry.actor;
}

/** The order's story, oldest first: its audit entries (lines and refunds), then each refund as it stands. */
function orderHistory(audit: AuditRow[], refunds: AdminRefund[], shopperPhone: string): OrderHistoryEntry[] {
  const refundLine = new Map(refunds.map((refund) => [`refund:${refund.id}`, refund.purchaseId]));
  const entries: OrderHistoryEntry[] = audit.map((entry) => ({
    at: entry.created_at.toISOString(),
    who: whoDid(entry, shopperPhone),
    action: entry.action,
    purchaseId: refundLine.get(entry.subject) ?? entry.subject.replace(/^purchase:/, ''),
    details: entry.details,
  }));
  for (const refund of refunds) {
    entries.push({
      at: refund.processedAt ?? refund.createdAt,
      who: 'Shop',
      action: `refund.${refund.status}`,
      purchaseId: refund.purchaseId,
      details: { refundId: refund.id, amount: refund.amount, reason: refund.reason, failure: refund.failure },
    });
  }
  // stable: entries of one instant keep the log's order
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * The shop owner's side of after-sale: find lines and orders, ship, deliver and cancel lines, decide and
 * receive returns, and the day's figures. `actor` is who asks, as the audit log keeps them.
 */
export class BackOffice {
  constructor(
    private readonly deps: MoveDeps,
    /** the clock of "today" on the dashboard; tests fix it */
    private readonly now: () => Date = () => new Date(),
    /** after a return or an exchange is accepted: its reverse pickup booked with the courier partner */
    private readonly accepted: (purchaseId: string) => Promise<void> = async () => {},
  ) {}

  async lines(query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
    const rows = await store.backOfficePage(this.deps.db, {
      status: query.status,
      ...placedBetween(query),
      q: query.q?.trim() || undefined,
      before: query.before,
      limit: ADMIN_ORDERS_PAGE_SIZE,
    });
    const full = rows.length === ADMIN_ORDERS_PAGE_SIZE;
    return {
      lines: await this.withRefunds(rows),
      next: full ? (rows.at(-1)?.purchase_id ?? null) : null,
    };
  }

  async order(orderId: number): Promise<AdminOrder> {
    const { db, refunds } = this.deps;
    const order = await store.backOfficeOrder(db, orderId);
    if (!order) throw notFound(`No order ${orderId}`);
    const [rows, orderRefunds, timelines] = await Promise.all([
      store.orderLines(db, orderId),
      refunds.ofOrder(orderId),
      timelinesOf(db, { orderId }),
    ]);
    const subjects = [
      ...rows.map((row) => `purchase:${row.purchase_id}`),
      ...orderRefunds.map((refund) => `refund:${refund.id}`),
    ];
    return {
      orderId: order.id,
      placedAt: order.placed_at.toISOString(),
      customer: { id: order.customer_id, name: `${order.fname} ${order.lname}`.trim(), phone: order.phone },
      address: order.address,
      payment: { id: order.gateway_payment_id, amount: rupees(order.amount_paise) },
      // each line's life as the shopper's Orders shows it
      lines: (await this.withRefunds(rows)).map((line) => ({
        ...line,
        timeline: timelines.get(line.purchaseId) ?? [],
      })),
      refunds: orderRefunds,
      history: orderHistory(await store.auditOf(db, subjects), orderRefunds, order.phone),
    };
  }

  /** The returns queue (exchanges too), oldest request first, with the shopper's reason and photo of the product. */
  async returns(query: ReturnsQuery): Promise<AdminReturnsResponse> {
    const rows = await store.returnLines(
      this.deps.db,
      RETURN_STATES[query.state ?? 'requested'],
      ADMIN_RETURNS_LIMIT,
      query.reason === 'other' ? null : query.reason,
    );
    const refunds = await this.refundsOf(rows);
    return {
      returns: rows.map((row) => {
        const line = toAdminLine(row, refunds);
        const photos = row.photo ? [reviewPhotoUrl(row.photo)] : [];
        if (line.exchange) {
          const { requestedAt } = line.exchange;
          const reasonCode = line.exchange.reasonCode as ReturnReasonCode;
          const reason = reasonTitle(reasonCode);
          const asked = { reason, reasonCode, reasonTitle: reason, comment: '', photo: null };
          return { kind: 'exchange' as const, line, ...asked, photos, requestedAt };
        }
        return {
          kind: 'return' as const,
          line,
          reason: row.return_reason ?? '',
          reasonCode: row.return_reason_code,
          reasonTitle: reasonTitle(row.return_reason_code),
          comment: row.return_comment ?? '',
          photo: row.return_photo && reviewPhotoUrl(row.return_photo),
          photos,
          requestedAt: row.return_requested_at?.toISOString() ?? '',
        };
      }),
    };
  }

  /**
   * Today and the last 7 days (today included) in India time; lines to ship; returns to decide; the
   * return rates of the last 30 days.
   */
  async dashboard(): Promise<
    Omit<DashboardResponse, 'lowStock' | 'stuckShipments' | 'smsBudgetsPastHalf' | 'smsProviderFailing'>
  > {
    const { db } = this.deps;
    const today = indiaMidnight(this.now());
    const tomorrow = new Date(today.getTime() + DAY_MS);
    const weekStart = new Date(today.getTime() - 6 * DAY_MS);
    const [day, week, toShip, returnsToDecide, exchangesToDecide, rates] = await Promise.all([
      store.takings(db, today, tomorrow),
      store.takings(db, weekStart, tomorrow),
      store.linesIn(db, 'placed'),
      store.linesIn(db, 'return_requested'),
      store.linesIn(db, 'exchange_requested'),
      returnRates(db, this.now()),
    ]);
    return {
      today: { orders: day.orders, revenue: rupees(day.paise) },
      week: { orders: week.orders, revenue: rupees(week.paise) },
      toShip,
      returnsToDecide: returnsToDecide + exchangesToDecide,
      returnRates: rates,
    };
  }

  async ship(purchaseId: string, trackingId: string, actor: string): Promise<AdminOrderLine> {
    const tracking = trackingId.trim();
    if (!tracking) throw badRequest('trackingId is required');
    await moveLine(this.deps, {
      purchaseId,
      to: 'shipped',
      actor,
      action: 'order.ship',
      apply: async (_trx, _line, now) => ({
        fields: { tracking_id: tracking, shipped_at: now },
        details: { trackingId: tracking },
      }),
    });
    return this.line(purchaseId);
  }

  /** Delivered now: the return window opens. */
  async deliver(purchaseId: string, actor: string): Promise<AdminOrderLine> {
    await moveLine(this.deps, {
      purchaseId,
      to: 'delivered',
      actor,
      action: 'order.deliver',
      apply: async (_trx, _line, now) => ({ fields: { delivered_at: now } }),
    });
    return this.line(purchaseId);
  }

  /** As the shopper's cancel: stock back, refunded as the terms say. */
  async cancel(purchaseId: string, actor: string): Promise<AdminOrderLine> {
    await cancelLine(this.deps, { purchaseId, actor });
    return this.line(purchaseId);
  }

  async decideReturn(purchaseId: string, accept: boolean, actor: string): Promise<AdminOrderLine> {
    await this.decide(purchaseId, accept, actor);
    if (accept) await this.accepted(purchaseId);
    return this.line(purchaseId);
  }

  private async decide(purchaseId: string, accept: boolean, actor: string): Promise<void> {
    if (await isExchange(this.deps.db, purchaseId)) {
      await decideExchange(this.deps, purchaseId, accept, actor);
      return;
    }
    await moveLine(this.deps, {
      purchaseId,
      to: accept ? 'returning' : 'return_rejected',
      actor,
      action: accept ? 'return.accept' : 'return.reject',
      apply: async (trx, line, now) => {
        await store.decideReturn(trx, line.id, accept, now);
        return {};
      },
    });
  }

  /** The item is back: all that was paid for the line is refunded (the delivery charge paid for a delivery made). */
  async receiveReturn(purchaseId: string, actor: string): Promise<AdminOrderLine> {
    if (await isExchange(this.deps.db, purchaseId)) {
      await receiveExchange(this.deps, purchaseId, actor);
      return this.line(purchaseId);
    }
    await moveLine(this.deps, {
      purchaseId,
      to: 'returned',
      actor,
      action: 'return.receive',
      apply: async (trx, line, now) => {
        await store.receiveReturn(trx, line.id, now);
        const { details, refundIds } = await refundWhatWasPaid(trx, line);
        return { details, refundIds };
      },
    });
    return this.line(purchaseId);
  }

  private async line(purchaseId: string): Promise<AdminOrderLine> {
    const row = await store.backOfficeLine(this.deps.db, purchaseId);
    if (!row) throw notFound(`No order line "${purchaseId}"`);
    return toAdminLine(row, await store.refundsOfLines(this.deps.db, [row.id]));
  }

  private refundsOf(rows: store.BackOfficeRow[]): Promise<RefundRow[]> {
    return store.refundsOfLines(
      this.deps.db,
      rows.map((row) => row.id),
    );
  }

  private async withRefunds(rows: store.BackOfficeRow[]): Promise<AdminOrderLine[]> {
    const refunds = await this.refundsOf(rows);
    return rows.map((row) => toAdminLine(row, refunds));
  }
}
