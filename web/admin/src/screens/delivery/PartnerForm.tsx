import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Partner } from '../../../../../contract/partners.ts';
import { TRACKING_ID } from '../../../../../contract/partners-constants.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useSave } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { FormActions } from '../../components/FormActions.tsx';

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
  const { errors, message, busy, save } = useSave<Partner>('Saving a delivery partner failed', {
    onSaved: (saved) => {
      setDraft({ code: '', name: '', trackingUrl: '' });
      onSaved(saved);
    },
    onRefused: (fields) => {
      const first = (['code', 'name', 'trackingUrl'] as const).find((key) => fields[key]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    },
  });
  // "Edit" in the list brings the person here, to the partner's first field
  useEffect(() => {
    if (partner) document.getElementById(`${id}-name`)?.focus();
  }, [partner, id]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { code, name, trackingUrl } = draft;
    save(() =>
      partner
        ? api.put<Partner>(apiPaths.partner(partner.code), { name, trackingUrl })
        : api.post<Partner>(apiPaths.partners(), { code, name, trackingUrl }),
    );
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
    <form className="admin-form-grid admin-add" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
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
      <FormActions
        busy={busy}
        label={partner ? 'Save' : 'Add partner'}
        onCancel={partner && onDone}
        message={message}
      />
    </form>
  );
}
