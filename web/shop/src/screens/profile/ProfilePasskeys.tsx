import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { PASSKEY_NAME_MAX, type Passkey, type PasskeyList } from '../../../../../contract/passkeys.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import { ApiError, api } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { addPasskey, passkeyFailure, passkeysSupported } from '../../../../shared/lib/passkeys.ts';

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const when = (iso: string) => day.format(new Date(iso));

/** The server's words for a refusal, or a general sentence. */
const failure = (error: unknown, fallback: string) =>
  passkeyFailure(error) ?? (error instanceof ApiError && error.status < 500 ? error.message : fallback);

/**
 * PASSKEYS on the profile: log in with this device's screen lock instead of a code by SMS. The list with
 * "Remove", and "Add a passkey" (with an optional name) where the browser can make one.
 */
export function ProfilePasskeys() {
  const id = useId();
  const [passkeys, setPasskeys] = useState<PasskeyList | undefined>();
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      api
        .get<PasskeyList>(apiPaths.passkeys(), signal ? { signal } : {})
        .then(setPasskeys)
        .catch((error) => {
          if (!signal?.aborted) setMessage(failure(error, 'Your passkeys could not be loaded'));
        }),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      const added = await addPasskey(
        api.post,
        { options: apiPaths.passkeyOptions(), save: apiPaths.passkeys() },
        name,
      );
      setName('');
      showAlert(`Passkey added: ${added.name}`);
      await load();
    } catch (error) {
      setMessage(failure(error, 'Adding a passkey failed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    setMessage('');
    try {
      await api.delete(apiPaths.passkey(passkey.id));
      showAlert(`Passkey removed: ${passkey.name}`);
      await load();
    } catch (error) {
      setMessage(failure(error, 'Removing the passkey failed'));
    }
  };

  return (
    <section className="profile-form profile-passkeys" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile-title">
        PASSKEYS
      </h2>
      <p className="profile-state">
        Log in with your fingerprint, face or screen lock instead of waiting for a code by SMS.
      </p>
      {passkeys && passkeys.length === 0 && <p className="profile-note">You have no passkeys yet.</p>}
      {passkeys && passkeys.length > 0 && (
        <ul className="profile-passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="profile-passkey">
              <span>
                <strong>{passkey.name}</strong>
                <span className="profile-note">
                  Added {when(passkey.createdAt)}
                  {passkey.lastUsedAt ? `, last used ${when(passkey.lastUsedAt)}` : ', not used yet'}
                </span>
              </span>
              <button
                type="button"
                className="button"
                aria-label={`Remove ${passkey.name}`}
                onClick={() => remove(passkey)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form className="profile-passkey-add" onSubmit={add}>
          <div className="profile-field">
            <label htmlFor={`${id}-name`}>Name (optional)</label>
            <input
              id={`${id}-name`}
              className="auth-input"
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              placeholder="e.g. My phone"
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p className="profile-note">This browser cannot make passkeys.</p>
      )}
      <p className="profile-form-error" role="alert">
        {message}
      </p>
    </section>
  );
}
