import { useCallback, useState } from 'react';
import type { AppliedCoupon, ApplyCouponBody, BagCouponsResponse } from '../../../../../contract/coupons.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import type {
  AddCartResponse,
  BagLine,
  DeleteItemResponse,
  PurchasePageResponse,
} from '../../../../../contract/shopping.ts';
import { MAX_UNITS_MESSAGE, STOCK_LIMIT_MESSAGE } from '../../../../../contract/shopping-messages.ts';
import { MAX_UNITS_PER_PRODUCT } from '../../../../../contract/shopping-rules.ts';
import { api, CONNECTION_PROBLEM } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { useFailure } from '../../api/useFailure.ts';
import { useLoad } from '../../api/useLoad.ts';
import { noteBag } from '../../app/bag.ts';

/** Why the plus button may not add another unit of this line, in the words of the spec's validation rules. */
export function plusBlocked(line: BagLine, lines: BagLine[]): string | undefined {
  const units = lines.filter((l) => l.id === line.id).reduce((sum, l) => sum + l.quantity, 0);
  if (units >= MAX_UNITS_PER_PRODUCT) return MAX_UNITS_MESSAGE;
  if (line.quantity >= line.stock) return STOCK_LIMIT_MESSAGE;
  return undefined;
}

/** The bag page with the coupons for it; undefined when they could not be listed. */
export type BagPage = PurchasePageResponse & { coupons: BagCouponsResponse | undefined };

/**
 * GET /api/purchasePage with GET /api/coupons, the quantity controls (addCart 1, deleteItem) and the
 * coupon's apply and remove. After every change both are fetched again, so the price breakdown and what
 * each coupon saves always are the server's. A 403 shows the not-logged-in state.
 */
export function useBag() {
  const request = useCallback(async (signal?: AbortSignal): Promise<BagPage> => {
    const [page, coupons] = await Promise.all([
      api.get<PurchasePageResponse>(apiPaths.purchasePage(), { signal }).then(noteBag),
      // the list is a help: a bag whose coupons cannot be listed can still take a typed code and be bought
      api.get<BagCouponsResponse>(apiPaths.coupons(), { signal }).catch(() => undefined),
    ]);
    return { ...page, coupons };
  }, []);
  const { state, reload, show } = useLoad(
    request,
    'Error occurred while fetching purchase page initial information!',
  );
  const fail = useFailure();
  const [busy, setBusy] = useState(false);

  /** Handles a failed change; true when the screen stays and should show the bag afresh. */
  const refused = (error: unknown, logged: string): boolean => {
    const failure = fail(error, logged);
    if (failure?.kind !== 'refused') {
      if (failure) show(failure);
      return false;
    }
    // a 404 is a line already gone (another tab): the fresh bag shows it
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

  const plus = (line: BagLine, lines: BagLine[]) => {
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
      'Error occurred while increasing the number of items!',
    );
  };

  const minus = (line: BagLine) =>
    change(
      () =>
        api.post<DeleteItemResponse>(
          apiPaths.deleteItem(line.prod),
          { cartId: line.orderID, size: line.size },
          { key: 'deleteItem' },
        ),
      'Error occurred while decreasing the number of items!',
    );

  /**
   * Applies or removes the coupon, then shows the bag afresh; answers the refusal (404, 409, 429) in the
   * server's words, for the coupon field, or undefined when done or when the screen shows the failure.
   */
  const coupon = async (send: () => Promise<unknown>, logged: string): Promise<string | undefined> => {
    setBusy(true);
    try {
      await send();
      await reload();
      return undefined;
    } catch (error) {
      const failure = fail(error, logged);
      if (failure?.kind === 'sessionLost') show(failure);
      if (failure?.kind === 'refused') return failure.message;
      return failure?.kind === 'unanswered' ? CONNECTION_PROBLEM : undefined;
    } finally {
      setBusy(false);
    }
  };

  const applyCoupon = (code: string) => {
    const body: ApplyCouponBody = { code };
    return coupon(
      () => api.post<AppliedCoupon>(apiPaths.applyCoupon(), body),
      'Error occurred while applying a coupon!',
    );
  };

  const removeCoupon = () =>
    coupon(() => api.delete(apiPaths.applyCoupon()), 'Error occurred while removing the coupon!');

  return {
    state,
    busy,
    plus,
    minus,
    applyCoupon,
    removeCoupon,
    /** fetches the bag again, keeping the steps on screen */
    retry: reload,
    /** a 403 in a later step: the same not-logged-in state */
    sessionLost: () => show({ kind: 'sessionLost' }),
  };
}
