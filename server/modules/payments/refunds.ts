import type { FastifyBaseLogger } from 'fastify';
import {
  ADMIN_PAGE_SIZE,
  type AdminRefund,
  type AdminRefundsResponse,
  type RefundStatus,
} from '../../../contract/admin.ts';
import { REFUND_REFERENCE_MAX } from '../../../contract/cod-constants.ts';
import type { Db } from '../../db/connect.ts';
import { rupees } from '../../platform/api-values.ts';
import { recordAudit } from '../../platform/audit.ts';
import { conflict, InvalidFields, notFound } from '../../platform/errors.ts';
import { Invoices } from '../invoices/service.ts';
import { Notifications } from '../notifications/service.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import * as store from './refunds-store.ts';

export type { OwedRefund, RefundReason } from './refunds-store.ts';

/** The reference of a refund paid by hand: 1 to REFUND_REFERENCE_MAX characters after trimming. */
function paidReference(given: string | undefined): string {
  const reference = given?.trim() ?? '';
  if (!reference) {
    throw new InvalidFields({ reference: 'Required: the UPI or bank transfer reference (UTR)' });
  }
  if (reference.length > REFUND_REFERENCE_MAX) {
    throw new InvalidFields({ reference: `At most ${REFUND_REFERENCE_MAX} characters` });
  }
  return reference;
}

/** the receipt the gateway keeps with our refund, so a refund is never sent twice */
const receiptOf = (refundId: number) => `refund-${refundId}`;

/**
 * The gateway answered and said no (a 4xx other than "too many requests"): sending it again as it is
 * would be refused again, so it waits for a person to retry it; anything else is tried again by itself.
 */
const refused = (error: unknown) =>
  error instanceof GatewayError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 429;

function toAdminRefund(row: store.ListedRefund): AdminRefund {
  return {
    id: row.id,
    purchaseId: row.purchase_id,
    orderId: row.order_id,
    amount: rupees(row.amount_paise),
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    processedAt: row.processed_at?.toISOString() ?? null,
    failure: row.last_error,
    method: row.method,
    destination: row.destination,
    reference: row.reference,
  };
}

/**
 * Money going back. A refund is first recorded as owed, in the same transaction as the decision that
 * makes it owed (a cancel, an unfillable line), so no decision can commit without its refund; sending
 * it to the gateway comes after the commit. A send cut short (gateway down, process killed) stays
 * pending and is sent again by the reconciler; the gateway is asked first whether our receipt already
 * went through. A refund the gateway refuses is failed until the owner retries it from the back office.
 */
export class Refunds {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a refund owed; call within the transaction that decides it, then send() after commit. */
  static async owe(trx: Db, refund: store.OwedRefund): Promise<number> {
    const id = await store.insertOwed(trx, refund);
    // a refund of an order line is credited on a credit note against the line's invoice (decision 018)
    await Invoices.creditNote(trx, id);
    return id;
  }

  /** Sends owed refunds; a failure is logged and left for the reconciler, never thrown at the shopper. */
  async send(refundIds: readonly number[]): Promise<void> {
    for (const id of refundIds) await this.sendOne(id);
  }

  /** The reconciler's part: every refund still owed. */
  async sendPending(): Promise<void> {
    await this.send(await store.pendingIds(this.db, 100));
  }

  /** The back office's list: newest first, a page at a time. */
  async list(query: { status?: RefundStatus; before?: number }): Promise<AdminRefundsResponse> {
    const rows = await store.refundPage(this.db, { ...query, limit: ADMIN_PAGE_SIZE });
    return {
      refunds: rows.map(toAdminRefund),
      next: rows.length === ADMIN_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
    };
  }

  /** Every refund of an order, oldest first. */
  async ofOrder(orderId: number): Promise<AdminRefund[]> {
    return (await store.refundsOfOrder(this.db, orderId)).map(toAdminRefund);
  }

  /** Sends a failed refund again (409 unless it failed), recording who asked; answers it as it ends up. */
  async retry(refundId: number, actor: string): Promise<AdminRefund> {
    await this.db.transaction().execute(async (trx) => {
      const refund = await store.listedRefund(trx, refundId);
      if (!refund) throw notFound(`No refund ${refundId}`);
      if (!(await store.reopenFailed(trx, refundId))) {
        throw conflict(`This refund is ${refund.status}; only a failed refund can be retried`);
      }
      await recordAudit(trx, {
        actor,
        action: 'refund.retry',
        subject: `refund:${refundId}`,
        details: { amountPaise: refund.amount_paise, failure: refund.last_error },
      });
    });
    await this.sendOne(refundId);
    return this.one(refundId);
  }

  /**
   * Staff paid a refund by hand (a COD line's, to the shopper's UPI ID or bank account): processed with
   * the transfer's reference, audited, and the shopper told as for a gateway refund. 400 without a
   * reference; 409 for a gateway refund or one already paid.
   */
  async markPaid(refundId: number, given: string | undefined, actor: string): Promise<AdminRefund> {
    const reference = paidReference(given);
    await this.db.transaction().execute(async (trx) => {
      const refund = await store.lockRefund(trx, refundId);
      if (!refund) throw notFound(`No refund ${refundId}`);
      if (refund.method === 'gateway') {
        throw conflict('This refund goes back through the payment gateway; it cannot be marked paid by hand');
      }
      if (refund.status === 'processed') throw conflict(`This refund was already paid (${refund.reference})`);
      if (!(await store.markPaidByHand(trx, refundId, reference))) {
        throw conflict(`This refund is ${refund.status}; only a pending refund can be marked paid`);
      }
      await recordAudit(trx, {
        actor,
        action: 'refund.paid',
        subject: `refund:${refundId}`,
        details: { amountPaise: refund.amount_paise, method: refund.method, reference },
      });
      await Notifications.refundProcessed(trx, refundId);
    });
    return this.one(refundId);
  }

  private async one(refundId: number): Promise<AdminRefund> {
    const refund = await store.listedRefund(this.db, refundId);
    if (!refund) throw notFound(`No refund ${refundId}`);
    return toAdminRefund(refund);
  }

  /** Processed, and the shopper's "refund processed" SMS written with it. */
  private async markProcessed(refundId: number, gatewayRefundId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await store.markProcessed(trx, refundId, gatewayRefundId);
      await Notifications.refundProcessed(trx, refundId);
    });
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
      await this.markProcessed(refundId, made.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (refused(error)) {
        this.log.error({ refundId, err: error }, 'refund refused by the gateway; failed until retried');
        await store.markFailed(this.db, refundId, message);
        return;
      }
      this.log.error({ refundId, err: error }, 'refund not sent; the reconciler will retry');
      await store.release(this.db, refundId, message);
    }
  }
}
