import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { errorAt, type FieldErrors, useSave } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import type { Outcome, ScopeDraft } from './drafts.ts';
import { SCOPE_FIELDS, type ScopeChoices, ScopePicker } from './ScopePicker.tsx';

/** What every offer's draft holds besides its own fields: its window (India time) and its scope. */
interface OfferDraft {
  startsAt: string;
  endsAt: string;
  scope: ScopeDraft;
}

/** What an offer form's own fields get to show and change the draft. */
export interface OwnFields<D> {
  draft: D;
  set: (change: Partial<D>) => void;
  errors: FieldErrors;
  /** the id of the field the API calls `field`, e.g. `${id}-percentOff` */
  idOf: (field: string) => string;
}

interface Props<D extends OfferDraft, Body, Saved> {
  /** the form's heading and accessible name: "Schedule a sale", "Edit Diwali Sale" */
  title: string;
  /** the save button's words */
  saveLabel: string;
  /** the draft it starts from (an edited offer's values, or a new one's defaults) */
  initial: D;
  /** the offer's own fields in the API's names, in the order shown, for the focus after a refusal */
  fields: string[];
  bodyOf: (draft: D) => Outcome<Body>;
  send: (body: Partial<Body>) => Promise<Saved>;
  choices: ScopeChoices;
  /** an edit: its first field takes the focus, and it has "Cancel" */
  onCancel?: (() => void) | undefined;
  onSaved: (saved: Saved) => void;
  /** the offer's own fields, before its window and scope */
  children: (own: OwnFields<D>) => ReactNode;
}

const WINDOW: { field: 'startsAt' | 'endsAt'; label: string }[] = [
  { field: 'startsAt', label: 'Starts (India time)' },
  { field: 'endsAt', label: 'Ends (India time)' },
];

/**
 * A sale's or a coupon's form: its own fields, its window in India time and its scope (one picker for
 * both). What the text cannot say is refused before sending; the server's refusal shows its message
 * beside each field it names, and the first of them takes the focus.
 */
export function OfferForm<D extends OfferDraft, Body, Saved>({
  title,
  saveLabel,
  initial,
  fields,
  bodyOf,
  send,
  choices,
  onCancel,
  onSaved,
  children,
}: Props<D, Body, Saved>) {
  const id = useId();
  const idOf = (field: string) => `${id}-${field.replaceAll('.', '-')}`;
  const [draft, setDraft] = useState<D>(initial);
  const order = [...fields, 'startsAt', 'endsAt', ...SCOPE_FIELDS];
  const focusFirst = (errors: FieldErrors) => {
    const first = order.find((field) => errorAt(errors, field));
    if (first) document.getElementById(idOf(first))?.focus();
  };
  const { errors, setErrors, message, busy, save } = useSave<Saved>(`Saving an offer failed: ${title}`, {
    onSaved: (saved) => {
      setDraft(initial);
      onSaved(saved);
    },
    onRefused: focusFirst,
  });
  const editing = onCancel !== undefined;
  const firstId = idOf(fields[0] ?? 'title');
  // "Edit" in the list brings the person here, to the offer's first field
  useEffect(() => {
    if (editing) document.getElementById(firstId)?.focus();
  }, [editing, firstId]);

  const set = (change: Partial<D>) => setDraft((d) => ({ ...d, ...change }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = bodyOf(draft);
    if ('errors' in outcome) {
      setErrors(outcome.errors);
      focusFirst(outcome.errors);
      return;
    }
    save(() => send(outcome.body));
  };

  return (
    <form
      className="admin-form-grid admin-add"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="admin-form-title admin-field-wide">
        {title}
      </h2>
      {children({ draft, set, errors, idOf })}
      {WINDOW.map(({ field, label }) => (
        <Field key={field} id={idOf(field)} label={label} error={errors[field]}>
          <input
            {...controlProps(idOf(field), errors[field])}
            type="datetime-local"
            value={draft[field]}
            onChange={(event) => set({ [field]: event.target.value } as Partial<D>)}
          />
        </Field>
      ))}
      <ScopePicker
        id={id}
        value={draft.scope}
        onChange={(scope) => set({ scope } as Partial<D>)}
        choices={choices}
        errors={errors}
      />
      <FormActions busy={busy} label={saveLabel} onCancel={onCancel} message={message} />
    </form>
  );
}
