import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, panProblem } from './gstin.ts';

// GSTINs published by their holders and the GST documentation's own example, so the check character is
// the portal's and not our own reading of it
const KNOWN = ['27AAPFU0939F1ZV', '27AAACR5055K1Z7', '33AAACH7409R1Z8', '24AAACC1206D1ZM'];

describe('GSTIN', () => {
  it("computes the portal's check character", () => {
    for (const gstin of KNOWN) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
  });

  it('accepts a right GSTIN for its state and PAN', () => {
    expect(gstinProblem('27AAACR5055K1Z7', { state: 'Maharashtra', pan: 'AAACR5055K' })).toBeUndefined();
  });

  it('says which part is wrong', () => {
    expect(gstinProblem('27AAACR5055K1Z')).toMatch(/15-character GSTIN/);
    expect(gstinProblem('99AAACR5055K1Z7')).toMatch(/no state's GST code/);
    expect(gstinProblem('27AAACR5055K1Z7', { state: 'Karnataka' })).toBe(
      'The GSTIN is registered in Maharashtra (code 27), but the address is in Karnataka',
    );
    expect(gstinProblem('27AAACR5055K1Z7', { pan: 'AAACR5055L' })).toMatch(/must be the PAN AAACR5055L/);
    expect(gstinProblem('27AAACR5055K1Z8')).toMatch(/last character does not match/);
  });

  it('checks a PAN', () => {
    expect(panProblem('AAACR5055K')).toBeUndefined();
    expect(panProblem('AAACR5055')).toMatch(/10-character PAN/);
  });
});
