import { type FormEvent, useEffect, useId, useState } from 'react';
import { FALLBACK_DELIVERY_DAYS } from '../../../../../contract/courier-constants.ts';
import type { Partner } from '../../../../../contract/partners.ts';
import { PROMISE_DAYS, TRACKING_ID } from '../../../../../contract/partners-constants.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useSave } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { FormActions } from '../../components/FormActions.tsx';

type Key = 'code' | 'name' | 'trackingUrl' | 'minDays' | 'maxDays';
const KEYS: readonly Key[] = ['code', 'name', 'trackingUrl', 'minDays', 'maxDays'];

/** A promise's end as typed: empty is none (null); anything else the server judges. */
const days = (text: string) => (text.trim() === '' ? null : Number(text));
const typed = (value: number | null | undefined) => (value == null ? '' : String(value));

interface Props {
  /** the partner edited; none to add one */
  partner: Partner | undefined;
  onSaved: (partner: Partner) => void;
  /** "Cancel" of an edit */
  onDone: () => void;
}

/**
 * Adds a delivery partner, or changes one's name, tracking page and delivery promise; the server's
 * messages show by field.
 */
export function PartnerForm({ partner, onSaved, onDone }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Record<Key, string>>({
    code: partner?.code ?? '',
    name: partner?.name ?? '',
    trackingUrl: partner?.trackingUrl ?? '',
    minDays: typed(partner?.minDays),
    maxDays: typed(partner?.maxDays),
  });
  const { errors, message, busy, save } = useSave<Partner>('Saving a delivery partner failed', {
    onSaved: (saved) => {
      setDraft({ code: '', name: '', trackingUrl: '', minDays: '', maxDays: '' });
      onSaved(saved);
    },
    onRefused: (fields) => {
      const first = KEYS.find((key) => fields[key]);
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
    const promise = { minDays: days(draft.minDays), maxDays: days(draft.maxDays) };
    save(() =>
      partner
        ? api.put<Partner>(apiPaths.partner(partner.code), { name, trackingUrl, ...promise })
        : api.post<Partner>(apiPaths.partners(), { code, name, trackingUrl, ...promise }),
    );
  };

  const input = (
    key: Key,
    extra: { type?: string; placeholder?: string; min?: number; max?: number } = {},
  ) => (
    <input
      {...controlProps(`${id}-${key}`, errors[key])}
      type={extra.type ?? 'text'}
      placeholder={extra.placeholder}
      min={extra.min}
      max={extra.max}
      inputMode={extra.type === 'number' ? 'numeric' : undefined}
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
      <fieldset className="admin-fieldset admin-field-wide">
        <legend>Delivery promise, in business days from the order (no Sundays or national holidays)</legend>
        <p className="admin-details">
          Both or neither: left empty, the shop promises {FALLBACK_DELIVERY_DAYS.from} to{' '}
          {FALLBACK_DELIVERY_DAYS.to} business days. The seller's handover is included.
        </p>
        <div className="admin-form-grid">
          <Field id={`${id}-minDays`} label="Delivered at the earliest in" error={errors.minDays}>
            {input('minDays', { type: 'number', min: PROMISE_DAYS.min, max: PROMISE_DAYS.max })}
          </Field>
          <Field id={`${id}-maxDays`} label="Delivered at the latest in" error={errors.maxDays}>
            {input('maxDays', { type: 'number', min: PROMISE_DAYS.min, max: PROMISE_DAYS.max })}
          </Field>
        </div>
      </fieldset>
      <FormActions
        busy={busy}
        label={partner ? 'Save' : 'Add partner'}
        onCancel={partner && onDone}
        message={message}
      />
    </form>
  );
}
