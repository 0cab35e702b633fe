import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { WishlistItem, WishlistResponse } from '../../../../contract/shopping.ts';
import { ApiError, api } from '../../api/client.ts';
import { apiPaths, paths } from '../../config/paths.ts';

export type WishlistState =
  | { status: 'loading' }
  | { status: 'loggedOut' }
  | { status: 'failed' }
  | { status: 'ready'; prods: WishlistItem[] };

/**
 * GET /api/wishlistPage and key=removeWish. A 403 shows the not-logged-in state (spec section 4);
 * a server error is logged with the spec's text and goes to /error (spec section 8).
 */
export function useWishlist() {
  const navigate = useNavigate();
  const [state, setState] = useState<WishlistState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const fail = (error: unknown, logged: string) => {
    if (error instanceof ApiError && error.status === 403) {
      setState({ status: 'loggedOut' });
    } else if (error instanceof ApiError && error.status >= 500) {
      console.error(logged);
      navigate(paths.error());
    } else {
      setState({ status: 'failed' });
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` re-runs a failed load
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .get<WishlistResponse>(apiPaths.wishlist(), { signal: controller.signal })
      .then(({ prods }) => setState({ status: 'ready', prods }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) fail(error, 'Error occured while loading wishlist page');
      });
    return () => controller.abort();
  }, [attempt]);

  const remove = async (item: WishlistItem) => {
    try {
      await api.post<boolean>(
        apiPaths.removeWish(item.prod, item.productId),
        { size: item.size },
        { key: 'removeWish' },
      );
      setState((s) =>
        s.status === 'ready' ? { status: 'ready', prods: s.prods.filter((p) => p !== item) } : s,
      );
    } catch (error) {
      fail(error, 'Error occured while removing wish item');
    }
  };

  return { state, remove, retry: () => setAttempt((n) => n + 1) };
}
