import { describe, expect, it } from 'vitest';
import { lastMonth, lastThirtyDays, rangeAsked, thisMonth } from './range.ts';

// 19:00 UTC on 7 December is 00:30 on 8 December in India
const now = new Date('2026-12-07T19:00:00Z');

describe('the Reports screen’s ranges, in India days', () => {
  it('opens on the last 30 days, India’s today included', () => {
    expect(lastThirtyDays(now)).toEqual({ from: '2026-11-09', to: '2026-12-08' });
  });

  it('takes this month so far and last month whole, across a year’s end', () => {
    expect(thisMonth(now)).toEqual({ from: '2026-12-01', to: '2026-12-08' });
    expect(lastMonth(now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(lastMonth(new Date('2027-01-15T06:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonth(new Date('2028-03-01T06:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reads the range from the address, the last 30 days where it names none, and says what is wrong', () => {
    expect(rangeAsked(new URLSearchParams('from=2026-11-01&to=2026-11-05'), now)).toEqual({
      range: { from: '2026-11-01', to: '2026-11-05' },
      problems: {},
    });
    expect(rangeAsked(new URLSearchParams(), now).range).toEqual(lastThirtyDays(now));
    const { problems } = rangeAsked(new URLSearchParams('from=2026-02-30&to=2026-01-01'), now);
    expect(problems).toEqual({ from: 'That day is not on the calendar' });
    expect(rangeAsked(new URLSearchParams('from=2026-11-05&to=2026-11-01'), now).problems.to).toBe(
      'The first day comes after the last',
    );
  });
});
