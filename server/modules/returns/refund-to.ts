import { checkRefundTo, type RefundTo } from '../../../contract/refund-to.ts';
import { InvalidFields } from '../../platform/errors.ts';

/**
 * Where a returned COD line's refund goes, as the shopper gave it with POST /return: a UPI ID or a bank
 * account, each wrong part named in a 400's `fields` (contract/refund-to.ts, which the shop's form uses too).
 */
export function refundDestination(given: unknown): RefundTo {
  const checked = checkRefundTo(given);
  if ('problems' in checked) throw new InvalidFields(checked.problems);
  return checked.refundTo;
}
