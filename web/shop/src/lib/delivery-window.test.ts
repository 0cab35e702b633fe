import { describe, expect, it } from 'vitest';
import { deliveryDates, deliveryDay, deliveryWhen } from './delivery-window.ts';

describe('delivery dates', () => {
  it('shows one day as a date', () => {
    expect(deliveryDates('2026-12-02', '2026-12-02')).toBe('Wed, 2 Dec');
    expect(deliveryDay('2026-01-27')).toBe('Tue, 27 Jan');
  });

  it('shows a range with both ends', () => {
    expect(deliveryDates('2026-01-31', '2026-02-04')).toBe('Sat, 31 Jan - Wed, 4 Feb');
  });

  it('says when a parcel comes: by its day, or between the first and the last', () => {
    expect(deliveryWhen('2026-12-02', '2026-12-02')).toBe('by Wed, 2 Dec');
    expect(deliveryWhen('2026-01-24', '2026-01-28')).toBe('between Sat, 24 Jan and Wed, 28 Jan');
  });
});
