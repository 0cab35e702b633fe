/**
 * The account fields' rules, mirroring contract/accounts.ts so the shopper hears about a mistake before
 * the server answers 400. The contract's schemas stay out of the bundle (typebox is large).
 */

const NAME = /^ *[\p{L}\p{M}][\p{L}\p{M} .'-]* *$/u;
// ajv-formats' "email", which the server checks against
const MAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const NAME_MAX = 50;
export const MAIL_MAX = 254;
export const TEXT_MAX = 100;
export const PHONE_LENGTH = 10;
export const CODE_LENGTH = 6;

/** what the shopper typed, keeping only digits and at most `max` of them */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** Each returns the message to show, or '' when the value is fine. */

export const phoneError = (phone: string) =>
  /^[6-9][0-9]{9}$/.test(phone) ? '' : 'Please enter a valid 10-digit mobile number';

export const codeError = (code: string) => (/^[0-9]{6}$/.test(code) ? '' : 'Please enter the 6-digit OTP');

export function mailError(mail: string): string {
  if (!mail.trim()) return 'Please enter your e-mail id';
  return mail.length <= MAIL_MAX && MAIL.test(mail.trim()) ? '' : 'Please enter a valid e-mail id';
}

/** a required name: first name, last name */
export function nameError(label: string, value: string): string {
  if (!value.trim()) return `Please enter your ${label.toLowerCase()}`;
  return value.length <= NAME_MAX && NAME.test(value)
    ? ''
    : `${label} may contain only letters, spaces, dots, apostrophes and hyphens`;
}

export const cityError = (city: string) =>
  !city.trim() || (city.length <= NAME_MAX && NAME.test(city))
    ? ''
    : 'City may contain only letters, spaces, dots, apostrophes and hyphens';

export const pinError = (pin: string) =>
  !pin || /^[1-9][0-9]{5}$/.test(pin) ? '' : 'Pincode must be 6 digits and cannot start with 0';
