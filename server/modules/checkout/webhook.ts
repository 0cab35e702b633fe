import type { Db } from '../../db/connect.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { webhookSignature } from '../payments/webhook-event.ts';
import type { Placement } from './placement.ts';
import * as store from './webhook-store.ts';

/** the events that mean "this order is paid" */
const PAID_EVENTS = ['payment.captured', 'order.paid'];

interface Event {
  event?: unknown;
  payload?: { payment?: { entity?: { id?: unknown } } };
}

export type WebhookOutcome = 'placed' | 'ignored' | 'unconfirmed' | 'duplicate';

/**
 * Razorpay's webhook: the browser may never come back after paying (closed tab, lost network, a
 * restart between verify and checkout), so a signed "paid" event places the order too, once the
 * gateway confirms the payment it names.
 */
export class PaymentWebhook {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly placement: Placement,
  ) {}

  async receive(rawBody: string, signature: unknown, eventId: unknown): Promise<WebhookOutcome> {
    if (typeof signature !== 'string' || !safeEqual(webhookSignature(this.secret, rawBody), signature)) {
      throw badRequest('Invalid webhook signature');
    }
    const event = parse(rawBody);
    const id = typeof eventId === 'string' && eventId ? eventId : undefined;
    // a replay changes nothing; placing is idempotent anyway, this spares the gateway a question
    if (id && (await store.seen(this.db, id))) return 'duplicate';
    const paymentId = paidPaymentId(event);
    const outcome = paymentId ? await this.placement.placeNotified(paymentId) : 'ignored';
    // an unconfirmed payment stays open: a redelivery of the same event asks the gateway again
    if (id && outcome !== 'unconfirmed') await store.remember(this.db, id, String(event.event));
    return outcome;
  }
}

function parse(rawBody: string): Event {
  try {
    const event: unknown = JSON.parse(rawBody);
    if (event && typeof event === 'object') return event as Event;
  } catch {
    // answered below
  }
  throw badRequest('Webhook body is not a JSON object');
}

/** Only the payment's id is read: its order, amount, currency and status are the gateway's to say. */
function paidPaymentId(event: Event): string | undefined {
  const entity = event.payload?.payment?.entity;
  if (typeof event.event !== 'string' || !PAID_EVENTS.includes(event.event) || !entity) return undefined;
  if (typeof entity.id !== 'string' || !entity.id) throw badRequest('Webhook payment entity has no id');
  return entity.id;
}
