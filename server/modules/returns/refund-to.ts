import {
  ACCOUNT_HOLDER_MAX,
  ACCOUNT_NUMBER_PATTERN,
  IFSC_PATTERN,
  type RefundDestination,
  UPI_ID_PATTERN,
} from '../../../contract/cod.ts';
import { type FieldErrors, InvalidFields } from '../../platform/errors.ts';

const BANK_FIELDS = ['accountNumber', 'ifsc', 'accountHolder'] as const;
const KNOWN = new Set<string>(['upiId', ...BANK_FIELDS]);
const WHICH = 'Give a UPI ID, or a bank account number with its IFSC and the account holder’s name';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** the text of a field, trimmed; undefined when it is not text */
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

function upi(given: Record<string, unknown>): RefundDestination {
  const upiId = textOf(given.upiId);
  if (!upiId || !UPI_ID_PATTERN.test(upiId)) {
    throw new InvalidFields({ 'refundTo.upiId': 'Not a UPI ID: it reads like name@bank' });
  }
  return { upiId };
}

function bank(given: Record<string, unknown>): RefundDestination {
  const accountNumber = textOf(given.accountNumber) ?? '';
  const ifsc = textOf(given.ifsc) ?? '';
  const accountHolder = textOf(given.accountHolder) ?? '';
  const fields: FieldErrors = {};
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) {
    fields['refundTo.accountNumber'] = 'An account number is 9 to 18 digits';
  }
  if (!IFSC_PATTERN.test(ifsc)) {
    fields['refundTo.ifsc'] = 'An IFSC is 11 characters: 4 capital letters, 0, then 6 letters or digits';
  }
  if (!accountHolder || accountHolder.length > ACCOUNT_HOLDER_MAX) {
    fields['refundTo.accountHolder'] = `The account holder’s name, 1 to ${ACCOUNT_HOLDER_MAX} characters`;
  }
  if (Object.keys(fields).length > 0) throw new InvalidFields(fields);
  return { accountNumber, ifsc, accountHolder };
}

/**
 * Where a returned COD line's refund goes, as the shopper gave it with POST /return: a UPI ID or a bank
 * account (contract/cod-constants.ts's patterns), each wrong part named in a 400's `fields`.
 */
export function refundDestination(given: unknown): RefundDestination {
  if (given === undefined || given === null) throw new InvalidFields({ refundTo: `Required. ${WHICH}` });
  if (!isRecord(given) || Object.keys(given).some((key) => !KNOWN.has(key))) {
    throw new InvalidFields({ refundTo: WHICH });
  }
  const banked = BANK_FIELDS.some((key) => given[key] !== undefined);
  if (given.upiId !== undefined && banked) {
    throw new InvalidFields({ refundTo: 'Give a UPI ID or a bank account, not both' });
  }
  if (given.upiId !== undefined) return upi(given);
  if (banked) return bank(given);
  throw new InvalidFields({ refundTo: `Required. ${WHICH}` });
}
