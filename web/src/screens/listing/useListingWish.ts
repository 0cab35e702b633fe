import { useNavigate } from 'react-router';
import type { ListingProduct } from '../../../../contract/catalog.ts';
import { paths } from '../../config/paths.ts';

/**
 * The card heart's action. The wishlist needs a logged-in shopper, and the wishlist call
 * (POST /product/{id} key=wishUpdate) arrives with the wishlist issue: until then it leads to login.
 */
export function useListingWish(): (product: ListingProduct) => void {
  const navigate = useNavigate();
  return () => navigate(paths.login());
}
