import { useCallback } from 'react';
import { apiPaths } from '../../../../../contract/paths.ts';
import type { WishlistItem, WishlistResponse } from '../../../../../contract/shopping.ts';
import { api } from '../../../../shared/api/client.ts';
import { useFailure } from '../../api/useFailure.ts';
import { useLoad } from '../../api/useLoad.ts';

/**
 * GET /api/wishlistPage and key=removeWish. A 403 shows the not-logged-in state (the spec's states);
 * a server error is logged with the spec's text and goes to /error (the spec's error catalogue).
 */
export function useWishlist() {
  const request = useCallback(
    (signal?: AbortSignal) =>
      api.get<WishlistResponse>(apiPaths.wishlist(), { signal }).then(({ prods }) => prods),
    [],
  );
  const { state, retry, update, show } = useLoad(request, 'Error occurred while loading wishlist page');
  const fail = useFailure();

  const remove = async (item: WishlistItem) => {
    try {
      await api.post<boolean>(
        apiPaths.removeWish(item.prod, item.productId),
        { size: item.size },
        { key: 'removeWish' },
      );
      update((prods) => prods.filter((p) => p !== item));
    } catch (error) {
      const failure = fail(error, 'Error occurred while removing wish item');
      if (failure) show(failure);
    }
  };

  return { state, remove, retry };
}
