import { describe, expect, it } from 'vitest';
import { formatAmount, formatDay, formatWhen, fromIndiaInput, indiaInputValue } from './format.ts';

describe('formatWhen', () => {
  it('shows a moment in India time, day, month, year and 24-hour time', () => {
    expect(formatWhen('2026-11-25T08:35:00Z')).toBe('25 Nov 2026, 14:05');
  });

  it('spells September as three letters, with the day and hour of India past midnight', () => {
    expect(formatWhen('2026-09-01T18:31:00Z')).toBe('2 Sep 2026, 00:01');
  });
});

describe('India time in date-time inputs', () => {
  it('shows a moment as the clock in India reads it, past midnight into the next day', () => {
    expect(indiaInputValue('2026-10-31T18:30:00Z')).toBe('2026-11-01T00:00');
    expect(indiaInputValue('2026-11-01T00:00:00+05:30')).toBe('2026-11-01T00:00');
  });

  it('sends what was typed as India time with its offset, the same moment shown again', () => {
    expect(fromIndiaInput('2026-11-01T00:00')).toBe('2026-11-01T00:00:00+05:30');
    expect(fromIndiaInput('2026-11-01T00:00:30')).toBe('2026-11-01T00:00:00+05:30');
    expect(indiaInputValue(fromIndiaInput('2026-12-31T23:59'))).toBe('2026-12-31T23:59');
    expect(fromIndiaInput('')).toBe('');
  });
});

describe('formatDay', () => {
  it('shows an India day with its month in three letters, and without the year where that is plain', () => {
    expect(formatDay('2026-09-05')).toBe('5 Sep 2026');
    expect(formatDay('2026-12-31', false)).toBe('31 Dec');
  });
});

describe('formatAmount', () => {
  it('shows the books’ rupees with Indian grouping, paise only when there are some, a minus before the sign', () => {
    expect(formatAmount(100000.5)).toBe('₹1,00,000.50');
    expect(formatAmount(1989.84)).toBe('₹1,989.84');
    expect(formatAmount(0)).toBe('₹0');
    expect(formatAmount(-37.5)).toBe('−₹37.50');
  });
});
