import { type FormEvent, useEffect, useId, useState } from 'react';
import { commissionProblem, MAX_COMMISSION_PERCENT } from '../../../../../contract/books.ts';
import { HANDOVER_DAYS } from '../../../../../contract/courier-constants.ts';
import type { Seller, SellerBody } from '../../../../../contract/sellers.ts';
import type { CommissionAnswer } from '../../../../../contract/settlements.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useSave } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { FormActions } from '../../components/FormActions.tsx';

type Key =
  | 'name'
  | 'legalName'
  | 'line1'
  | 'line2'
  | 'city'
  | 'pincode'
  | 'gstin'
  | 'pan'
  | 'phone'
  | 'email'
  | 'handoverDays'
  | 'commission';
type Draft = Record<Key, string>;

interface FieldSpec {
  key: Key;
  /** the field's name in the API's errors */
  field: string;
  label: string;
  input?: { type?: string; inputMode?: 'numeric' | 'tel' | 'email'; upper?: boolean };
}

const FIELDS: FieldSpec[] = [
  { key: 'name', field: 'name', label: 'Name in the shop' },
  { key: 'legalName', field: 'legalName', label: 'Legal name (as registered for GST)' },
  { key: 'line1', field: 'address.line1', label: 'Address line 1' },
  { key: 'line2', field: 'address.line2', label: 'Address line 2 (optional)' },
  { key: 'city', field: 'address.city', label: 'City' },
  { key: 'pincode', field: 'address.pincode', label: 'Pincode', input: { inputMode: 'numeric' } },
  { key: 'gstin', field: 'gstin', label: 'GSTIN', input: { upper: true } },
  { key: 'pan', field: 'pan', label: 'PAN', input: { upper: true } },
  {
    key: 'phone',
    field: 'phone',
    label: 'Contact mobile number (optional)',
    input: { type: 'tel', inputMode: 'tel' },
  },
  {
    key: 'email',
    field: 'email',
    label: 'Contact e-mail (optional)',
    input: { type: 'email', inputMode: 'email' },
  },
];

const draftOf = (seller: Seller | undefined): Draft => ({
  name: seller?.name ?? '',
  legalName: seller?.legalName ?? '',
  line1: seller?.address.line1 ?? '',
  line2: seller?.address.line2 ?? '',
  city: seller?.address.city ?? '',
  pincode: seller?.address.pincode ?? '',
  gstin: seller?.gstin ?? '',
  pan: seller?.pan ?? '',
  phone: seller?.phone ?? '',
  email: seller?.email ?? '',
  handoverDays: String(seller?.handoverDays ?? HANDOVER_DAYS.default),
  commission: String(seller?.commissionPercent ?? 0),
});

/** The commission typed, as the number the API takes; an empty field is no number, not 0. */
const commissionOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

const bodyOf = (d: Draft): SellerBody => ({
  name: d.name,
  legalName: d.legalName,
  address: {
    line1: d.line1,
    ...(d.line2.trim() ? { line2: d.line2 } : {}),
    city: d.city,
    pincode: d.pincode,
  },
  gstin: d.gstin,
  pan: d.pan,
  phone: d.phone,
  email: d.email,
  handoverDays: Number(d.handoverDays),
});

// the spec's 0 to 7 days, as the select offers them
const HANDOVER_CHOICES = Array.from(
  { length: HANDOVER_DAYS.max - HANDOVER_DAYS.min + 1 },
  (_, i) => HANDOVER_DAYS.min + i,
);

interface Props {
  /** the seller edited; none to add one */
  seller: Seller | undefined;
  onSaved: (seller: Seller) => void;
  /** "Cancel" of an edit */
  onDone: () => void;
}

/**
 * Adds a seller, or edits one whole. The server checks every field (the GSTIN against the address's
 * state and the PAN) and its message shows beside the field; nothing changes until all are right.
 */
export function SellerForm({ seller, onSaved, onDone }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(seller));
  const { errors, setErrors, message, busy, save } = useSave<Seller>('Saving a seller failed', {
    onSaved: (saved) => {
      setDraft(draftOf(undefined));
      onSaved(saved);
    },
    // the first field to correct, for keyboard and screen reader users
    onRefused: (fields) => {
      const first =
        FIELDS.find((spec) => fields[spec.field])?.key ?? (fields.commissionPercent && 'commission');
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    },
  });
  // "Edit" in the list brings the person here, to the seller's first field
  useEffect(() => {
    if (seller) document.getElementById(`${id}-name`)?.focus();
  }, [seller, id]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const commissionPercent = commissionOf(draft.commission);
    // checked before anything is sent, so a new seller is never added with a commission still to correct
    const problem = commissionProblem(commissionPercent);
    if (problem) {
      setErrors({ commissionPercent: problem });
      document.getElementById(`${id}-commission`)?.focus();
      return;
    }
    save(async () => {
      const saved = await (seller
        ? api.put<Seller>(apiPaths.seller(seller.id), body)
        : api.post<Seller>(apiPaths.sellers(), body));
      if (saved.commissionPercent === commissionPercent) return saved;
      // the commission has its own route: it changes the lines placed from now on, not the seller's record
      const set = await api.put<CommissionAnswer>(apiPaths.sellerCommission(saved.id), {
        commissionPercent,
      });
      return { ...saved, commissionPercent: set.commissionPercent };
    });
  };

  const title = seller ? `Edit ${seller.name}` : 'Add a seller';
  return (
    <form className="admin-form-grid admin-add" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-form-title admin-field-wide">
        {title}
      </h2>
      <p className="admin-details admin-field-wide">
        The state follows from the pincode; the GSTIN must be registered in that state and carry the PAN.
      </p>
      {FIELDS.map(({ key, field, label, input = {} }) => (
        <Field key={key} id={`${id}-${key}`} label={label} error={errors[field]}>
          <input
            {...controlProps(`${id}-${key}`, errors[field])}
            type={input.type ?? 'text'}
            inputMode={input.inputMode}
            autoComplete="off"
            autoCapitalize={input.upper ? 'characters' : undefined}
            value={draft[key]}
            onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.value }))}
          />
        </Field>
      ))}
      <Field
        id={`${id}-handoverDays`}
        label="Hands parcels to the courier within (business days)"
        error={errors.handoverDays}
      >
        <select
          {...controlProps(`${id}-handoverDays`, errors.handoverDays)}
          value={draft.handoverDays}
          onChange={(event) => setDraft((d) => ({ ...d, handoverDays: event.target.value }))}
        >
          {HANDOVER_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days === 0 ? 'the same day' : `${days} ${days === 1 ? 'day' : 'days'}`}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-commission`} label="Commission (%)" error={errors.commissionPercent}>
        <input
          {...controlProps(`${id}-commission`, errors.commissionPercent)}
          inputMode="decimal"
          autoComplete="off"
          value={draft.commission}
          onChange={(event) => setDraft((d) => ({ ...d, commission: event.target.value }))}
        />
        <span className="admin-details">
          The shop’s share of each sale, 0 to {MAX_COMMISSION_PERCENT}; a change applies to lines ordered from
          then on.
        </span>
      </Field>
      <FormActions
        busy={busy}
        label={seller ? 'Save' : 'Add seller'}
        onCancel={seller && onDone}
        message={message}
      />
    </form>
  );
}
