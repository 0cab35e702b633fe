import { useCallback, useState } from 'react';
import { apiPaths } from '../../../../contract/paths.ts';
import type {
  AddCartResponse,
  CartLine,
  DeleteItemResponse,
  PurchasePageResponse,
} from '../../../../contract/shopping.ts';
import { MAX_UNITS_MESSAGE, STOCK_LIMIT_MESSAGE } from '../../../../contract/shopping-messages.ts';
import { MAX_UNITS_PER_PRODUCT } from '../../../../contract/shopping-rules.ts';
import { api } from '../../api/client.ts';
import { useFailure } from '../../api/useFailure.ts';
import { useLoad } from '../../api/useLoad.ts';
import { noteBag } from '../../app/bag.ts';
import { showAlert } from '../../components/Alert.tsx';

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
  const request = useCallback(
    (signal?: AbortSignal) =>
      api.get<PurchasePageResponse>(apiPaths.purchasePage(), { signal }).then(noteBag),
    [],
  );
  const { state, reload, show } = useLoad(
    request,
    'Error occured while fetching purchase page initial information!',
  );
  const fail = useFailure();
  const [busy, setBusy] = useState(false);

  /** Handles a failed change; true when the screen stays and should show the cart afresh. */
  const refused = (error: unknown, logged: string): boolean => {
    const failure = fail(error, logged);
    if (failure?.kind !== 'refused') {
      if (failure) show(failure);
      return false;
    }
    // a 404 is a line already gone (another tab): the fresh cart shows it
    if (failure.status !== 404) showAlert(failure.message);
    return true;
  };

  const change = async (send: () => Promise<unknown>, logged: string) => {
    setBusy(true);
    const reloadAfter = await send().then(
      () => true,
      (error: unknown) => refused(error, logged),
    );
    if (reloadAfter) await reload();
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
    /** fetches the cart again, keeping the steps on screen */
    retry: reload,
    /** a 403 in a later step: the same not-logged-in state */
    sessionLost: () => show({ kind: 'sessionLost' }),
  };
}
