import { describe, expect, it } from 'vitest';
import {
  isUnavailable,
  parseFilters,
  parsePage,
  parseSort,
  toggleValue,
  valueLabel,
  withPriceRange,
} from './filters.ts';

describe('listing filters', () => {
  it('parses the path segment decoded once or twice, and ignores anything that is not a filter object', () => {
    const filters = { color: ['Red'], size: ['M'] };
    expect(parseFilters(JSON.stringify(filters))).toEqual(filters);
    expect(parseFilters(encodeURIComponent(JSON.stringify(filters)))).toEqual(filters);
    expect(parseFilters('not json')).toEqual({});
    expect(parseFilters('[1,2]')).toEqual({});
    expect(parseFilters('{"color":[1]}')).toEqual({});
    expect(parseFilters(undefined)).toEqual({});
  });

  it('keeps page and sort inside their ranges', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('1.5')).toBe(1);
    expect(parsePage('10001')).toBe(1);
    expect(parseSort('2')).toBe(2);
    expect(parseSort('5')).toBe(5);
    expect(parseSort('9')).toBe(0);
    expect(parseSort('1.5')).toBe(0);
  });

  it('adds a value, and removes it (and its empty group) on the second toggle', () => {
    const once = toggleValue({}, 'color', 'Red');
    expect(once).toEqual({ color: ['Red'] });
    expect(toggleValue(once, 'color', 'Red')).toEqual({});
  });

  it('disables values with no products, but never a chosen one', () => {
    const counts = { color: { Red: 3, Blue: 0 }, fabric: { Cotton: 2, Silk: 0 } };
    const selected = { fabric: ['Silk'] };
    expect(isUnavailable(counts, selected, 'color', 'Blue')).toBe(true);
    expect(isUnavailable(counts, selected, 'color', 'Red')).toBe(false);
    expect(isUnavailable(counts, selected, 'fabric', 'Silk')).toBe(false);
  });

  it('reads ranges in rupees and percent, and takes a typed price range', () => {
    expect(valueLabel('price', '0-499')).toBe('Under ₹500');
    expect(valueLabel('price', '1000-1999')).toBe('₹1,000 – ₹1,999');
    expect(valueLabel('price', '5000-999999')).toBe('₹5,000 and above');
    expect(valueLabel('discount', '30')).toBe('30% and above');
    expect(valueLabel('color', 'Red')).toBe('Red');
    expect(withPriceRange({ price: ['0-499'], color: ['Red'] }, '300', '')).toEqual({
      price: ['300-999999'],
      color: ['Red'],
    });
    expect(withPriceRange({}, '900', '100')).toEqual({ price: ['900-900'] });
  });
});
