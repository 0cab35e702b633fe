import type { EditProfileBody } from '../../../../contract/accounts.ts';
import type { UserInfo } from '../../../../contract/shopping.ts';
import {
  cityError,
  digitsOnly,
  NAME_MAX,
  nameError,
  PHONE_LENGTH,
  phoneError,
  pinError,
  TEXT_MAX,
} from '../login/rules.ts';

/** Step 2's shipping address (spec section 5): every field required, checked before payment. */

export const MOBILE_MESSAGE = 'Please enter a valid 10-digit mobile number';
export const ALT_MOBILE_MESSAGE = 'Please enter a valid 10-digit alternative mobile number';
export const NOT_SERVICEABLE_MESSAGE = 'Pincode is not serviceable! Try another';

export type AddressField =
  | 'fname'
  | 'lname'
  | 'houseNo'
  | 'roadName'
  | 'areaName'
  | 'postOffice'
  | 'city'
  | 'pin'
  | 'phoneNo'
  | 'altPhoneNumber';
export type Address = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, string>>;

export interface AddressFieldSpec {
  name: AddressField;
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'numeric' | 'tel';
  /** what the field keeps of what the shopper typed */
  clean?: (value: string) => string;
  /** the message to show, or '' when the value is fine */
  check: (value: string) => string;
}

const required =
  (label: string, rule: (value: string) => string = () => '') =>
  (value: string) =>
    value.trim() ? rule(value) : `Please enter the ${label.toLowerCase()}`;

const text = (name: AddressField, label: string, autoComplete: string): AddressFieldSpec => ({
  name,
  label,
  autoComplete,
  maxLength: TEXT_MAX,
  check: required(label),
});

// Indian mobiles start with 6-9, as the profile (and so /editProfile) demands of altPhoneNumber
const mobile = (name: AddressField, label: string, autoComplete: string, message: string) => ({
  name,
  label,
  autoComplete,
  maxLength: PHONE_LENGTH,
  inputMode: 'tel' as const,
  clean: (value: string) => digitsOnly(value, PHONE_LENGTH),
  check: (value: string) => (phoneError(value) ? message : ''),
});

export const ADDRESS_FIELDS: readonly AddressFieldSpec[] = [
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
  text('houseNo', 'House no.', 'address-line1'),
  text('roadName', 'Road name', 'address-line2'),
  text('areaName', 'Area name', 'address-line3'),
  text('postOffice', 'Post office', 'off'),
  {
    name: 'city',
    label: 'City',
    autoComplete: 'address-level2',
    maxLength: NAME_MAX,
    check: required('City', cityError),
  },
  {
    name: 'pin',
    label: 'Pincode',
    autoComplete: 'postal-code',
    maxLength: 6,
    inputMode: 'numeric',
    clean: (v) => digitsOnly(v, 6),
    check: required('Pincode', pinError),
  },
  mobile('phoneNo', 'Contact number', 'tel-national', MOBILE_MESSAGE),
  mobile('altPhoneNumber', 'Alternative contact number', 'off', ALT_MOBILE_MESSAGE),
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
