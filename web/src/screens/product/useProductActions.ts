import { useNavigate } from 'react-router';
import { showAlert } from '../../components/Alert.tsx';
import { paths } from '../../config/paths.ts';

export interface ProductActions {
  /** true or false once the server has answered; undefined when the shopper was sent to log in */
  checkPincode: (pincode: string) => Promise<boolean | undefined>;
  /** the units now in the cart, or undefined when nothing changed */
  toggleCart: (inCart: boolean) => Promise<number | undefined>;
  /** the wish state now, or undefined when nothing changed */
  toggleWish: (wished: boolean) => Promise<boolean | undefined>;
  submitReview: (review: string, rating: number) => Promise<void>;
}

interface Context {
  productId: number;
  /** the server's `loggedin` */
  loggedin: boolean;
  /** the chosen size; accessories have one size and need no choice */
  size: string | undefined;
  needsSize: boolean;
}

/**
 * The product page's shopper actions. Delivery, cart, wishlist and review calls arrive with their own
 * issues; until then every one of them needs a login (spec section 6), so each leads to /login.
 */
export function useProductActions({ productId, loggedin, size, needsSize }: Context): ProductActions {
  const navigate = useNavigate();
  const toLogin = async () => {
    navigate(paths.login());
    return undefined;
  };
  const withSize = async <T>(): Promise<T | undefined> => {
    if (!loggedin) return toLogin();
    if (needsSize && !size) showAlert('Please select a size!');
    return undefined;
  };
  return {
    checkPincode: toLogin,
    toggleCart: () => withSize<number>(),
    toggleWish: () => withSize<boolean>(),
    submitReview: async () => {
      navigate(paths.review(productId));
    },
  };
}
