import { paths } from '../../../../contract/paths.ts';
import type { PolicyPage } from '../../../../contract/shop-constants.ts';

/** The five policy pages of spec point 1, as the policy menu and the footer link them; their texts come from the API. */

export type PolicyName = Exclude<PolicyPage, 'contact'>;

/** the link text in the policy menu, and the page's address */
export const POLICIES: Record<PolicyName, { label: string; path: string }> = {
  terms: { label: 'Terms', path: paths.terms() },
  privacy: { label: 'Privacy', path: paths.privacy() },
  payment: { label: 'Payment', path: paths.payment() },
  cancellation: { label: 'Cancellation & return', path: paths.cancellation() },
  shipping: { label: 'Shipping', path: paths.shipping() },
};
