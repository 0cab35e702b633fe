import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PasskeyList } from '../../../../contract/passkeys.ts';
import { passkeysSupported } from '../../../shared/lib/passkeys.ts';
import { api } from '../api/client.ts';
import { apiPaths, paths } from '../api/paths.ts';

/**
 * After a sign-in by code, to a person with no passkey: a passkey is the way in that no SMS delay or
 * limit touches. Dismissed with "Not now" until the next sign-in.
 */
export function PasskeySuggestion() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!passkeysSupported()) return;
    const controller = new AbortController();
    api
      .get<PasskeyList>(apiPaths.passkeys(), { signal: controller.signal })
      .then((passkeys) => setShown(passkeys.length === 0))
      // only a suggestion: a failed look stays quiet
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (!shown) return null;
  return (
    <aside className="admin-notice" aria-label="Passkeys">
      <p>
        Sign in next time without waiting for a code: add a passkey, and this device's screen lock signs you
        in.
      </p>
      <div className="admin-actions">
        <Link className="button button-primary" to={paths.passkeys()} onClick={() => setShown(false)}>
          Add a passkey
        </Link>
        <button type="button" className="button" onClick={() => setShown(false)}>
          Not now
        </button>
      </div>
    </aside>
  );
}
