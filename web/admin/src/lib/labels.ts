import type { RefundStatus } from '../../../../contract/admin.ts';
import type { RefundMethod } from '../../../../contract/cod-constants.ts';
import type { OfferState } from '../../../../contract/offers-constants.ts';
import type { LineStatus } from '../../../../contract/orders.ts';

/** Each state of an order line in the back office's words; the keys are every state there is. */
export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  placed: 'Awaiting shipment',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  returning: 'Return accepted',
  returned: 'Returned',
  return_rejected: 'Return rejected',
  exchange_requested: 'Exchange requested',
  exchanging: 'Exchange accepted',
  exchanged: 'Exchanged',
  exchange_rejected: 'Exchange rejected',
  returned_to_origin: 'Returned to origin',
};

export const LINE_STATUSES = Object.keys(LINE_STATUS_LABELS) as LineStatus[];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  processed: 'Processed',
  failed: 'Failed',
};

/** How a refund goes back, in the back office's words (decision 069). */
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  gateway: 'Payment gateway',
  upi: 'UPI, by hand',
  bank: 'Bank transfer, by hand',
  manual: 'By hand: ask the customer where',
};

/** An offer's state in the back office's words; "disabled" is what "Switch off" makes of it. */
export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  disabled: 'Switched off',
};
