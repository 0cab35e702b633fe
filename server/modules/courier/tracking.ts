import type { FastifyBaseLogger } from 'fastify';
import { STUCK_SHIPMENT_HOURS, type StuckShipment } from '../../../contract/admin.ts';
import type { CourierStatus } from '../../../contract/courier-tracking.ts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { Periodic } from '../../platform/periodic.ts';
import { smsRupees } from '../../platform/sms/templates.ts';
import { Notifications } from '../notifications/service.ts';
import type { BackOffice } from '../orders/back-office.ts';
import { type MoveDeps, moveLine } from '../orders/lines.ts';
import { cancelLine } from '../orders/service.ts';
import type { CourierPartner, TrackingEvent } from './partner.ts';
import * as store from './tracking-store.ts';

/**
 * How far along a parcel is: a shipment's status never goes to a lower rank (an event that arrives out of
 * order is kept for the timeline but moves nothing). Out for delivery and undelivered share a rank, as a
 * courier may try again; any other status of the partner (e.g. 'AWB ASSIGNED') is 0.
 */
const RANK: Record<CourierStatus, number> = {
  'PICKED UP': 1,
  'IN TRANSIT': 2,
  'OUT FOR DELIVERY': 3,
  UNDELIVERED: 3,
  'RTO INITIATED': 4,
  DELIVERED: 5,
  'RTO DELIVERED': 5,
};
const rank = (status: string) => RANK[status as CourierStatus] ?? 0;

/** Whether the event takes the shipment past its status: a higher rank, or a later event of the same rank. */
function forward(current: { status: string; status_at: Date }, event: TrackingEvent): boolean {
  const [from, to] = [rank(current.status), rank(event.status)];
  return to > from || (to === from && event.happenedAt > current.status_at);
}

const ACTOR = 'courier';

/** the courier's statuses of a parcel refused at the door and on its way back (RTO: return to origin) */
const RETURNING: ReadonlySet<string> = new Set<CourierStatus>(['RTO INITIATED', 'RTO DELIVERED']);

/**
 * A cash-on-delivery parcel out for delivery: its shopper is told the cash to keep ready, once a line
 * (a courier that tries again the next day sends no second message).
 */
async function outForDelivery(trx: Db, shipment: store.TrackedShipment): Promise<void> {
  const collectPaise = shipment.payment_method === 'cod' ? (shipment.cod_collect_paise ?? 0) : 0;
  if (shipment.kind !== 'forward' || collectPaise === 0) return;
  await Notifications.queue(trx, {
    kind: 'cod_out_for_delivery',
    customerId: shipment.customer_id,
    subject: shipment.purchase_id,
    variables: { purchase: shipment.purchase_id, amount: smsRupees(collectPaise) },
  });
}

/**
 * Tracking moves the order (decision 050): each event of the partner is kept once, and the
 * line follows its shipment's last status: a parcel delivered is a delivered line, one brought back
 * undelivered (RTO delivered) a cancelled line with its unit back in stock and all it paid refunded, a
 * reverse pickup delivered back a return received. A cash-on-delivery parcel refused at the door (RTO
 * initiated or delivered) counts once against its shopper, and brought back it is returned_to_origin, its
 * unit back in stock and nothing refunded (decision 069).
 */
export class CourierTracking {
  constructor(
    private readonly deps: MoveDeps,
    private readonly backOffice: Pick<BackOffice, 'receiveReturn'>,
  ) {}

  /** Shipments with no courier event for STUCK_SHIPMENT_HOURS, for the Dashboard. */
  async stuck(): Promise<StuckShipment[]> {
    const before = new Date(Date.now() - STUCK_SHIPMENT_HOURS * 3_600_000);
    const rows = await store.stuckShipments(this.deps.db, before);
    return rows.map((row) => ({
      purchaseId: row.purchase_id,
      kind: row.kind,
      awb: row.awb,
      courier: row.courier,
      status: row.status,
      since: new Date(row.since).toISOString(),
    }));
  }

  /** The partner's events of an AWB, from its webhook or from polling; false when no shipment has the AWB. */
  async receive(awb: string, events: readonly TrackingEvent[]): Promise<boolean> {
    const shipment = await store.shipmentOfAwb(this.deps.db, awb);
    if (!shipment) return false;
    const oldestFirst = [...events].sort((a, b) => a.happenedAt.getTime() - b.happenedAt.getTime());
    for (const event of oldestFirst) await this.record(shipment, event);
    // also when every event was known: a crash may have come between keeping the event and moving the line
    await this.follow(awb);
    return true;
  }

  private async record(shipment: store.TrackedShipment, event: TrackingEvent): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await store.lockShipment(trx, shipment.id);
      const fresh = await store.recordEvent(trx, shipment.id, event);
      if (!fresh || !forward(current, event)) return;
      await store.setStatus(trx, shipment.id, event);
      if (event.status === 'OUT FOR DELIVERY') await outForDelivery(trx, shipment);
    });
  }

  /** Brings the line to where its shipment's status says, once; then the shipment is done. */
  private async follow(awb: string): Promise<void> {
    const shipment = await store.shipmentOfAwb(this.deps.db, awb);
    if (!shipment || shipment.done) return;
    const { kind, status, line_status: line, purchase_id: purchaseId, status_at: at } = shipment;
    const cod = shipment.payment_method === 'cod';
    // a refusal to pay at the door; an exchange's new line of a COD order collected nothing
    const refused =
      kind === 'forward' && cod && (shipment.cod_collect_paise ?? 0) > 0 && RETURNING.has(status);
    if (refused) await store.markRefused(this.deps.db, shipment.line_id, at);
    if (kind === 'forward' && status === 'DELIVERED') {
      if (line === 'shipped') await this.settle(() => this.delivered(purchaseId, at));
    } else if (kind === 'forward' && status === 'RTO DELIVERED') {
      const broughtBack = { purchaseId, actor: ACTOR, broughtBackAt: at };
      if (line === 'shipped') {
        await this.settle(() =>
          cod ? this.returnedToOrigin(purchaseId) : cancelLine(this.deps, broughtBack),
        );
      }
    } else if (kind === 'return' && status === 'DELIVERED') {
      if (line === 'returning' || line === 'exchanging') {
        await this.settle(() => this.backOffice.receiveReturn(purchaseId, ACTOR));
      }
    } else {
      return;
    }
    await store.markDone(this.deps.db, shipment.id);
  }

  /** A move another instance (or staff) made first answers 409: the line is where it should be. */
  private async settle(move: () => Promise<unknown>): Promise<void> {
    try {
      await move();
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }

  /**
   * A cash-on-delivery parcel brought back undelivered: nothing was paid, so nothing is refunded; its
   * unit goes back to stock (decision 069).
   */
  private returnedToOrigin(purchaseId: string) {
    return moveLine(this.deps, {
      purchaseId,
      to: 'returned_to_origin',
      actor: ACTOR,
      action: 'order.rto',
      apply: async (trx, line) => {
        await this.deps.inventory.restock(trx, line.sku_id, line.quantity);
        return { details: { restocked: line.quantity } };
      },
    });
  }

  private delivered(purchaseId: string, at: Date) {
    return moveLine(this.deps, {
      purchaseId,
      to: 'delivered',
      actor: ACTOR,
      action: 'order.deliver',
      apply: async () => ({ fields: { delivered_at: at } }),
    });
  }
}

/**
 * A lost webhook loses nothing: every period, shipments not done and unheard of for `afterMs` are asked
 * about (the partner's tracking by AWB), one instance each (tracking-store.claimForPoll).
 */
export class TrackingPoller {
  private readonly periodic: Periodic;

  constructor(
    private readonly db: Db,
    private readonly partner: CourierPartner,
    private readonly tracking: CourierTracking,
    private readonly periods: { afterMs: number; intervalMs: number },
    private readonly log: FastifyBaseLogger,
    /** told of each run (the metrics count them) */
    private readonly ran: (outcome: 'completed' | 'failed') => void,
  ) {
    this.periodic = new Periodic(
      'courier polling',
      this.periods.intervalMs,
      () => this.runOnce(),
      this.log,
      this.ran,
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async runOnce(): Promise<void> {
    const before = new Date(Date.now() - this.periods.afterMs);
    for (const shipment of await store.quietShipments(this.db, before, POLL_BATCH)) {
      if (!(await store.claimForPoll(this.db, shipment.id, before))) continue;
      try {
        const events = await this.partner.track(shipment.awb);
        if (events) await this.tracking.receive(shipment.awb, events);
      } catch (error) {
        // the partner down, say: this shipment is asked about again after afterMs
        this.log.error({ err: error, awb: shipment.awb }, 'courier polling could not track a shipment');
      }
    }
  }
}

// a run asks about at most this many; the rest wait for the next period
const POLL_BATCH = 200;
