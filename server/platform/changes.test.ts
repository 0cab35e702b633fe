import { describe, expect, it } from 'vitest';
import { type Change, ChangeFeed } from './changes.ts';

describe('change feed (one process)', () => {
  it('tells every listener of each change at once, and skips an empty one', () => {
    const feed = new ChangeFeed();
    const heard: Change[][] = [[], []];
    feed.onChange((change) => heard[0]?.push(change));
    feed.onChange((change) => heard[1]?.push(change));
    feed.announce({ productIds: [] });
    feed.announce({ productIds: [7, 9] });
    feed.announce({ everything: true });
    const expected = [{ productIds: [7, 9] }, { everything: true }];
    expect(heard).toEqual([expected, expected]);
  });
});
