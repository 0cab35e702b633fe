import { useSyncExternalStore } from 'react';
import './Alert.css';

/**
 * The spec's alerts: a message shown in a role="alert" live region with exactly the given text.
 * A module-level store, so code outside components (event handlers, API callbacks) can raise one.
 */

interface AlertState {
  message: string;
  /** changes on every call, so the same text raised twice is announced twice */
  id: number;
}

let state: AlertState = { message: '', id: 0 };
const listeners = new Set<() => void>();

function publish(next: AlertState) {
  state = next;
  for (const listener of listeners) listener();
}

export function showAlert(message: string) {
  publish({ message, id: state.id + 1 });
}

export function dismissAlert() {
  publish({ message: '', id: state.id + 1 });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once by the app shell; the live region stays in the page so announcements are reliable. */
export function AlertRegion() {
  const { message, id } = useSyncExternalStore(subscribe, () => state);
  return (
    <div className="alert-region">
      <div role="alert" className="alert-live">
        {message && (
          <p key={id} className="alert-message">
            {message}
          </p>
        )}
      </div>
      {message && (
        <button type="button" className="alert-dismiss" onClick={dismissAlert}>
          OK
        </button>
      )}
    </div>
  );
}
