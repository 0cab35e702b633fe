import type { PincodePlace } from '../../../contract/shopping.ts';
import { pincodePlace } from '../api/pincodes.ts';
import { cityError, digitsOnly, NAME_MAX, nameError, pinError, TEXT_MAX } from './account-rules.ts';
import { lastPincode } from './last-pincode.ts';

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

/** The part of a form that the pincode fills in. */
interface Placed {
  pin: string;
  city: string;
  state: string;
}

/** The pincode a form starts with: the saved one, else the one last checked on a product page. */
export const startingPin = (saved: string) => saved || lastPincode();

/**
 * The form with its pincode's City and State. `typed`: the shopper just typed the pincode, so both follow
 * it (City stays theirs to correct); otherwise only empty ones are filled. An answer for a pincode that
 * has changed since is dropped.
 */
export function withPlace<T extends Placed>(form: T, place: PincodePlace, typed: boolean): T {
  if (form.pin !== place.pincode) return form;
  return {
    ...form,
    city: typed || !form.city.trim() ? place.city : form.city,
    state: typed || !form.state ? place.state : form.state,
  };
}

/** Asks where the pincode is and fills the form's City and State from the answer (see withPlace). */
export async function fillFromPincode<T extends Placed>(
  pin: string,
  typed: boolean,
  update: (change: (form: T) => T) => void,
): Promise<void> {
  const place = await pincodePlace(pin);
  if (place) update((form) => withPlace(form, place, typed));
}
