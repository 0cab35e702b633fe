import { formatRupees } from './money.ts';

/**
 * Cash on delivery's plain constants and sentences (shared/contracts/cash-on-delivery.md, decision 069),
 * apart from the schemas so that both web apps import them as values without bundling TypeBox.
 * contract/cod.ts re-exports them.
 */

/** the owner's settings' ranges (whole rupees) and the defaults of a new shop (migration 039) */
export const COD_LIMITS = {
  codFee: { min: 0, max: 1_000 },
  codMaxOrderValue: { min: 1, max: 10_00_000 },
  codRtoLimit: { min: 1, max: 20 },
} as const;
export const COD_DEFAULTS = { codFee: 49, codMaxOrderValue: 5_000, codRtoLimit: 2 } as const;

/** a COD order's confirmation code: 6 digits; dead after so many wrong tries; a new one after so long */
export const COD_CODE_LENGTH = 6;
export const COD_CODE_MAX_TRIES = 5;
export const COD_RESEND_SECONDS = 30;
/** COD_CONFIRM_SECONDS (environment): how long a COD order waits for its code, and its range */
export const COD_CONFIRM_SECONDS = { default: 900, min: 5, max: 86_400 } as const;

/** the pincode CSV's optional second column: Y (the partner collects cash there) or N */
export const COD_COLUMN = 'cod';

/** the courier's remittance file's header, in this order */
export const REMITTANCE_COLUMNS = ['awb', 'amount', 'date', 'reference'] as const;
/** the largest remittance file the back office takes */
export const REMITTANCE_LIMIT_BYTES = 5 * 1024 * 1024;

/** A COD line's cash: see CodLine in contract/cod.ts. */
export const COD_STATES = [
  'awaiting_confirmation',
  'to_collect',
  'cash_due',
  'cash_received',
  'not_collected',
] as const;
export type CodState = (typeof COD_STATES)[number];

/** Why COD is not offered, the first that applies, exactly as the contract words them. */
export const COD_OFF_MESSAGE = 'Cash on delivery is not available at this shop';
export const COD_ACCOUNT_MESSAGE = 'Cash on delivery is not available for your account';
export const codOpenOrdersMessage = (open: number) =>
  `Cash on delivery is not available while ${open} of your orders are still to be paid in cash`;
export const COD_PINCODE_MESSAGE = 'Cash on delivery is not available to this pincode';
export const codCapMessage = (maxOrderValueRupees: number) =>
  `Cash on delivery is not available above ${formatRupees(maxOrderValueRupees)}`;
export const COD_EMPTY_BAG_MESSAGE = 'Your bag is empty';
/** a confirmation asked of an order that no longer waits for one (confirmed, cancelled or lapsed) */
export const COD_NOT_AWAITING_MESSAGE = 'This order is no longer waiting for a confirmation code';
export const COD_WRONG_CODE_MESSAGE = 'That code is not right; please check the SMS and try again';
export const COD_DEAD_CODE_MESSAGE = 'That code has been tried too often; please ask for a new code';
export const codResendWaitMessage = (seconds: number) =>
  `Please wait ${seconds} seconds before asking for another code`;

/** the price breakdown's line and the invoice's line for the fee; the invoice's payment line */
export const COD_FEE_LABEL = 'Cash on delivery fee';
export const COD_PAYMENT_TEXT = 'Payment: Cash on delivery';

/** the UPI ID and bank account a returned COD line's refund goes to */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_HOLDER_MAX = 100;
/**
 * How a refund goes back: through the payment gateway, or by hand for a COD line to the shopper's UPI ID
 * or bank account, or by hand with no destination yet (`manual`: a COD exchange that could not be sent)
 */
export const REFUND_METHODS = ['gateway', 'upi', 'bank', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** the reference staff give when they pay a COD refund by hand */
export const REFUND_REFERENCE_MAX = 60;
