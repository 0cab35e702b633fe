/**
 * India's GST registration numbers (GSTIN) and PANs, checked the way the GST portal checks them, so a
 * mistyped number is caught at the form rather than on a tax invoice. Shared by the server (sellers, the
 * shop's own details) and the back office's forms.
 */

/** The GST state code (a GSTIN's first two digits) of each state, named as India's pincode list names it. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  // 25 was Daman and Diu, merged into 26 in 2020; registrations made before keep it
  '25': 'Dadra and Nagar Haveli and Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const GSTIN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The 15th character of a GSTIN: the GST portal's mod-36 check over the first 14. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARACTERS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** What is wrong with a PAN, in words for the form; undefined when it is well formed. */
export function panProblem(pan: string): string | undefined {
  if (PAN.test(pan)) return undefined;
  return 'Enter the 10-character PAN: 5 letters, 4 digits and a letter, such as ABCDE1234F';
}

/**
 * What is wrong with a GSTIN, in words for the form; undefined when it is right. `state` (the address's
 * state) and `pan`, when given, must be the ones the GSTIN carries.
 */
export function gstinProblem(
  gstin: string,
  expected: { state?: string; pan?: string } = {},
): string | undefined {
  if (!GSTIN.test(gstin)) {
    return 'Enter the 15-character GSTIN: 2 digits of the state, the 10-character PAN, a digit or letter, Z, and a check character';
  }
  const state = GST_STATE_CODES[gstin.slice(0, 2)];
  if (state === undefined) return `The GSTIN starts with ${gstin.slice(0, 2)}, which is no state's GST code`;
  if (expected.state !== undefined && state !== expected.state) {
    return `The GSTIN is registered in ${state} (code ${gstin.slice(0, 2)}), but the address is in ${expected.state}`;
  }
  if (expected.pan !== undefined && gstin.slice(2, 12) !== expected.pan) {
    return `The GSTIN's characters 3 to 12 must be the PAN ${expected.pan}`;
  }
  const check = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin.charAt(14) !== check) {
    return "The GSTIN's last character does not match the rest: check it for a mistyped character";
  }
  return undefined;
}
