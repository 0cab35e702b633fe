import type { ReactNode } from 'react';
import { Spinner } from '../../../shared/components/Spinner.tsx';
import type { Loaded } from '../api/useLoad.ts';

interface Props<T> {
  state: Loaded<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}

/** A screen's data as it loads: a spinner, the failure with "Try again", or the data. */
export function Loading<T>({ state, onRetry, children }: Props<T>) {
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'failed') {
    return (
      <div className="admin-failed">
        <p role="alert">{state.message}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return children(state.data);
}
