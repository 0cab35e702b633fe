/**
 * After the sale's plain messages (the spec's errors), apart from the schemas so the web app imports them as
 * values without bundling TypeBox. contract/orders.ts and contract/reviews.ts re-export them. The time
 * limits and the cancellation charge are in shopping-rules.ts.
 */

// Orders: cancel, return, rate
export const CANCEL_CONFIRM = 'Are you sure to cancel this?';
export const CANCELLED_MESSAGE = 'Your item has been cancelled! Refund has been initiated';
export const RETURN_PROMPT = 'Please elaborate the issue with the product';
export const RETURN_SUBMITTED_MESSAGE = 'Your request has been submitted!';
export const EXCHANGE_REQUESTED_MESSAGE = 'Your exchange has been requested! The new size is kept for you';
export const RATE_FIRST_MESSAGE = 'Please rate the product before submitting';
export const RATED_MESSAGE = 'Thank you for rate this! Your response has been saved';

// Reviews and review photos
export const REVIEW_SAVED_MESSAGE = 'Your response has been saved successfully!';
export const REVIEW_SUBMITTED_MESSAGE = 'Review has been successfully submitted';
export const REVIEW_FAILED_MESSAGE = 'Some issue occurred, please try again later';
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const UPLOADED_MESSAGE = 'File has been uploaded successfully!';
export const UPLOAD_FAILED_MESSAGE = 'Problem encountered! Please try after sometime';

/** Orders, under a line the courier could not deliver and brought back to the seller (decision 050). */
export const RTO_MESSAGE =
  'The courier could not deliver this item and took it back to the seller. All you paid for it is refunded.';

// The order timeline's steps as the shopper's Orders and the back office's order page name them
export const TIMELINE_TITLES = {
  placed: 'Ordered',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  undelivered: 'Delivery attempted, not delivered',
  rto_initiated: 'Going back to the seller',
  rto_delivered: 'Back with the seller',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  return_accepted: 'Return accepted',
  return_rejected: 'Return rejected',
  picked_up: 'Picked up for return',
  refunded: 'Refunded',
  exchange_requested: 'Exchange requested',
  exchange_accepted: 'Exchange accepted',
  exchange_received: 'Picked up for exchange',
  exchange_shipped: 'Exchange shipped',
  cod_confirmed: 'Order confirmed',
  cash_collected: 'Paid in cash at delivery',
  cash_received: 'Cash received by the shop',
} as const;
