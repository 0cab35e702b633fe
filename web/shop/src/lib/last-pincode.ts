/** The pincode last checked on a product page, remembered for this browser (the address forms start with it). */
const LAST_PINCODE_KEY = 'lastPincode';

export function lastPincode(): string {
  try {
    return localStorage.getItem(LAST_PINCODE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberPincode(pincode: string) {
  try {
    localStorage.setItem(LAST_PINCODE_KEY, pincode);
  } catch {
    // blocked storage only costs the shopper retyping it next time
  }
}
