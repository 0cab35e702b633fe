import type { HTMLInputTypeAttribute } from 'react';
import type { SignUpRecord } from '../../../../../contract/accounts.ts';
import {
  digitsOnly,
  MAIL_MAX,
  mailError,
  NAME_MAX,
  nameError,
  PHONE_LENGTH,
  phoneError,
} from '../../../../shared/lib/account-rules.ts';

export type Field = keyof SignUpRecord;

/** the order the one input asks in */
export const STEPS: readonly Field[] = ['phone', 'mail', 'fname', 'lname'];

interface FieldSpec {
  label: string;
  type: HTMLInputTypeAttribute;
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete: string;
  maxLength: number;
  placeholder: string;
  /** what the input keeps of what was typed */
  clean: (value: string) => string;
  /** the message for a value that is not acceptable, or '' */
  check: (value: string) => string;
}

const asTyped = (value: string) => value;

export const FIELDS: { [K in Field]: FieldSpec } = {
  phone: {
    label: 'Phone number',
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    maxLength: PHONE_LENGTH,
    placeholder: '10-digit mobile number',
    clean: (value) => digitsOnly(value, PHONE_LENGTH),
    check: phoneError,
  },
  mail: {
    label: 'E-mail id',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: MAIL_MAX,
    placeholder: 'name@example.com',
    clean: asTyped,
    check: mailError,
  },
  fname: {
    label: 'First name',
    type: 'text',
    autoComplete: 'given-name',
    maxLength: NAME_MAX,
    placeholder: 'As you would like to be greeted',
    clean: asTyped,
    check: (value) => nameError('First name', value),
  },
  lname: {
    label: 'Last name',
    type: 'text',
    autoComplete: 'family-name',
    maxLength: NAME_MAX,
    placeholder: 'Your family name',
    clean: asTyped,
    check: (value) => nameError('Last name', value),
  },
};
