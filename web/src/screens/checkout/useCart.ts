import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  AddCartResponse,
  CartLine,
  DeleteItemResponse,
  PurchasePageResponse,
} from '../../../../contract/shopping.ts';
import {
  MAX_UNITS_MESSAGE,
  MAX_UNITS_PER_PRODUCT,
  STOCK_LIMIT_MESSAGE,
} from '../../../../contract/shopping-rules.ts';
import { ApiError, api } from '../../api/client.ts';
import { showAlert } from '../../components/Alert.tsx';
import { apiPaths, paths } from '../../config/paths.ts';

export type CartState =
  | { status: 'loading' }
  | { status: 'loggedOut' }
  | { status: 'failed' }
  | { status: 'ready'; cart: PurchasePageResponse };

/** Why the plus button may not add another unit of this line, in spec section 5's words. */
export function plusBlocked(line: CartLine, lines: CartLine[]): string | undefined {
  const units = lines.filter((l) => l.id === line.id).reduce((sum, l) => sum + l.quantity, 0);
  if (units >= MAX_UNITS_PER_PRODUCT) return MAX_UNITS_MESSAGE;
  if (line.quantity >= line.stock) return STOCK_LIMIT_MESSAGE;
  return undefined;
}

/**
 * GET /api/purchasePage and the quantity controls (addCart 1, deleteItem). After every change the page
 * is fetched again, so the price breakdown always is the server's. A 403 shows the not-logged-in state.
 */
export function useCart() {
  const navigate = useNavigate();
  const [state, setState] = useState<CartState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  /** Handles a failed call; true when the screen stays and should show the cart afresh. */
  const fail = useCallback(
    (error: unknown, logged: string): boolean => {
      if (!(error instanceof ApiError)) {
        setState({ status: 'failed' });
        return false;
      }
      if (error.status === 403) {
        setState({ status: 'loggedOut' });
        return false;
      }
      if (error.status >= 500) {
        console.error(logged);
        navigate(paths.error());
        return false;
      }
      // a 404 is a line already gone (another tab): the fresh cart shows it
      if (error.status !== 404) showAlert(error.message);
      return true;
    },
    [navigate],
  );

  const load = useCallback(
    (signal?: AbortSignal) =>
      api
        .get<PurchasePageResponse>(apiPaths.purchasePage(), { signal })
        .then((cart) => setState({ status: 'ready', cart }))
        .catch((error: unknown) => {
          if (signal?.aborted) return;
          if (fail(error, 'Error occured while fetching purchase page initial information!')) {
            setState({ status: 'failed' });
          }
        }),
    [fail],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const change = async (send: () => Promise<unknown>, logged: string) => {
    setBusy(true);
    const reload = await send().then(
      () => true,
      (error: unknown) => fail(error, logged),
    );
    if (reload) await load();
    setBusy(false);
  };

  const plus = (line: CartLine, lines: CartLine[]) => {
    const blocked = plusBlocked(line, lines);
    if (blocked) {
      showAlert(blocked);
      return Promise.resolve();
    }
    return change(
      () =>
        api.post<AddCartResponse>(
          apiPaths.productAction(line.prod, line.id),
          { prodID: line.id, size: line.size, addCart: 1 },
          { key: 'addCart' },
        ),
      'Error occured while increasing the number of items!',
    );
  };

  const minus = (line: CartLine) =>
    change(
      () =>
        api.post<DeleteItemResponse>(
          apiPaths.deleteItem(line.prod),
          { cartId: line.orderID, size: line.size },
          { key: 'deleteItem' },
        ),
      'Error occured while decreasing the number of items!',
    );

  return {
    state,
    busy,
    plus,
    minus,
    retry: () => load(),
    /** a 403 in a later step: the same not-logged-in state */
    sessionLost: () => setState({ status: 'loggedOut' }),
  };
}
