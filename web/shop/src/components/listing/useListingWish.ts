import type { ListingProduct } from '../../../../../contract/catalogue.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { useActionFailure } from '../../api/useFailure.ts';

const WISH_FAILED = 'Something wrong happened while adding into wishlist!';

/**
 * The card heart (POST /product/{id} key=wishUpdate): wishes the card's size, or unwishes.
 * Resolves to the wish state the server answered, or undefined when nothing changed.
 * A visitor's wish is kept with their session (decision 022); a server error alerts and goes to /error.
 */
export function useListingWish(): (product: ListingProduct, wished: boolean) => Promise<boolean | undefined> {
  const fail = useActionFailure();
  return async (product, wished) => {
    try {
      return await api.post<boolean>(
        apiPaths.listingWish(product.id),
        { prodID: product.id, size: product.size ?? '', wished: !wished },
        { key: 'wishUpdate' },
      );
    } catch (error) {
      // the spec's error catalogue: a server error is also an alert here
      if (!fail(error, WISH_FAILED)) showAlert(WISH_FAILED);
      return undefined;
    }
  };
}
