import type { Eligibility, PlaceCodBody, PlacedCodOrder } from '../../../../contract/cod.ts';
import { apiPaths } from '../../../../contract/paths.ts';
import { api } from '../../../shared/api/client.ts';

/** Cash on delivery's calls (contract/cod.ts): the offer for the bag, placing, the code and a new one. */

/** Whether the bag may be paid in cash at this pincode, with the fee and the breakdown with it. */
export const codEligibility = (pincode: string, signal?: AbortSignal) =>
  api.get<Eligibility>(apiPaths.codEligibility(pincode), { signal });

/** Places the bag as a COD order; `amount` in paise, the eligibility's breakdown.amount x 100. */
export const placeCodOrder = (amount: number) =>
  api.post<PlacedCodOrder>(apiPaths.codOrders(), { amount } satisfies PlaceCodBody);

export const confirmCodOrder = (orderId: number, code: string) =>
  api.post<{ confirmed: true }>(apiPaths.codConfirm(orderId), { code });

export const resendCodCode = (orderId: number) =>
  api.post<{ sent: true; resendAfter: number }>(apiPaths.codCode(orderId), {});
