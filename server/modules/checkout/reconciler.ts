import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { Periodic } from '../../platform/periodic.ts';
import { isPaid, type PaymentGateway } from '../payments/gateway.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { Placement } from './placement.ts';
import * as placements from './placement-store.ts';

/**
 * Even a lost webhook loses no order: every period it asks the gateway about attempts that are paid
 * but unplaced, or unheard of since their window opened, and places (or refunds) them; lapsed unpaid
 * attempts are marked expired, and refunds the gateway refused earlier are sent again.
 */
export class Reconciler {
  private readonly periodic: Periodic;

  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly placement: Placement,
    private readonly refunds: Refunds,
    private readonly periodMs: number,
    private readonly log: FastifyBaseLogger,
    /** told of each period's run (the metrics count them) */
    private readonly ran: (outcome: 'completed' | 'failed') => void = () => undefined,
  ) {
    this.periodic = new Periodic('reconciler run', this.periodMs, () => this.runOnce(), this.log, this.ran);
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async runOnce(): Promise<void> {
    const seconds = this.periodMs / 1000;
    for (const { gateway_payment_id } of await placements.paidUnplaced(this.db, seconds)) {
      await this.attempt(`place payment ${gateway_payment_id}`, async () => {
        const payment = await this.gateway.fetchPayment(gateway_payment_id);
        if (payment) await this.placement.placeReported(payment);
      });
    }
    for (const { id, gateway_order_id } of await placements.unheardOrders(this.db, seconds)) {
      await this.attempt(`ask about order ${gateway_order_id}`, async () => {
        const payments = await this.gateway.orderPayments(gateway_order_id);
        await placements.markAsked(this.db, id);
        for (const payment of payments.filter(isPaid)) {
          await this.placement.placeReported(payment);
        }
      });
    }
    await placements.expireLapsed(this.db);
    await this.refunds.sendPending();
  }

  /** one item's failure (the gateway down, say) must not stop the others; the next period retries it */
  private async attempt(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.log.error({ err: error }, `reconciler could not ${what}`);
    }
  }
}
