import { useCallback } from 'react';
import {
  CANCELLED_MESSAGE,
  EXCHANGE_REQUESTED_MESSAGE,
  RATE_FIRST_MESSAGE,
  RATED_MESSAGE,
  RETURN_SUBMITTED_MESSAGE,
} from '../../../../../contract/after-sale-constants.ts';
import type { FitAnswer, ReturnReasonCode } from '../../../../../contract/fit-returns-constants.ts';
import type {
  CancelBody,
  ExchangeBody,
  OrderLine,
  OrdersResponse,
  RateBody,
  ReturnBody,
} from '../../../../../contract/orders.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import type { RefundToProblems } from '../../../../../contract/refund-to.ts';
import { ApiError, api } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { uploadPhoto } from '../../api/photos.ts';
import { useLoad } from '../../api/useLoad.ts';
import { COD_CANCELLED_MESSAGE } from '../../lib/cod.ts';
import type { ReturnAsk } from './OrderDialogs.tsx';

// the texts the spec's error catalogue gives a server error; the client's own, so not in the contract
const RETURN_FAILED = 'Something unexpected happened while processing the request! Please try later';
const RATING_FAILED = 'Something unexpected happened while submitting rating! Try later';

/** A 400's complaints about refundTo's parts (refundTo, refundTo.upiId, ...); undefined for any other failure. */
function refundToProblems(error: unknown): RefundToProblems | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const fields = (error.body as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const about = Object.entries(fields).filter(([name]) => name.startsWith('refundTo'));
  return about.length > 0 ? Object.fromEntries(about) : undefined;
}

/**
 * GET /api/orders, then cancel, return, exchange and rate (spec sections 4 and 8). A 403 shows the not-logged-in
 * state; a server error while loading is logged and goes to /error; a refusal (4xx) shows the server's
 * reason, anything else the spec's failure text. After a change the list is fetched again.
 */
export function useOrders() {
  const request = useCallback(
    (signal?: AbortSignal) => api.get<OrdersResponse>(apiPaths.orders(), { signal }),
    [],
  );
  const { state, retry, reload, alertFailure } = useLoad(request, 'Error occurred while loading orders');

  /** Sends a change; true when it was made (the list is then fetched again). */
  const change = async (send: () => Promise<unknown>, done: string, failed: string): Promise<boolean> => {
    try {
      await send();
    } catch (error) {
      alertFailure(error, failed);
      return false;
    }
    showAlert(done);
    await reload();
    return true;
  };

  return {
    state,
    retry,
    cancel: (line: OrderLine) =>
      change(
        () => api.post(apiPaths.cancel(), { orderID: line.purchase_id } satisfies CancelBody),
        // nothing was paid for a cash-on-delivery line, so nothing is refunded
        line.cod ? COD_CANCELLED_MESSAGE : CANCELLED_MESSAGE,
        RETURN_FAILED,
      ),
    /**
     * The photo goes up first (as a review photo does), then the return names it. Answers the server's
     * complaints about a COD line's refundTo, for the dialog to show beside its parts (nothing is alerted
     * then); any other refusal is alerted as every change's is.
     */
    requestReturn: async (line: OrderLine, ask: ReturnAsk): Promise<RefundToProblems | undefined> => {
      try {
        const photo = ask.photo && (await uploadPhoto(line.prod, line.prodId, ask.photo));
        const body: ReturnBody = {
          orderID: line.purchase_id,
          reasonCode: ask.reasonCode,
          comment: ask.comment,
          ...(photo && { photo }),
          ...(ask.refundTo && { refundTo: ask.refundTo }),
        };
        await api.post(apiPaths.return(), body);
      } catch (error) {
        const refused = refundToProblems(error);
        if (!refused) alertFailure(error, RETURN_FAILED);
        return refused;
      }
      showAlert(RETURN_SUBMITTED_MESSAGE);
      await reload();
      return undefined;
    },
    exchange: (line: OrderLine, size: string, reasonCode: ReturnReasonCode) =>
      change(
        () => api.post(apiPaths.exchange(line.purchase_id), { size, reasonCode } satisfies ExchangeBody),
        EXCHANGE_REQUESTED_MESSAGE,
        RETURN_FAILED,
      ),
    rate: async (line: OrderLine, rating: number, fit?: FitAnswer) => {
      if (rating < 1) {
        showAlert(RATE_FIRST_MESSAGE);
        return false;
      }
      const body: RateBody = { productId: line.prodId, rating, review: line.review, prod: line.prod, fit };
      return change(() => api.post(apiPaths.rate(), body), RATED_MESSAGE, RATING_FAILED);
    },
  };
}
