import { describe, expect, it } from 'vitest';
import { withPlace } from './address-fields.ts';

const kolkata = { pincode: '700001', city: 'Kolkata', state: 'West Bengal' };
const form = (fields: Partial<{ pin: string; city: string; state: string }>) => ({
  pin: '700001',
  city: '',
  state: '',
  ...fields,
});

describe("filling City and State from the pincode's place", () => {
  it('fills both when empty', () => {
    expect(withPlace(form({}), kolkata, false, '')).toEqual(form({ city: 'Kolkata', state: 'West Bengal' }));
  });

  it('never writes over a City the shopper wrote, but replaces one an earlier pincode filled in', () => {
    expect(withPlace(form({ city: 'Calcutta' }), kolkata, true, '').city).toBe('Calcutta');
    expect(withPlace(form({ city: 'Mumbai' }), kolkata, true, 'Mumbai').city).toBe('Kolkata');
  });

  it('moves the State to a typed pincode, and keeps a saved one when the pincode was not typed', () => {
    expect(withPlace(form({ state: 'Maharashtra' }), kolkata, true, '').state).toBe('West Bengal');
    expect(withPlace(form({ state: 'Maharashtra' }), kolkata, false, '').state).toBe('Maharashtra');
  });

  it('drops an answer for a pincode that has changed since', () => {
    const changed = form({ pin: '400001' });
    expect(withPlace(changed, kolkata, true, '')).toBe(changed);
  });
});
