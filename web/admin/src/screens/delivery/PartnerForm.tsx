import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Partner } from '../../../../../contract/partners.ts';
import { TRACKING_ID } from '../../../../../contract/partners-constants.ts';
import { ApiError, api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { failureMessage } from '../../api/useLoad.ts';
import { controlProps, Field } from '../../components/Field.tsx';

type Key = 'code' | 'name' | 'trackingUrl';

interface Props {
  /** the partner edited; none to add one */
  partner: Partner | undefined;
  onSaved: (partner: Partner) => void;
  /** "Cancel" of an edit */
  onDone: () => void;
}

/** Adds a delivery partner, or changes one's name and tracking page; the server's messages show by field. */
export function PartnerForm({ partner, onSaved, onDone }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Record<Key, string>>({
    code: partner?.code ?? '',
    name: partner?.name ?? '',
    trackingUrl: partner?.trackingUrl ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  // "Edit" in the list brings the person here, to the partner's first field
  useEffect(() => {
    if (partner) document.getElementById(`${id}-name`)?.focus();
  }, [partner, id]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { code, name, trackingUrl } = draft;
      const saved = partner
        ? await api.put<Partner>(apiPaths.partner(partner.code), { name, trackingUrl })
        : await api.post<Partner>(apiPaths.partners(), { code, name, trackingUrl });
      setErrors({});
      setMessage('');
      setDraft({ code: '', name: '', trackingUrl: '' });
      onSaved(saved);
    } catch (error) {
      const fields =
        error instanceof ApiError ? (error.body as { fields?: Record<string, string> })?.fields : undefined;
      setErrors(fields ?? {});
      setMessage(failureMessage(error, 'Saving a delivery partner failed'));
      const first = (['code', 'name', 'trackingUrl'] as const).find((key) => fields?.[key]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  const input = (key: Key, extra: { type?: string; placeholder?: string } = {}) => (
    <input
      {...controlProps(`${id}-${key}`, errors[key])}
      type={extra.type ?? 'text'}
      placeholder={extra.placeholder}
      autoComplete="off"
      value={draft[key]}
      onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.value }))}
    />
  );

  return (
    <form className="admin-form-grid admin-add" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-form-title admin-field-wide">
        {partner ? `Edit ${partner.name}` : 'Add a delivery partner'}
      </h2>
      {!partner && (
        <Field id={`${id}-code`} label="Code (letters, digits and dashes)" error={errors.code}>
          {input('code')}
        </Field>
      )}
      <Field id={`${id}-name`} label="Name" error={errors.name}>
        {input('name')}
      </Field>
      <Field
        id={`${id}-trackingUrl`}
        label={`Tracking page, with ${TRACKING_ID} where the tracking id goes`}
        error={errors.trackingUrl}
        className="admin-field-wide"
      >
        {input('trackingUrl', { type: 'url', placeholder: `https://courier.example/track/${TRACKING_ID}` })}
      </Field>
      <div className="admin-field-wide admin-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {partner ? 'Save' : 'Add partner'}
        </button>
        {partner && (
          <button type="button" className="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      <p className="admin-form-message admin-field-wide" role="alert">
        {message}
      </p>
    </form>
  );
}
