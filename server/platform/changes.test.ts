import { describe, expect, it } from 'vitest';
import { type Change, ChangeFeed, parseNotice } from './changes.ts';

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

describe("another instance's notice", () => {
  it('is read as the change it names, offers too; anything else is not ours', () => {
    const from = 'instance-2';
    const read = (notice: object) => parseNotice(JSON.stringify({ from, ...notice }))?.change;
    expect(read({ offers: true })).toEqual({ offers: true });
    expect(read({ shop: true })).toEqual({ shop: true });
    expect(read({ productIds: [3] })).toEqual({ productIds: [3] });
    expect(read({ offers: 'yes' })).toBeUndefined();
    expect(parseNotice(JSON.stringify({ offers: true }))).toBeUndefined();
    expect(parseNotice('not json')).toBeUndefined();
  });
});
