import type { FastifyBaseLogger } from 'fastify';
import type { SentSms } from '../../../contract/accounts.ts';
import type { Db } from '../../db/connect.ts';
import type { SmsSender } from '../../platform/sms/sender.ts';
import { type MessageKind, renderMessage, smsRupees } from '../../platform/sms/templates.ts';
import { shopOnRecord } from '../shop/service.ts';
import * as store from './store.ts';

/**
 * Messages a shopper may turn off in the profile: the parcel's progress, which Orders shows too. Placed,
 * cancelled, return accepted and refund processed are about the shopper's money or a decision the shop
 * took, and always go (decision 016).
 */
export const NON_ESSENTIAL: ReadonlySet<MessageKind> = new Set([
  'order_shipped',
  'order_delivered',
  'order_delivered_final',
  'exchange_shipped',
]);

/** how long a claimed message is left to its worker before another may send it: past any send's timeout */
export const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const BATCH = 20;

/** Waits after the nth failed try: 30 s, 1 min, 2 min, … doubling up to an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

export interface Notice {
  kind: MessageKind;
  customerId: number;
  /** what the message is about, unique for its kind: a purchase id, an order's or a refund's id */
  subject: string;
  variables: Record<string, string>;
}

export interface NotificationsDeps {
  db: Db;
  sms: SmsSender;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  intervalMs: number;
  now?: () => Date;
}

/**
 * SMS about an order, through an outbox: a change writes its message in its own transaction (`queue`), so
 * none is lost to a crash, and the worker sends what is due afterwards, retrying with backoff. A message
 * is marked sent only after the gateway took it: a crash in between sends it again (at least once), with
 * the same idempotency key.
 */
export class Notifications {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly now: () => Date;

  constructor(private readonly deps: NotificationsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Writes the message within the caller's transaction, naming the shop as it is now; one per kind and
   * subject, however often asked.
   */
  static async queue(trx: Db, notice: Notice): Promise<void> {
    const variables = { shop: (await shopOnRecord(trx)).name, ...notice.variables };
    await store.insert(trx, {
      idempotencyKey: `${notice.kind}.${notice.subject}`,
      customerId: notice.customerId,
      template: notice.kind,
      variables,
      text: renderMessage(notice.kind, variables),
      optional: NON_ESSENTIAL.has(notice.kind),
    });
  }

  /** "Refund processed", in the transaction that marks the refund processed. */
  static async refundProcessed(trx: Db, refundId: number): Promise<void> {
    const refund = await store.refundNotice(trx, refundId);
    if (!refund?.customer_id) return;
    await Notifications.queue(trx, {
      kind: 'refund_processed',
      customerId: refund.customer_id,
      subject: String(refundId),
      variables: {
        amount: smsRupees(refund.amount_paise),
        // a payment refunded whole before any order was made has only its own id to go by
        purchase: refund.purchase_id ?? refund.order_purchase_ids ?? refund.gateway_payment_id ?? '',
      },
    });
  }

  /** Every message sent to the phone, oldest first (the development outbox). */
  async sentTo(phone: string): Promise<SentSms[]> {
    const rows = await store.sentTo(this.deps.db, phone);
    return rows.map((row) => ({
      template: row.template,
      text: row.text,
      at: (row.sent_at ?? new Date(0)).toISOString(),
    }));
  }

  start(): void {
    const tick = () => {
      this.running ??= this.sendDue()
        .then(() => undefined)
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'SMS outbox pass failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, this.deps.intervalMs);
    this.timer.unref();
    // what an earlier process left unsent goes at once
    tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends every message due now; answers how many went. */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.now();
      const batch = await store.claimDue(this.deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const message of batch) if (await this.send(message)) sent += 1;
      if (batch.length < BATCH) return sent;
    }
  }

  private async send(message: store.ClaimedMessage): Promise<boolean> {
    try {
      await this.deps.sms.sendMessage({
        phone: message.phone,
        template: message.template as MessageKind,
        variables: message.variables,
        text: message.text,
        idempotencyKey: message.idempotency_key,
      });
    } catch (error) {
      const retryAt = new Date(this.now().getTime() + retryDelayMs(message.attempts));
      this.deps.log.warn({ err: error, key: message.idempotency_key, retryAt }, 'SMS not sent; will retry');
      await store.retryAt(this.deps.db, message.id, retryAt, (error as Error).message ?? String(error));
      return false;
    }
    await store.markSent(this.deps.db, message.id, this.now());
    return true;
  }
}
