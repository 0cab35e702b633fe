import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { databaseKinds, openTestDatabase } from '../test/database.ts';
import { networkKey } from './client-address.ts';
import { AppError } from './errors.ts';
import { type Limit, RateLimits } from './rate-limit.ts';

const MINUTE = 60_000;
const limit: Limit = { bucket: 'test', max: 3, windowMs: 10 * MINUTE, message: 'Slow down' };

for (const kind of databaseKinds()) {
  describe(`rate limits [${kind}]`, () => {
    let handle: DatabaseHandle;
    let clock = new Date('2026-11-25T10:00:00Z');
    let limits: RateLimits;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      limits = new RateLimits(handle.db, () => clock);
    });
    afterAll(() => handle.close());

    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error as AppError,
      );

    it('lets max calls through in a window, then answers 429 with the wait until the oldest leaves', async () => {
      const charge = [{ limit, subject: 'a' }];
      for (let i = 0; i < 3; i++) {
        await limits.take(charge);
        clock = new Date(clock.getTime() + MINUTE);
      }
      const refused = await refusal(limits.take(charge));
      expect(refused).toBeInstanceOf(AppError);
      expect(refused?.status).toBe(429);
      expect(refused?.message).toBe('Slow down');
      // the first call was 3 minutes ago: it leaves the 10-minute window in 7 minutes
      expect(refused?.headers['retry-after']).toBe('420');
      // another subject has its own count
      await limits.take([{ limit, subject: 'b' }]);
      clock = new Date(clock.getTime() + 7 * MINUTE);
      await limits.take(charge);
    });

    it('counts nothing for a refused call', async () => {
      const tight: Limit = { ...limit, bucket: 'tight', max: 1 };
      const other: Limit = { ...limit, bucket: 'other', max: 5 };
      await limits.take([{ limit: tight, subject: 'c' }]);
      const charges = [
        { limit: other, subject: 'c' },
        { limit: tight, subject: 'c' },
      ];
      expect((await refusal(limits.take(charges)))?.status).toBe(429);
      // `other` counted nothing of the refused call: five takes still fit
      for (let i = 0; i < 5; i++) await limits.take([{ limit: other, subject: 'c' }]);
      expect((await refusal(limits.take([{ limit: other, subject: 'c' }])))?.status).toBe(429);
    });

    it('lets exactly max of many racing calls through', async () => {
      const racing: Limit = { ...limit, bucket: 'race', max: 4 };
      const results = await Promise.all(
        Array.from({ length: 12 }, () => refusal(limits.take([{ limit: racing, subject: 'd' }]))),
      );
      expect(results.filter((r) => r === undefined)).toHaveLength(4);
    });

    it('sweeps events older than a day', async () => {
      clock = new Date(clock.getTime() + 2 * 24 * 60 * MINUTE);
      expect(await limits.sweep()).toBeGreaterThan(0);
      const left = await handle.db.selectFrom('rate_events').select('id').execute();
      expect(left).toHaveLength(0);
    });
  });
}

describe('network key', () => {
  it('counts an IPv4 client by its /24 and an IPv6 one by its /48', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('2001:db8:aa:1:2:3:4:5')).toBe('2001:db8:aa::/48');
    expect(networkKey('2001:db8:aa:ffff::9')).toBe('2001:db8:aa::/48');
    expect(networkKey('2001:0db8:00aa:0001:ffff::1')).toBe('2001:db8:aa::/48');
    expect(networkKey('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkKey('::1')).toBe('0:0:0::/48');
  });
});
