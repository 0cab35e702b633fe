import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CodBreakdown } from '../../../../../contract/cod.ts';
import { paths } from '../../../../../contract/paths.ts';
import { CONNECTION_PROBLEM } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { codEligibility, placeCodOrder } from '../../api/cod.ts';
import { useFailure } from '../../api/useFailure.ts';
import { useLoad } from '../../api/useLoad.ts';
import { refreshBag } from '../../app/bag.ts';

const PLACE_FAILED_LOG = 'Error occurred while placing a cash on delivery order!';

/** Whether the bag may be paid in cash at the address's pincode (GET /api/cod/eligibility). */
export function useCodEligibility(pincode: string) {
  const request = useCallback((signal?: AbortSignal) => codEligibility(pincode, signal), [pincode]);
  return useLoad(request, 'Error occurred while checking cash on delivery!');
}

interface Context {
  /** the server refused the bag as priced or offered (409): show it afresh */
  onBagChanged: () => void;
  onSessionLost: () => void;
}

/**
 * Places the bag as a cash-on-delivery order at the eligibility's amount, then goes to the order's
 * confirmation by the code sent with it. A refusal is told in the
 * server's words; a 409 (no longer offered, the amount or the stock changed) shows the bag afresh.
 */
export function useCodOrder({ onBagChanged, onSessionLost }: Context) {
  const navigate = useNavigate();
  const fail = useFailure();
  /** the spinner's text while placing; '' when idle */
  const [processing, setProcessing] = useState('');

  const place = async (breakdown: CodBreakdown) => {
    if (processing) return;
    setProcessing('Placing your order...');
    try {
      const placed = await placeCodOrder(breakdown.amount * 100);
      refreshBag();
      navigate(paths.codConfirm(placed.orderId));
    } catch (error) {
      setProcessing('');
      const failure = fail(error, PLACE_FAILED_LOG);
      if (failure?.kind === 'sessionLost') onSessionLost();
      else if (failure) showAlert(failure.kind === 'refused' ? failure.message : CONNECTION_PROBLEM);
      if (failure?.kind === 'refused' && failure.status === 409) onBagChanged();
    }
  };

  return { processing, place };
}
