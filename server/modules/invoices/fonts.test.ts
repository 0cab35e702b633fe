import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, runs } from './fonts.ts';

describe('runs of one script each', () => {
  it('leaves Latin text to Helvetica, as before', () => {
    expect(runs('Priya Sharma, 12 Park Street', 'regular')).toEqual([
      { text: 'Priya Sharma, 12 Park Street', font: 'Helvetica' },
    ]);
    expect(runs('', 'bold')).toEqual([{ text: '', font: 'Helvetica-Bold' }]);
  });

  it("splits a line mixing scripts, Latin beside a script in that script's family", () => {
    expect(runs('লক্ষ্মী ভবন, 12 Park Street', 'regular')).toEqual([
      { text: 'লক্ষ্মী ভবন', font: 'bengali-script-regular' },
      { text: ', 12 Park Street', font: 'bengali-latin-regular' },
    ]);
    expect(runs('Flat 4, प्रिया शर्मा', 'bold')).toEqual([
      { text: 'Flat 4, ', font: 'devanagari-latin-bold' },
      { text: 'प्रिया शर्मा', font: 'devanagari-script-bold' },
    ]);
  });

  it('keeps spaces, joiners and dandas in the script they are in, and each script in its own font', () => {
    expect(runs('রাম। প্রিয়া ଓଡ଼ିଆ ஸ்ரீ', 'regular')).toEqual([
      { text: 'রাম। প্রিয়া ', font: 'bengali-script-regular' },
      { text: 'ଓଡ଼ିଆ ', font: 'oriya-script-regular' },
      { text: 'ஸ்ரீ', font: 'tamil-script-regular' },
    ]);
    expect(runs('ക്‍', 'regular')).toEqual([{ text: 'ക്‍', font: 'malayalam-script-regular' }]);
  });

  it('finds every font file in node_modules, as the compiled server does', () => {
    expect(FONT_FILES.size).toBe(9 * 2 * 2);
    for (const file of FONT_FILES.values()) expect(existsSync(file), file).toBe(true);
  });
});
