import { useCallback, useRef } from 'react';
import type { PincodePlace } from '../../../contract/shopping.ts';
import { pincodePlace } from '../api/pincodes.ts';
import { cityError, digitsOnly, NAME_MAX, nameError, pinError, TEXT_MAX } from './account-rules.ts';
import { lastPincode } from './last-pincode.ts';

/**
 * The name and address fields the profile and checkout's shipping address (the spec's fields and their checks)
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
 * The form with its pincode's City and State. City is filled when empty or still the one the last answer
 * filled in, never over what the shopper wrote. State follows a pincode the shopper `typed`; otherwise
 * only an empty one is filled. An answer for a pincode that has changed since is dropped.
 */
export function withPlace<T extends Placed>(
  form: T,
  place: PincodePlace,
  typed: boolean,
  filledCity: string,
): T {
  if (form.pin !== place.pincode) return form;
  return {
    ...form,
    city: !form.city.trim() || form.city === filledCity ? place.city : form.city,
    state: typed || !form.state ? place.state : form.state,
  };
}

/**
 * A form's filling from its pincode: `fill(pin, typed)` asks where the pincode is and fills City and State
 * from the answer (see withPlace).
 */
export function usePincodeFill<T extends Placed>(update: (change: (form: T) => T) => void) {
  // the City the last answer put in, which a later pincode may replace
  const filledCity = useRef('');
  return useCallback(
    async (pin: string, typed: boolean) => {
      const place = await pincodePlace(pin);
      if (!place) return;
      update((form) => {
        const filled = withPlace(form, place, typed, filledCity.current);
        if (filled.city === place.city) filledCity.current = place.city;
        return filled;
      });
    },
    [update],
  );
}
