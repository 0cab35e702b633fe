import { describe, expect, it } from 'vitest';
import { compareSizes } from './sizes.ts';

describe('compareSizes', () => {
  it('orders letter sizes, then numbers, then the rest', () => {
    const sizes = ['Free Size', '32', 'XL', 'S', '28', 'XXL', 'M', '3XL', 'XS', 'L', '4-5Y', '2-3Y'];
    expect(sizes.sort(compareSizes)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '3XL',
      '2-3Y',
      '4-5Y',
      '28',
      '32',
      'Free Size',
    ]);
  });
});
