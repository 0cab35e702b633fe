import { describe, expect, it } from 'vitest';
import { tooManyRequests } from '../../platform/errors.ts';
import { type CodeRoute, FloodWatch, type LimitReason, type WarnLog } from './flood-watch.ts';

/** The warn lines written, as pino's `log.warn(fields, message)` would write them. */
function logInto(lines: Record<string, unknown>[]): WarnLog {
  return {
    warn(fields, msg) {
      lines.push({ ...fields, msg });
    },
  };
}

const HELD = 'one-time codes held back by a limit';

describe('FloodWatch', () => {
  it('counts every request held back, and logs one warn line per limit and subject per window', () => {
    const lines: Record<string, unknown>[] = [];
    const counted: string[] = [];
    let at = Date.parse('2026-11-27T10:00:00Z');
    const watch = new FloodWatch(
      logInto(lines),
      (route: CodeRoute, reason: LimitReason) => counted.push(`${route}/${reason}`),
      () => new Date(at),
    );
    const hourLeft = tooManyRequests('spent', 3600);
    for (let i = 0; i < 50; i++) watch.held('shopper', 'unknown-share', 'shop', hourLeft);
    watch.held('staff', 'phone-network', '******1234', tooManyRequests('capped', 600));
    watch.held('shopper', 'resend', '******1234', tooManyRequests('wait', 20));

    expect(counted).toHaveLength(52);
    expect(counted.filter((c) => c === 'shopper/unknown-share')).toHaveLength(50);
    expect(counted).toContain('shopper/resend');
    expect(
      lines.map(({ route, reason, subject, retryAfter, msg }) => ({
        route,
        reason,
        subject,
        retryAfter,
        msg,
      })),
    ).toEqual([
      { route: 'shopper', reason: 'unknown-share', subject: 'shop', retryAfter: 3600, msg: HELD },
      { route: 'staff', reason: 'phone-network', subject: '******1234', retryAfter: 600, msg: HELD },
    ]);

    // the next window logs again
    at += 3600 * 1000;
    watch.held('shopper', 'unknown-share', 'shop', hourLeft);
    expect(lines).toHaveLength(3);
  });
});
