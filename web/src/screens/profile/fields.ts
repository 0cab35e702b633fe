import type { EditProfileBody, Profile } from '../../../../contract/accounts.ts';
import { cityError, digitsOnly, NAME_MAX, nameError, pinError, TEXT_MAX } from '../login/rules.ts';

/** The profile's text fields as the form shows them (spec section 3), gender aside. */

export type TextField = Exclude<keyof EditProfileBody, 'gender' | 'altPhoneNumber'>;

interface TextFieldSpec {
  name: TextField;
  label: string;
  autoComplete: string;
  maxLength: number;
  /** never editable (spec section 5) */
  readOnly?: boolean;
  inputMode?: 'numeric' | 'email';
  clean?: (value: string) => string;
  check?: (value: string) => string;
}

export const PERSON: readonly TextFieldSpec[] = [
  {
    name: 'fname',
    label: 'First name',
    autoComplete: 'given-name',
    maxLength: NAME_MAX,
    check: (v) => nameError('First name', v),
  },
  {
    name: 'lname',
    label: 'Last name',
    autoComplete: 'family-name',
    maxLength: NAME_MAX,
    check: (v) => nameError('Last name', v),
  },
];

export const CONTACT: readonly TextFieldSpec[] = [
  {
    name: 'mailID',
    label: 'E-mail id',
    autoComplete: 'email',
    maxLength: 254,
    readOnly: true,
    inputMode: 'email',
  },
  { name: 'phoneNo', label: 'Phone number', autoComplete: 'tel-national', maxLength: 10, readOnly: true },
];

export const ADDRESS: readonly TextFieldSpec[] = [
  { name: 'houseNo', label: 'House no.', autoComplete: 'address-line1', maxLength: TEXT_MAX },
  { name: 'roadName', label: 'Road name', autoComplete: 'address-line2', maxLength: TEXT_MAX },
  { name: 'areaName', label: 'Area name', autoComplete: 'address-line3', maxLength: TEXT_MAX },
  { name: 'postOffice', label: 'Post office', autoComplete: 'off', maxLength: TEXT_MAX },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: NAME_MAX, check: cityError },
  {
    name: 'pin',
    label: 'Pincode',
    autoComplete: 'postal-code',
    maxLength: 6,
    inputMode: 'numeric',
    clean: (v) => digitsOnly(v, 6),
    check: pinError,
  },
];

/** The form's values: the profile without what the form does not show. */
export type ProfileForm = {
  [K in Exclude<keyof EditProfileBody, 'altPhoneNumber'>]-?: NonNullable<EditProfileBody[K]>;
};

export function toForm(profile: Profile): ProfileForm {
  const { altPhoneNumber: _hidden, ...shown } = profile;
  return shown;
}

/** The first broken rule of each field, by field. */
export function formErrors(form: ProfileForm): Partial<Record<TextField, string>> {
  const errors: Partial<Record<TextField, string>> = {};
  for (const field of [...PERSON, ...ADDRESS]) {
    const message = field.check?.(form[field.name]);
    if (message) errors[field.name] = message;
  }
  return errors;
}
