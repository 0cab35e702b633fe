import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import type { BackInStockResponse } from '../../../../../contract/back-in-stock.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { useActionFailure } from '../../api/useFailure.ts';
import { useLoad } from '../../api/useLoad.ts';
import { useSession } from '../../app/session.tsx';
import './notify-me.css';

/**
 * "Notify me" under the sizes: a customer asks for one SMS when a sold-out size is back in
 * stock, and a second press stops waiting; a visitor is asked to log in first.
 */
export function NotifyMe({ soldOut }: { soldOut: string[] }) {
  const { productId = '' } = useParams();
  const { isLoggedIn } = useSession();
  const request = useCallback(
    async (signal?: AbortSignal) =>
      isLoggedIn ? (await api.get<BackInStockResponse>(apiPaths.notifyMe(productId), { signal })).sizes : [],
    [isLoggedIn, productId],
  );
  const { state, update } = useLoad(request, 'Error occurred while loading the sizes you wait for');
  const fail = useActionFailure();

  if (!isLoggedIn || state.status === 'loggedOut') {
    return (
      <p className="notify-me">
        Sold out in your size? <Link to={paths.login()}>Log in</Link> and we will send you an SMS when it is
        back in stock.
      </p>
    );
  }
  const waiting = state.status === 'ready' ? state.data : [];
  const toggle = async (size: string) => {
    const wasWaiting = waiting.includes(size);
    try {
      const send = wasWaiting ? api.delete : api.post;
      const { sizes } = await send<BackInStockResponse>(apiPaths.notifyMe(productId), { size });
      update(() => sizes);
      showAlert(
        wasWaiting
          ? `You will not get an SMS about size ${size}.`
          : `We will send you an SMS when size ${size} is back in stock.`,
      );
    } catch (error) {
      fail(error, 'Error occurred while asking to be told of a size');
    }
  };

  return (
    <div className="notify-me">
      <p>Sold out in your size? We will send you an SMS when it is back in stock.</p>
      <ul className="notify-me-sizes">
        {soldOut.map((size) => (
          <li key={size}>
            <button
              type="button"
              className="button notify-me-button"
              aria-pressed={waiting.includes(size)}
              disabled={state.status === 'loading'}
              onClick={() => toggle(size)}
            >
              {waiting.includes(size) ? `WE'LL SMS YOU: ${size}` : `NOTIFY ME: ${size}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
