import { describe, expect, it } from 'vitest';
import { isUnavailable, narrowOptions, parseFilters, parsePage, parseSort, toggleValue } from './filters.ts';

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
    expect(parseSort('9')).toBe(0);
  });

  it('adds a value, and removes it (and its empty group) on the second toggle', () => {
    const once = toggleValue({}, 'color', 'Red');
    expect(once).toEqual({ color: ['Red'] });
    expect(toggleValue(once, 'color', 'Red')).toEqual({});
  });

  it('narrows options to those returned, except in groups with selections (spec section 4)', () => {
    const before = { color: ['Blue', 'Red'], fabric: ['Cotton', 'Silk'] };
    const returned = { color: ['Red'], fabric: ['Cotton'] };
    const next = narrowOptions(before, returned, { color: ['Red'] });
    expect(next.color).toEqual(['Blue', 'Red']);
    expect(next.fabric).toEqual(['Cotton']);
  });

  it('disables values absent from the result, but not the alternatives of a group with selections', () => {
    const returned = { color: ['Red'], fabric: ['Cotton'] };
    const selected = { color: ['Red'] };
    expect(isUnavailable(returned, selected, 'fabric', 'Silk')).toBe(true);
    expect(isUnavailable(returned, selected, 'fabric', 'Cotton')).toBe(false);
    expect(isUnavailable(returned, selected, 'color', 'Blue')).toBe(false);
  });
});
