import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './cache.ts';

const TTL = 1_000;

/** A load whose answers the test hands out one by one. */
function loader() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(() => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })));
  return {
    load,
    answer: (value: string) => pending.shift()?.resolve(value),
    fail: () => pending.shift()?.reject(new Error('database down')),
  };
}

/** A cache that has loaded 'v1' for 'k' through the loader it returns. */
async function holdingV1() {
  const cache = new TtlCache<string>(TTL, 10);
  const loads = loader();
  const first = cache.get('k', loads.load);
  loads.answer('v1');
  await first;
  return { cache, ...loads };
}

describe('TtlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers concurrent misses on one key with a single load', async () => {
    const cache = new TtlCache<string>(TTL, 10);
    const { load, answer } = loader();
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    answer('v1');
    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a stale entry while one refresh runs, then the refreshed value', async () => {
    const { cache, load, answer } = await holdingV1();
    vi.advanceTimersByTime(TTL + 1);
    expect(await cache.get('k', load)).toBe('v1');
    expect(await cache.get('k', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(2);
    answer('v2');
    await vi.waitFor(async () => expect(await cache.get('k', load)).toBe('v2'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads afresh once an entry is past its stale window', async () => {
    const { cache, load, answer } = await holdingV1();
    vi.advanceTimersByTime(2 * TTL + 1);
    const again = cache.get('k', load);
    answer('v2');
    expect(await again).toBe('v2');
  });

  it('forgets everything on clear, including a refresh that was under way', async () => {
    const { cache, load, answer } = await holdingV1();
    vi.advanceTimersByTime(TTL + 1);
    await cache.get('k', load);
    cache.clear();
    answer('from before the clear');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const after = cache.get('k', load);
    answer('v3');
    expect(await after).toBe('v3');
  });

  it('never keeps a load that was under way when its key was deleted (a sale during a page load)', async () => {
    const cache = new TtlCache<string>(TTL, 10);
    const { load, answer } = loader();
    const before = cache.get('k', load);
    cache.delete('k');
    const after = cache.get('k', load);
    answer('stock before the sale');
    answer('stock after the sale');
    expect(await before).toBe('stock before the sale');
    expect(await after).toBe('stock after the sale');
    expect(await cache.get('k', load)).toBe('stock after the sale');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets one key on delete, and keeps the others', async () => {
    const cache = new TtlCache<string>(TTL, 10);
    const load = vi.fn(async () => 'v');
    await cache.get('a', load);
    await cache.get('b', load);
    cache.delete('a');
    await cache.get('a', load);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string>(TTL, 10);
    const { load, answer, fail } = loader();
    const first = cache.get('k', load);
    fail();
    await expect(first).rejects.toThrow('database down');
    const second = cache.get('k', load);
    answer('v2');
    expect(await second).toBe('v2');
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new TtlCache<string>(TTL, 2);
    const load = vi.fn(async () => 'v');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  describe('getMany', () => {
    const upper = vi.fn(
      async (missing: string[]) => (key: string) => `${key.toUpperCase()}${missing.length}`,
    );

    beforeEach(() => upper.mockClear());

    it('loads the keys it does not hold in one call, in the order asked, and keeps them', async () => {
      const cache = new TtlCache<string>(TTL, 10);
      await cache.get('b', async () => 'held');
      expect(await cache.getMany(['c', 'b', 'a'], upper)).toEqual(['C2', 'held', 'A2']);
      expect(upper).toHaveBeenCalledTimes(1);
      expect(upper).toHaveBeenCalledWith(['c', 'a']);
      expect(await cache.getMany(['a', 'c'], upper)).toEqual(['A2', 'C2']);
      expect(upper).toHaveBeenCalledTimes(1);
    });

    it('shares a load under way with another call asking for the same key', async () => {
      const cache = new TtlCache<string>(TTL, 10);
      const first = cache.getMany(['a', 'b'], upper);
      const second = cache.getMany(['b', 'c'], upper);
      expect(await Promise.all([first, second])).toEqual([
        ['A2', 'B2'],
        ['B2', 'C1'],
      ]);
      expect(upper.mock.calls).toEqual([[['a', 'b']], [['c']]]);
    });

    it('does not keep what a failed load was asked for', async () => {
      const cache = new TtlCache<string>(TTL, 10);
      await expect(
        cache.getMany(['a'], async () => {
          throw new Error('database down');
        }),
      ).rejects.toThrow('database down');
      expect(await cache.getMany(['a'], upper)).toEqual(['A1']);
    });

    it('asks for nothing when it holds every key, or is asked for none', async () => {
      const cache = new TtlCache<string>(TTL, 10);
      expect(await cache.getMany([], upper)).toEqual([]);
      await cache.getMany(['a'], upper);
      upper.mockClear();
      expect(await cache.getMany(['a', 'a'], upper)).toEqual(['A1', 'A1']);
      expect(upper).not.toHaveBeenCalled();
    });
  });
});
