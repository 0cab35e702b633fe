import { type FormEvent, useId, useState } from 'react';
import { PASSKEY_NAME_MAX } from '../../../../contract/passkeys.ts';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { addPasskey, passkeyFailure } from '../../../shared/lib/passkeys.ts';
import { api } from '../api/client.ts';
import { apiPaths } from '../api/paths.ts';
import { failureMessage } from '../api/useLoad.ts';

/** "Add a passkey": an optional name, then the device's own prompt; a refusal shown beside the form. */
export function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      const paths = { options: apiPaths.passkeyOptions(), save: apiPaths.passkeys() };
      const added = await addPasskey(api.post, paths, name);
      setName('');
      showAlert(`Passkey added: ${added.name}`);
      onAdded();
    } catch (error) {
      setMessage(passkeyFailure(error) ?? failureMessage(error, 'Adding a passkey failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-filters admin-add" onSubmit={add} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-form-title">
        Add a passkey
      </h2>
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>Name (optional)</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          placeholder="e.g. My phone"
          autoComplete="off"
          aria-describedby={`${id}-message`}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        Add a passkey
      </button>
      <p id={`${id}-message`} role="alert" className="admin-form-message">
        {message}
      </p>
    </form>
  );
}
