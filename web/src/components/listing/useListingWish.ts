import { useNavigate } from 'react-router';
import type { ListingProduct } from '../../../../contract/catalog.ts';
import { api } from '../../api/client.ts';
import { useActionFailure } from '../../api/useFailure.ts';
import { useSession } from '../../app/session.tsx';
import { apiPaths, paths } from '../../config/paths.ts';
import { showAlert } from '../Alert.tsx';

const WISH_FAILED = 'Something wrong happened while adding into wishlist!';

/**
 * The card heart (POST /product/{id} key=wishUpdate): wishes the card's size, or unwishes.
 * Resolves to the wish state the server answered, or undefined when nothing changed.
 * A visitor, or a lost session (403), goes to /login; a server error alerts and goes to /error.
 */
export function useListingWish(): (product: ListingProduct, wished: boolean) => Promise<boolean | undefined> {
  const navigate = useNavigate();
  const fail = useActionFailure();
  const { isLoggedIn } = useSession();
  return async (product, wished) => {
    if (!isLoggedIn) {
      navigate(paths.login());
      return undefined;
    }
    try {
      return await api.post<boolean>(
        apiPaths.listingWish(product.id),
        { prodID: product.id, size: product.size ?? '', wished: !wished },
        { key: 'wishUpdate' },
      );
    } catch (error) {
      // spec section 8: a server error is also an alert here
      if (!fail(error, WISH_FAILED)) showAlert(WISH_FAILED);
      return undefined;
    }
  };
}
