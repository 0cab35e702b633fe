import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CANCELLED_MESSAGE,
  RATE_FIRST_MESSAGE,
  RATED_MESSAGE,
  RETURN_SUBMITTED_MESSAGE,
} from '../../../../contract/after-sale-constants.ts';
import type {
  CancelBody,
  OrderLine,
  OrdersResponse,
  RateBody,
  ReturnBody,
} from '../../../../contract/orders.ts';
import { ApiError, api } from '../../api/client.ts';
import { showAlert } from '../../components/Alert.tsx';
import { apiPaths, paths } from '../../config/paths.ts';

export type OrdersState =
  | { status: 'loading' }
  | { status: 'loggedOut' }
  | { status: 'failed' }
  | { status: 'ready'; lines: OrderLine[] };

// spec section 8's texts for a server error; the client's own, so not in the contract
const RETURN_FAILED = 'Something unexpected happened while processing the request! Please try later';
const RATING_FAILED = 'Something unexpected happened while submitting rating! Try later';

/**
 * GET /api/orders, then cancel, return and rate (spec sections 4 and 8). A 403 shows the not-logged-in
 * state; a server error while loading is logged and goes to /error; a refusal (4xx) shows the server's
 * reason, anything else the spec's failure text. After a change the list is fetched again.
 */
export function useOrders() {
  const navigate = useNavigate();
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const lines = await api.get<OrdersResponse>(apiPaths.orders(), { signal });
        setState({ status: 'ready', lines });
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof ApiError && error.status === 403) {
          setState({ status: 'loggedOut' });
        } else if (error instanceof ApiError && error.status >= 500) {
          console.error('Error occured while loading orders');
          navigate(paths.error());
        } else {
          setState({ status: 'failed' });
        }
      }
    },
    [navigate],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` re-runs a failed load
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal);
    return () => controller.abort();
  }, [attempt, load]);

  /** Sends a change; true when it was made (the list is then fetched again). */
  const change = async (send: () => Promise<unknown>, done: string, failed: string): Promise<boolean> => {
    try {
      await send();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setState({ status: 'loggedOut' });
      else if (error instanceof ApiError && error.status < 500) showAlert(error.message);
      else showAlert(failed);
      return false;
    }
    showAlert(done);
    await load();
    return true;
  };

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    cancel: (line: OrderLine) =>
      change(
        () => api.post(apiPaths.cancel(), { orderID: line.purchase_id } satisfies CancelBody),
        CANCELLED_MESSAGE,
        RETURN_FAILED,
      ),
    requestReturn: (line: OrderLine, reason: string) =>
      change(
        () => api.post(apiPaths.return(), { orderID: line.purchase_id, reason } satisfies ReturnBody),
        RETURN_SUBMITTED_MESSAGE,
        RETURN_FAILED,
      ),
    rate: async (line: OrderLine, rating: number) => {
      if (rating < 1) {
        showAlert(RATE_FIRST_MESSAGE);
        return false;
      }
      const body: RateBody = { productId: line.prodId, rating, review: line.review, prod: line.prod };
      return change(() => api.post(apiPaths.rate(), body), RATED_MESSAGE, RATING_FAILED);
    },
  };
}
