import { describe, expect, it } from 'vitest';
import { smsVariable } from './templates.ts';

describe('smsVariable', () => {
  it('keeps a short name as it is', () => {
    expect(smsVariable('  Red Cotton Kurta ')).toBe('Red Cotton Kurta');
  });

  it('cuts a long name to 30 characters, marked as cut', () => {
    const cut = smsVariable('Yellow Ajrakh Georgette Long Kurti with Mirror Work');
    expect(cut).toBe('Yellow Ajrakh Georgette Lon...');
    expect(Array.from(cut).length).toBeLessThanOrEqual(30);
  });

  it('never cuts a Devanagari or Tamil letter in two', () => {
    for (const name of ['बनारसी रेशमी साड़ी हाथ से बुनी हुई क्षेत्रीय', 'காஞ்சிபுரம் பட்டுப் புடவை கைத்தறி நெசவு']) {
      const cut = smsVariable(name);
      expect(Array.from(cut).length).toBeLessThanOrEqual(30);
      const kept = cut.slice(0, -3);
      expect(name.startsWith(kept)).toBe(true);
      // the next letter of the name begins where the cut ends: no vowel sign or virama is left behind
      const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(name)];
      expect(graphemes.some((g) => g.index === kept.length || g.index === kept.trimEnd().length)).toBe(true);
    }
  });
});
