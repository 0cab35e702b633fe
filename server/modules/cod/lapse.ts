import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { Periodic } from '../../platform/periodic.ts';
import { Coupons } from '../offers/coupons.ts';
import type { MoveDeps } from '../orders/lines.ts';
import { cancelLine } from '../orders/service.ts';
import * as store from './store.ts';

/** how often every instance looks for COD orders past their window: the contract allows 10 seconds */
export const LAPSE_PERIOD_MS = 2_000;
/** orders lapsed per run; more wait for the next run */
const BATCH = 100;

/**
 * Cancels COD orders still unconfirmed at their deadline, on every instance (decision 069). The due
 * orders are found in the database, so a restart or another instance finishes what one began: an order
 * is marked lapsed (its coupon's use given back) once, then each line still placed is cancelled through
 * moveLine, where a shopper's cancel of the same line races safely (the second sees it cancelled).
 */
export class CodLapse {
  private readonly periodic: Periodic;

  constructor(
    private readonly deps: MoveDeps,
    log: FastifyBaseLogger,
    periodMs = LAPSE_PERIOD_MS,
  ) {
    this.periodic = new Periodic(
      'COD lapse sweep',
      periodMs,
      () => this.runOnce(),
      log,
      () => undefined,
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async runOnce(): Promise<void> {
    for (const { order_id } of await store.dueLapses(this.deps.db, BATCH)) {
      if (await this.claim(order_id)) await this.cancelPlaced(order_id);
    }
  }

  /** Marks the order lapsed, giving its coupon's use back the first time; false when not (or no longer) due. */
  private claim(orderId: number): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      const claimed = await store.claimLapse(trx, orderId);
      if (claimed?.first) await Coupons.giveBack(trx, claimed.paymentOrderId);
      return claimed !== undefined;
    });
  }

  private async cancelPlaced(orderId: number): Promise<void> {
    for (const { purchase_id } of await store.placedLines(this.deps.db, orderId)) {
      try {
        await cancelLine(this.deps, { purchaseId: purchase_id, actor: 'shop:cod-lapse' });
      } catch (error) {
        // the shopper or the back office moved the line meanwhile: theirs stands
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
  }
}
