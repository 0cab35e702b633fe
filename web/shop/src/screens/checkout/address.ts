import type { EditProfileBody } from '../../../../../contract/accounts.ts';
import type { UserInfo } from '../../../../../contract/shopping.ts';
import { digitsOnly, PHONE_LENGTH, phoneError } from '../../../../shared/lib/account-rules.ts';
import { ADDRESS_LINES, type Check, type FieldSpec, NAME_FIELDS } from '../../lib/address-fields.ts';

/**
 * Step 2's shipping address (the spec's validation rules): every field required but the alternative
 * number, checked before payment.
 */

export const MOBILE_MESSAGE = 'Please enter a valid 10-digit mobile number';
export const ALT_MOBILE_MESSAGE = 'Please enter a valid 10-digit alternative mobile number';

export type AddressField =
  | 'fname'
  | 'lname'
  | 'houseNo'
  | 'roadName'
  | 'areaName'
  | 'postOffice'
  | 'city'
  | 'pin'
  | 'state'
  | 'phoneNo'
  | 'altPhoneNumber';
export type Address = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, string>>;

export type AddressFieldSpec = FieldSpec<AddressField> & {
  check: Check;
  /** may stay empty (its label says so) */
  optional?: boolean;
};

/** every line of a shipping address is required; the profile lets them stay empty */
const required = (spec: FieldSpec<AddressField>): AddressFieldSpec => ({
  ...spec,
  check: (value) =>
    value.trim() ? (spec.check?.(value) ?? '') : `Please enter the ${spec.label.toLowerCase()}`,
});

/** A field that may stay empty (decision 063: the alternative number); what is typed is still checked. */
const optional = (spec: AddressFieldSpec): AddressFieldSpec => ({
  ...spec,
  label: `${spec.label} (optional)`,
  optional: true,
  check: (value) => (value === '' ? '' : spec.check(value)),
});

// Indian mobiles start with 6-9, as the profile (and so /editProfile) demands of altPhoneNumber
const mobile = (
  name: AddressField,
  label: string,
  autoComplete: string,
  message: string,
): AddressFieldSpec => ({
  name,
  label,
  autoComplete,
  maxLength: PHONE_LENGTH,
  inputMode: 'tel',
  clean: (value) => digitsOnly(value, PHONE_LENGTH),
  check: (value) => (phoneError(value) ? message : ''),
});

export const ADDRESS_FIELDS: readonly AddressFieldSpec[] = [
  ...NAME_FIELDS,
  ...ADDRESS_LINES.map(required),
  mobile('phoneNo', 'Contact number', 'tel-national', MOBILE_MESSAGE),
  optional(mobile('altPhoneNumber', 'Alternative contact number', 'off', ALT_MOBILE_MESSAGE)),
];

export function toAddress(info: UserInfo): Address {
  const { mailID: _notShown, ...address } = info;
  return address;
}

/** The first broken rule of each field, by field, in the form's order. */
export function addressErrors(address: Address): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const message = field.check(address[field.name]);
    if (message) errors[field.name] = message;
  }
  return errors;
}

/**
 * The address as /editProfile stores it. The account's phone number is read-only there (a change is a
 * 400), so the contact number stays with this checkout only; fields left out (gender) keep their value.
 */
export function profileEdit(address: Address): EditProfileBody {
  const { phoneNo: _readOnly, ...edit } = address;
  return edit;
}
