import { describe, expect, it } from 'vitest';
import { formatWhen } from './format.ts';

describe('formatWhen', () => {
  it('shows a moment in India time as design.md writes it', () => {
    expect(formatWhen('2026-11-25T08:35:00Z')).toBe('25 Nov 2026, 14:05');
  });

  it('spells September as three letters, with the day and hour of India past midnight', () => {
    expect(formatWhen('2026-09-01T18:31:00Z')).toBe('2 Sep 2026, 00:01');
  });
});
