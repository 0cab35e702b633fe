import type { EditProfileBody, Profile } from '../../../../contract/accounts.ts';
import { ADDRESS_LINES, type FieldSpec, NAME_FIELDS } from '../../lib/address-fields.ts';

/** The profile's text fields as the form shows them (the spec's entities and fields), gender aside. */

export type TextField = Exclude<keyof EditProfileBody, 'gender' | 'altPhoneNumber' | 'smsUpdates'>;

interface TextFieldSpec extends FieldSpec<TextField> {
  /** never editable (the spec's validation rules) */
  readOnly?: boolean;
}

export const PERSON: readonly TextFieldSpec[] = NAME_FIELDS;

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

export const ADDRESS: readonly TextFieldSpec[] = ADDRESS_LINES;

/** The form's values: the profile without what the form does not show. */
export type ProfileForm = {
  [K in Exclude<keyof EditProfileBody, 'altPhoneNumber'>]-?: NonNullable<EditProfileBody[K]>;
};

export function toForm(profile: Profile): ProfileForm {
  const { altPhoneNumber: _hidden, smsUpdates, ...shown } = profile;
  return { ...shown, smsUpdates: smsUpdates ?? true };
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
