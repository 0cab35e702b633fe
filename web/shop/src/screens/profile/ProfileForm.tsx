import { type FormEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import type { Profile } from '../../../../../contract/accounts.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { messages } from '../../api/accounts.ts';
import { useFailure } from '../../api/useFailure.ts';
import { setUname } from '../../app/session.tsx';
import { StateSelect } from '../../components/StateSelect.tsx';
import { startingPin, usePincodeFill } from '../../lib/address-fields.ts';
import {
  ADDRESS,
  CONTACT,
  type ProfileForm as Form,
  formErrors,
  PERSON,
  type TextField,
  toForm,
} from './fields.ts';

interface Props {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}

type Errors = Partial<Record<TextField, string>>;

/** PERSONAL INFORMATION: locked until EDIT; SAVE sends it, says 'Saved successfully!' and locks again. */
export function ProfileForm({ profile, onSaved }: Props) {
  const navigate = useNavigate();
  const fail = useFailure();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const editRef = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Form>(() => toForm(profile));
  const [errors, setErrors] = useState<Errors>({});
  const [formMessage, setFormMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const fillFromPincode = usePincodeFill(setForm);

  const toggleEdit = () => {
    // EDIT again leaves the changes unsaved; editing starts from the pincode last checked when none is saved
    const start = editing ? toForm(profile) : { ...toForm(profile), pin: startingPin(profile.pin) };
    flushSync(() => {
      setEditing(!editing);
      setForm(start);
      setErrors({});
      setFormMessage('');
    });
    if (!editing) document.getElementById(fieldId('fname'))?.focus();
    if (!editing && (!start.city || !start.state)) void fillFromPincode(start.pin, false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = formErrors(form);
    setErrors(found);
    setFormMessage('');
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await api.post<Profile>(apiPaths.editProfile(), form);
      flushSync(() => {
        onSaved(saved);
        setForm(toForm(saved));
        setEditing(false);
      });
      // the header greets by the first name
      setUname(saved.fname);
      showAlert(messages.saved);
      editRef.current?.focus();
    } catch (error) {
      const failure = fail(error, 'Error occurred while updating the profile');
      if (failure?.kind === 'sessionLost') navigate(paths.login());
      else if (failure?.kind === 'refused' && failure.status === 400) setFormMessage(failure.message);
      else if (failure) setFormMessage('Your changes could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  const textField = (spec: (typeof PERSON)[number]) => {
    const error = errors[spec.name];
    const errorId = `${fieldId(spec.name)}-error`;
    return (
      <div key={spec.name} className="profile-field">
        <label htmlFor={fieldId(spec.name)}>{spec.label}</label>
        <input
          id={fieldId(spec.name)}
          className="text-input profile-input"
          type="text"
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete}
          maxLength={spec.maxLength}
          readOnly={spec.readOnly}
          value={form[spec.name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const value = spec.clean ? spec.clean(event.target.value) : event.target.value;
            setForm((current) => ({ ...current, [spec.name]: value }));
            if (spec.name === 'pin') void fillFromPincode(value, true);
          }}
        />
        {error && (
          <p id={errorId} className="profile-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="profile-form" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
      <div className="profile-form-head">
        <h1 id={`${id}-title`} className="profile-title">
          PERSONAL INFORMATION
        </h1>
        <button
          ref={editRef}
          type="button"
          className="button profile-edit"
          aria-pressed={editing}
          onClick={toggleEdit}
        >
          EDIT
        </button>
      </div>
      <p className="profile-state">
        {editing ? 'Make your changes, then SAVE.' : 'Press EDIT to change your details.'}
      </p>
      <fieldset className="profile-fields" disabled={!editing}>
        <legend className="visually-hidden">Personal information</legend>
        <div className="profile-grid">
          {PERSON.map(textField)}
          <fieldset className="profile-field profile-gender">
            <legend>Gender</legend>
            <div className="profile-gender-options">
              {(
                [
                  ['M', 'Male'],
                  ['F', 'Female'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="profile-radio">
                  <input
                    type="radio"
                    name={`${id}-gender`}
                    value={value}
                    checked={form.gender === value}
                    onChange={() => setForm((current) => ({ ...current, gender: value }))}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {CONTACT.map(textField)}
        </div>
        <h2 className="profile-subtitle">Address</h2>
        <div className="profile-grid">
          {ADDRESS.map(textField)}
          <div className="profile-field">
            <StateSelect
              id={fieldId('state')}
              className="text-input profile-input"
              value={form.state}
              onChange={(state) => setForm((current) => ({ ...current, state }))}
            />
          </div>
        </div>
        <h2 className="profile-subtitle">SMS updates</h2>
        <label className="profile-check">
          <input
            type="checkbox"
            checked={form.smsUpdates}
            aria-describedby={`${id}-sms-note`}
            onChange={(event) => setForm((current) => ({ ...current, smsUpdates: event.target.checked }))}
          />
          Send me an SMS when an order ships and when it is delivered
        </label>
        <p id={`${id}-sms-note`} className="profile-note">
          Messages about your payment, cancellations, returns and refunds are always sent.
        </p>
      </fieldset>
      <p className="profile-form-error" role="alert">
        {formMessage}
      </p>
      <button type="submit" className="button button-primary profile-save" disabled={!editing}>
        SAVE
      </button>
    </form>
  );
}
