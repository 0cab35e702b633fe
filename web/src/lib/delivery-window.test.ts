import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryBy, deliveryWindow } from './delivery-window.ts';

const day = (iso: string) => new Date(`${iso}T10:00:00`);
const isoOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('delivery window', () => {
  it('counts business days, skipping Sundays', () => {
    // from Monday 2026-11-23: the 5th business day is Sat 28th, the 6th skips Sunday 29th
    expect(isoOf(addBusinessDays(day('2026-11-23'), 5))).toBe('2026-11-28');
    expect(isoOf(addBusinessDays(day('2026-11-23'), 6))).toBe('2026-11-30');
    expect(isoOf(addBusinessDays(day('2026-11-23'), 10))).toBe('2026-12-04');
  });

  it('starts counting on the next day, also from a Sunday', () => {
    expect(isoOf(addBusinessDays(day('2026-11-22'), 1))).toBe('2026-11-23');
    expect(isoOf(addBusinessDays(day('2026-11-21'), 1))).toBe('2026-11-23');
  });

  it('shows both ends as dates', () => {
    expect(deliveryWindow(day('2026-11-23'))).toBe('Tue, 1 Dec - Fri, 4 Dec');
  });

  it("promises the window's last day", () => {
    expect(deliveryBy(day('2026-11-23'))).toBe('Fri, 4 Dec');
  });
});
