import { ACCOUNT_HOLDER_MAX, ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, UPI_ID_PATTERN } from './cod-constants.ts';

/**
 * Where a returned COD line's refund goes (POST /return's `refundTo`): the shopper's UPI ID, or their bank
 * account with its IFSC and holder's name. Checked part by part with cod-constants.ts's patterns, by the
 * server and by the shop's return form alike, so the form says what the server would. Plain TypeScript:
 * the shop imports it without TypeBox.
 */
export type RefundTo = { upiId: string } | { accountNumber: string; ifsc: string; accountHolder: string };

/** each wrong part by its name in a 400's `fields`: refundTo, refundTo.upiId, refundTo.ifsc, ... */
export type RefundToProblems = Record<string, string>;

const BANK_PARTS = ['accountNumber', 'ifsc', 'accountHolder'] as const;
const KNOWN = new Set<string>(['upiId', ...BANK_PARTS]);
const WHICH = 'Give a UPI ID, or a bank account number with its IFSC and the account holder’s name';
export const REFUND_TO_MESSAGES = {
  required: `Required. ${WHICH}`,
  which: WHICH,
  both: 'Give a UPI ID or a bank account, not both',
  upiId: 'Not a UPI ID: it reads like name@bank',
  accountNumber: 'An account number is 9 to 18 digits',
  ifsc: 'An IFSC is 11 characters: 4 capital letters, 0, then 6 capital letters or digits',
  accountHolder: `The account holder’s name, 1 to ${ACCOUNT_HOLDER_MAX} characters`,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** a part's text, trimmed; '' when it is not text */
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function bank(given: Record<string, unknown>): { refundTo: RefundTo } | { problems: RefundToProblems } {
  const refundTo = {
    accountNumber: textOf(given.accountNumber),
    ifsc: textOf(given.ifsc),
    accountHolder: textOf(given.accountHolder),
  };
  const problems: RefundToProblems = {};
  if (!ACCOUNT_NUMBER_PATTERN.test(refundTo.accountNumber)) {
    problems['refundTo.accountNumber'] = REFUND_TO_MESSAGES.accountNumber;
  }
  if (!IFSC_PATTERN.test(refundTo.ifsc)) problems['refundTo.ifsc'] = REFUND_TO_MESSAGES.ifsc;
  if (!refundTo.accountHolder || refundTo.accountHolder.length > ACCOUNT_HOLDER_MAX) {
    problems['refundTo.accountHolder'] = REFUND_TO_MESSAGES.accountHolder;
  }
  return Object.keys(problems).length > 0 ? { problems } : { refundTo };
}

/** The destination as given, trimmed, or what is wrong with it. */
export function checkRefundTo(given: unknown): { refundTo: RefundTo } | { problems: RefundToProblems } {
  if (given === undefined || given === null) return { problems: { refundTo: REFUND_TO_MESSAGES.required } };
  if (!isRecord(given) || Object.keys(given).some((key) => !KNOWN.has(key))) {
    return { problems: { refundTo: REFUND_TO_MESSAGES.which } };
  }
  const banked = BANK_PARTS.some((key) => given[key] !== undefined);
  if (given.upiId !== undefined && banked) return { problems: { refundTo: REFUND_TO_MESSAGES.both } };
  if (given.upiId !== undefined) {
    const upiId = textOf(given.upiId);
    return UPI_ID_PATTERN.test(upiId)
      ? { refundTo: { upiId } }
      : { problems: { 'refundTo.upiId': REFUND_TO_MESSAGES.upiId } };
  }
  if (banked) return bank(given);
  return { problems: { refundTo: REFUND_TO_MESSAGES.required } };
}
