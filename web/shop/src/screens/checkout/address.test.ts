import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS, type Address, addressErrors, profileEdit, toAddress } from './address.ts';

const valid: Address = {
  fname: 'Asha',
  lname: 'Sen',
  houseNo: '12B',
  roadName: 'Park Street',
  areaName: 'Esplanade',
  postOffice: 'GPO',
  city: 'Kolkata',
  pin: '700001',
  state: 'West Bengal',
  phoneNo: '9876543210',
  altPhoneNumber: '8765432109',
};

const errorsWith = (change: Partial<Address>) => addressErrors({ ...valid, ...change });
const clean = (name: keyof Address, typed: string) =>
  ADDRESS_FIELDS.find((f) => f.name === name)?.clean?.(typed) ?? typed;

describe('shipping address rules', () => {
  it('accepts a complete address', () => {
    expect(addressErrors(valid)).toEqual({});
  });

  it('requires every field but the alternative number, which may stay empty', () => {
    const blank = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as Address;
    // but the State, which the server takes from the pincode when none is chosen (decision 035)
    const { state: _fromPincode, altPhoneNumber: _optional, ...required } = valid;
    expect(errorsWith({ altPhoneNumber: '' })).toEqual({});
    expect(ADDRESS_FIELDS.find((f) => f.name === 'altPhoneNumber')?.label).toBe(
      'Alternative contact number (optional)',
    );
    expect(Object.keys(addressErrors(blank)).sort()).toEqual(Object.keys(required).sort());
    expect(errorsWith({ houseNo: '' }).houseNo).toBe('Please enter the house no.');
    expect(errorsWith({ pin: '' }).pin).toBe('Please enter the pincode');
    expect(errorsWith({ fname: '' }).fname).toBe('Please enter your first name');
  });

  it('wants a pincode of 6 digits that does not start with 0', () => {
    expect(errorsWith({ pin: '70000' }).pin).toBe('Pincode must be 6 digits and cannot start with 0');
    expect(errorsWith({ pin: '070001' }).pin).toBe('Pincode must be 6 digits and cannot start with 0');
    expect(clean('pin', '70a0-0012')).toBe('700001');
  });

  it('wants exactly 10 digits in both mobile numbers, with their own messages', () => {
    expect(errorsWith({ phoneNo: '987654321' }).phoneNo).toBe('Please enter a valid 10-digit mobile number');
    expect(errorsWith({ phoneNo: '' }).phoneNo).toBe('Please enter a valid 10-digit mobile number');
    expect(errorsWith({ altPhoneNumber: '87654' }).altPhoneNumber).toBe(
      'Please enter a valid 10-digit alternative mobile number',
    );
    // Indian mobiles start with 6-9: /editProfile refuses others
    expect(errorsWith({ altPhoneNumber: '1234567890' }).altPhoneNumber).toBe(
      'Please enter a valid 10-digit alternative mobile number',
    );
    expect(clean('phoneNo', '98765 43210 1')).toBe('9876543210');
  });

  it('checks names and the city as the profile does', () => {
    expect(errorsWith({ city: 'K0lkata' }).city).toBe(
      'City may contain only letters, spaces, dots, apostrophes and hyphens',
    );
    expect(errorsWith({ lname: 'S3n' }).lname).toBe(
      'Last name may contain only letters, spaces, dots, apostrophes and hyphens',
    );
  });

  it('prefills from userInfo and saves everything but the read-only phone to the profile', () => {
    const address = toAddress({ ...valid, mailID: 'asha@example.com' });
    expect(address).toEqual(valid);
    const { phoneNo: _kept, ...edit } = valid;
    expect(profileEdit(address)).toEqual(edit);
  });
});
