import { describe, expect, it } from 'vitest';
import { deliveryDates, deliveryDay } from './delivery-window.ts';

describe('delivery dates', () => {
  it('shows one day as a date', () => {
    expect(deliveryDates('2026-12-02', '2026-12-02')).toBe('Wed, 2 Dec');
    expect(deliveryDay('2026-01-27')).toBe('Tue, 27 Jan');
  });

  it('shows a range with both ends', () => {
    expect(deliveryDates('2026-01-31', '2026-02-04')).toBe('Sat, 31 Jan - Wed, 4 Feb');
  });
});
