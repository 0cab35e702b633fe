import { describe, expect, it } from 'vitest';
import { parseFilters } from './filters.ts';

const segment = (value: unknown) => JSON.stringify(value);

describe('parseFilters', () => {
  it('gives equal selections one form: features and values sorted, duplicates and empty lists dropped', () => {
    const a = parseFilters(segment({ size: ['M', 'S', 'M'], color: ['Red'], fabric: [] }));
    const b = parseFilters(segment({ color: ['Red'], size: ['S', 'M'] }));
    expect(a).toEqual({ color: ['Red'], size: ['M', 'S'] });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('decodes a segment that is still percent-encoded, and reads blank as no filters', () => {
    expect(parseFilters(encodeURIComponent(segment({ color: ['100% Red'] })))).toEqual({
      color: ['100% Red'],
    });
    expect(parseFilters('')).toEqual({});
    expect(parseFilters(undefined)).toEqual({});
  });

  it('keeps a feature named __proto__ as a feature, so that it matches nothing', () => {
    expect(Object.entries(parseFilters('{"__proto__":["x"]}'))).toEqual([['__proto__', ['x']]]);
  });

  it.each([
    [
      'too many features',
      segment(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, ['x']]))),
    ],
    ['too many values', segment({ color: Array.from({ length: 51 }, (_, i) => `c${i}`) })],
    ['an over-long value', segment({ color: ['x'.repeat(101)] })],
    ['an empty feature name', segment({ '': ['x'] })],
  ])('refuses %s with a 400', (_case, text) => {
    expect(() => parseFilters(text)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
