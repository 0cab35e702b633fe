import { beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_FILTER, PRICE_FILTER } from '../../../contract/catalogue-constants.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { facetQuery, figures } from '../../test/facet-queries.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { SaleTerms } from '../offers/sale-price.ts';
import type { FacetQuery, PopularityFigures } from './facet-index/types.ts';
import { IndexThread } from './index-thread.ts';
import { LiveIndex } from './live-index.ts';

const GENRE = 'Thread fixture';
const listing = (overrides: Partial<FacetQuery> = {}) =>
  facetQuery({ prod: 'apparel', userSegment: 'Testwear', genre: GENRE }, overrides);

describeEachDatabase('the facet index on its own thread', (t) => {
  let kurtas: FixtureProduct[];

  beforeAll(async () => {
    const fixtures = new Fixtures(t().db);
    kurtas = [];
    for (const [i, color] of ['Red', 'Blue', 'Red'].entries()) {
      kurtas.push(
        await fixtures.product({
          genre: GENRE,
          features: { color: [color] },
          launchDate: `2026-03-0${i + 1}`,
        }),
      );
    }
  });

  const ask = async (index: LiveIndex, query: FacetQuery, popularity?: PopularityFigures) =>
    (await index.fresh()).query(query, popularity);

  type Written = (readonly number[] | 'all')[];

  /**
   * What the index told of writes: its full reads ('all') in order, and the ids of the rows it read again
   * since, once each. The catch-up read's horizon is the oldest transaction still running anywhere on the
   * server (decision 020), so on a busy PostgreSQL a row written before (or just after) a read may be told
   * of again until that transaction ends: the price of never missing one. Telling of a row nobody wrote,
   * or missing one, is the bug.
   */
  const toldOf = (written: Written) => ({
    reads: written.filter((ids) => ids === 'all').length,
    ids: new Set(written.flatMap((ids) => (ids === 'all' ? [] : ids))),
  });
  /** every id told of is one of `among` */
  const onlyOf = (told: Set<number>, among: FixtureProduct[]) =>
    [...told].filter((id) => !among.some((p) => p.id === id));

  /** A LiveIndex of the test database, stopped when the test ends; `written` is what it told of writes. */
  async function withIndex(
    test: (index: LiveIndex, threads: IndexThread[], written: Written) => Promise<void>,
  ) {
    const threads: IndexThread[] = [];
    const written: Written = [];
    const index = new LiveIndex(t().db, {
      written: (ids) => written.push(ids),
      startThread: async () => {
        const thread = await IndexThread.start();
        threads.push(thread);
        return thread;
      },
    });
    try {
      await test(index, threads, written);
    } finally {
      await index.stop();
    }
  }

  it('answers from the products table, and follows its changes, telling of each', () =>
    withIndex(async (index, _threads, written) => {
      const [a, b, c] = kurtas as [FixtureProduct, FixtureProduct, FixtureProduct];
      const first = await ask(index, listing());
      expect(written[0]).toBe('all');
      expect(onlyOf(toldOf(written).ids, kurtas)).toEqual([]);
      expect(first.ids).toEqual([c.id, b.id, a.id]);
      expect(first.counts.get('color')).toEqual(
        new Map([
          ['Blue', 1],
          ['Red', 2],
        ]),
      );
      await t().db.updateTable('products').set({ active: false }).where('id', '=', c.id).execute();
      try {
        const after = await ask(index, listing());
        expect(after.ids).toEqual([b.id, a.id]);
        expect(after.counts.get('color')?.get('Red')).toBe(1);
        const told = toldOf(written);
        expect(told.reads).toBe(1);
        expect(told.ids.has(c.id)).toBe(true);
        expect(onlyOf(told.ids, kurtas)).toEqual([]);
      } finally {
        await t().db.updateTable('products').set({ active: true }).where('id', '=', c.id).execute();
      }
      expect((await ask(index, listing())).total).toBe(3);
    }));

  it('drops a product whose row is deleted (migration 016), telling of it', () =>
    withIndex(async (index, _threads, written) => {
      const [a, b, c] = kurtas as [FixtureProduct, FixtureProduct, FixtureProduct];
      const gone = await new Fixtures(t().db).product({
        genre: GENRE,
        features: { color: ['Green'] },
        launchDate: '2026-03-09',
      });
      const before = await ask(index, listing());
      expect(before.ids).toEqual([gone.id, c.id, b.id, a.id]);
      expect(before.counts.get('color')?.get('Green')).toBe(1);
      await t().db.deleteFrom('products').where('id', '=', gone.id).execute();
      const after = await ask(index, listing());
      expect(after.ids).toEqual([c.id, b.id, a.id]);
      expect(after.total).toBe(3);
      expect(after.counts.get('color')?.has('Green')).toBe(false);
      const told = toldOf(written);
      expect(told.reads).toBe(1);
      expect(told.ids.has(gone.id)).toBe(true);
      expect(onlyOf(told.ids, [...kurtas, gone])).toEqual([]);
    }));

  it('sorts by popularity with the figures it was last given', () =>
    withIndex(async (index) => {
      const [a, b, c] = kurtas as [FixtureProduct, FixtureProduct, FixtureProduct];
      const sold = { units: figures([[a.id, 3]]), rating: figures([[b.id, 4]]) };
      expect((await ask(index, listing({ sort: 3 }), sold)).ids).toEqual([a.id, b.id, c.id]);
      const later = { units: figures([[c.id, 9]]), rating: figures([]) };
      expect((await ask(index, listing({ sort: 3 }), later)).ids).toEqual([c.id, b.id, a.id]);
    }));

  it('starts another thread, read afresh, when its thread has died', () =>
    withIndex(async (index, threads, written) => {
      expect((await ask(index, listing())).total).toBe(3);
      await threads[0]?.stop();
      expect((await ask(index, listing())).total).toBe(3);
      expect(threads).toHaveLength(2);
      expect(toldOf(written).reads).toBe(2);
      expect(onlyOf(toldOf(written).ids, kurtas)).toEqual([]);
    }));

  it('prices its products as the live sales make them, from the next question on, through a new thread too', () =>
    withIndex(async (index, threads) => {
      const [a, b, c] = kurtas as [FixtureProduct, FixtureProduct, FixtureProduct];
      // ₹999 each, MRP ₹1,998; at 60% off c is ₹400, its discount 79%
      const sale: SaleTerms = {
        id: 1,
        title: 'Festive',
        percentOff: 60,
        endsAt: Date.UTC(2027, 0, 1),
        scope: { all: false, segments: [], genres: [], crafts: false, productIds: [c.id], sellerIds: [] },
      };
      const priced = async () => {
        const first = await ask(index, listing());
        return {
          cheap: first.counts.get(PRICE_FILTER)?.get('0-499'),
          deep: first.counts.get(DISCOUNT_FILTER)?.get('70'),
          ...Object.fromEntries(
            await Promise.all(
              ([1, 2, 5] as const).map(async (sort) => [sort, (await ask(index, listing({ sort }))).ids]),
            ),
          ),
        };
      };
      const withoutSale = {
        cheap: 0,
        deep: 0,
        1: [a.id, b.id, c.id],
        2: [c.id, b.id, a.id],
        5: [c.id, b.id, a.id],
      };
      const onSale = {
        cheap: 1,
        deep: 1,
        1: [c.id, a.id, b.id],
        2: [b.id, a.id, c.id],
        5: [c.id, b.id, a.id],
      };
      // set before the first read, then changed while the thread answers
      index.setSales([sale]);
      expect(await priced()).toEqual(onSale);
      index.setSales([]);
      expect(await priced()).toEqual(withoutSale);
      index.setSales([sale]);
      expect(await priced()).toEqual(onSale);
      // the thread dies: its successor starts with the sales
      await threads[0]?.stop();
      expect(await priced()).toEqual(onSale);
      expect(threads).toHaveLength(2);
    }));

  it('fails what is asked once stopped, and starts no thread', () =>
    withIndex(async (index, threads) => {
      await index.stop();
      await expect(index.fresh()).rejects.toThrow('closing');
      expect(threads).toHaveLength(0);
    }));
});

describe('IndexThread', () => {
  it('fails the question waiting and every one after when the thread dies', async () => {
    const thread = await IndexThread.start();
    try {
      await expect(thread.genreCounts()).resolves.toEqual([]);
      // rows the index cannot read: the thread throws and ends
      thread.send({ kind: 'put', rows: '[[1, "apparel"' });
      await expect(thread.genreCounts()).rejects.toThrow();
      expect(thread.failure).toBeInstanceOf(Error);
      await expect(thread.genreCounts()).rejects.toBe(thread.failure);
    } finally {
      await thread.stop();
    }
  });
});
