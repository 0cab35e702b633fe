import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import type { PaymentGateway } from './gateway.ts';
import * as store from './refunds-store.ts';

export type { OwedRefund, RefundReason } from './refunds-store.ts';

/** the receipt the gateway keeps with our refund, so a refund is never sent twice */
const receiptOf = (refundId: number) => `refund-${refundId}`;

/**
 * Money going back. A refund is first recorded as owed, in the same transaction as the decision that
 * makes it owed (a cancel, an unfillable line), so no decision can commit without its refund; sending
 * it to the gateway comes after the commit. A send cut short (gateway down, process killed) stays
 * pending and is sent again by the reconciler; the gateway is asked first whether our receipt already
 * went through.
 */
export class Refunds {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a refund owed; call within the transaction that decides it, then send() after commit. */
  static owe(trx: Db, refund: store.OwedRefund): Promise<number> {
    return store.insertOwed(trx, refund);
  }

  /** Sends owed refunds; a failure is logged and left for the reconciler, never thrown at the shopper. */
  async send(refundIds: readonly number[]): Promise<void> {
    for (const id of refundIds) await this.sendOne(id);
  }

  /** The reconciler's part: every refund still owed. */
  async sendPending(): Promise<void> {
    await this.send(await store.pendingIds(this.db, 100));
  }

  private async sendOne(refundId: number): Promise<void> {
    const owed = await store.claim(this.db, refundId);
    if (!owed) return;
    const receipt = receiptOf(refundId);
    try {
      const earlier = (await this.gateway.refunds(owed.gateway_payment_id)).find(
        (r) => r.receipt === receipt,
      );
      const made =
        earlier ?? (await this.gateway.refund(owed.gateway_payment_id, owed.amount_paise, receipt));
      await store.markProcessed(this.db, refundId, made.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ refundId, err: error }, 'refund not sent; the reconciler will retry');
      await store.release(this.db, refundId, message);
    }
  }
}
