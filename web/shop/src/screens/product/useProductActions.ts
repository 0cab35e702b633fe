import { useNavigate } from 'react-router';
import {
  REVIEW_FAILED_MESSAGE,
  REVIEW_SUBMITTED_MESSAGE,
} from '../../../../../contract/after-sale-constants.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import type { PostReviewBody } from '../../../../../contract/reviews.ts';
import type { AddCartResponse } from '../../../../../contract/shopping.ts';
import { SELECT_SIZE_MESSAGE } from '../../../../../contract/shopping-messages.ts';
import { api } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { failureOf, useActionFailure } from '../../api/useFailure.ts';
import { refreshBag } from '../../app/bag.ts';

export interface ProductActions {
  /** true or false once the server has answered; undefined when it did not */
  checkPincode: (pincode: string) => Promise<boolean | undefined>;
  /** the units of this size now in the bag, or undefined when nothing changed */
  toggleBag: (inBag: boolean) => Promise<number | undefined>;
  /** the wish state now, or undefined when nothing changed */
  toggleWish: (wished: boolean) => Promise<boolean | undefined>;
  /** true when the review was saved */
  submitReview: (review: string, rating: number) => Promise<boolean>;
}

interface Context {
  productId: number;
  prod: string;
  /** the delivery partner code, sent with the pincode check */
  partner: string;
  /** the chosen size; accessories and one-size genres have one size ('') and need no choice */
  size: string | undefined;
  needsSize: boolean;
}

/**
 * The product page's shopper actions (spec sections 4 and 8). A visitor checks pincodes and fills the bag
 * and wishlist as a customer does (decision 022); a review needs a login, and a 403 goes to /login. The
 * server's refusals (409 limits, 400 size) are alerts.
 */
export function useProductActions(context: Context): ProductActions {
  const { productId, prod, partner, size, needsSize } = context;
  const navigate = useNavigate();

  const fail = useActionFailure();
  const call = async <T>(send: () => Promise<T>, needsChosenSize: boolean): Promise<T | undefined> => {
    if (needsChosenSize && needsSize && !size) {
      showAlert(SELECT_SIZE_MESSAGE);
      return undefined;
    }
    return send().catch((error: unknown) => {
      fail(error, 'Error occurred while changing the product');
      return undefined;
    });
  };
  const action = apiPaths.productAction(prod, productId);

  return {
    checkPincode: (pincode) =>
      call(() => api.post<boolean>(apiPaths.pincheck(), { pincode, partner }), false),
    toggleBag: (inBag) =>
      call(async () => {
        const body = { prodID: productId, size: size ?? '', addCart: inBag ? 0 : 1 };
        const answer = await api.post<AddCartResponse>(action, body, { key: 'addCart' });
        refreshBag();
        return answer.cartInd;
      }, true),
    toggleWish: (wished) =>
      call(
        () =>
          api.post<boolean>(
            action,
            { prodID: productId, size: size ?? '', wished: !wished },
            { key: 'wishUpdate' },
          ),
        true,
      ),
    submitReview: async (review, rating) => {
      const body: PostReviewBody = { userReview: review, userRating: rating, prod };
      try {
        await api.post(apiPaths.review(productId), body);
      } catch (error) {
        if (failureOf(error).kind === 'sessionLost') navigate(paths.login());
        else showAlert(REVIEW_FAILED_MESSAGE);
        return false;
      }
      showAlert(REVIEW_SUBMITTED_MESSAGE);
      return true;
    },
  };
}
