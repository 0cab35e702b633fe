import { describe, expect, it } from 'vitest';
import { inSomeonesBag } from './holds.ts';

describe('a size in someone’s bag', () => {
  it('says when it may be back, in India time on a 24-hour clock', () => {
    expect(inSomeonesBag('2026-12-07T08:35:00.000Z')).toBe("In someone's bag: may be back at 14:05");
    // 18:31 UTC is past midnight in India
    expect(inSomeonesBag('2026-12-07T18:31:00Z')).toBe("In someone's bag: may be back at 00:01");
    expect(inSomeonesBag('2026-12-07T14:05:00+05:30')).toBe("In someone's bag: may be back at 14:05");
  });
});
