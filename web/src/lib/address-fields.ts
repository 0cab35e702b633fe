import { cityError, digitsOnly, NAME_MAX, nameError, pinError, TEXT_MAX } from './account-rules.ts';

/**
 * The name and address fields the profile (spec section 3) and checkout's shipping address (section 5)
 * both show, so each is labelled, limited and checked the same way in both.
 */

export type NameField = 'fname' | 'lname';
export type AddressLine = 'houseNo' | 'roadName' | 'areaName' | 'postOffice' | 'city' | 'pin';

/** Each returns the message to show, or '' when the value is fine. */
export type Check = (value: string) => string;

export interface FieldSpec<Name extends string> {
  name: Name;
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'numeric' | 'tel' | 'email';
  /** what the field keeps of what the shopper typed */
  clean?: (value: string) => string;
  /** lets an empty value pass: where the field is required, the form says so */
  check?: Check;
}

export const NAME_FIELDS: readonly (FieldSpec<NameField> & { check: Check })[] = [
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

export const ADDRESS_LINES: readonly FieldSpec<AddressLine>[] = [
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
