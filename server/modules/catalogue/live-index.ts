import type { Db } from '../../db/connect.ts';
import type { SaleTerms } from '../offers/sale-price.ts';
import type { FacetAnswer, FacetQuery, PopularityFigures } from './facet-index/types.ts';
import { type GenreCounts, IndexThread } from './index-thread.ts';
import * as store from './store.ts';

const BATCH = 20_000;

/** The index as of one catch-up read: what a listing or a suggestion asks of it. */
export interface IndexReader {
  /** Sort 3 needs `popularity`. */
  query(query: FacetQuery, popularity?: PopularityFigures): Promise<FacetAnswer>;
  /** Products on sale per apparel segment and genre. */
  genreCounts(): Promise<GenreCounts>;
}

/**
 * The facet index of this process, kept up to date with the products table (decision 020) and held by
 * its own thread (IndexThread). It is read whole on first use; before each use it reads the products
 * written and deleted since it last looked (migrations 013 and 016), so a change shows on the next uncached
 * listing of every instance, announced or not. Concurrent callers share one catch-up read. The
 * database is read here, on the shop's thread (PGlite lives there), and the rows are sent on.
 */
export class LiveIndex {
  private built: Promise<IndexThread> | undefined;
  /** the thread being read into or answering */
  private thread: IndexThread | undefined;
  /** the thread once the whole catalogue is read into it */
  private answering: IndexThread | undefined;
  private stopped = false;
  private horizon = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private sentPopularity: PopularityFigures | undefined;
  /** the live sales, as last set: a thread (re)built gets them before its first product */
  private sales: readonly SaleTerms[] = [];

  private readonly written: (ids: readonly number[] | 'all') => void;
  private readonly popularity: (() => Promise<PopularityFigures>) | undefined;
  private readonly startThread: () => Promise<IndexThread>;

  constructor(
    private readonly db: Db,
    options: {
      /**
       * hears of the products whose rows it reads as changed, before the use that asked waits no more;
       * `'all'` when the catalogue is read afresh (what changed meanwhile is not told apart)
       */
      written?: (ids: readonly number[] | 'all') => void;
      /** sort 3's figures, asked at the end of a full read so that its orders are made with the rest */
      popularity?: () => Promise<PopularityFigures>;
      /** for tests, which stand in for a thread that dies */
      startThread?: () => Promise<IndexThread>;
    } = {},
  ) {
    this.written = options.written ?? (() => undefined);
    this.popularity = options.popularity;
    this.startThread = options.startThread ?? (() => IndexThread.start());
  }

  /** Starts the first read now, so that the first shopper does not wait for it (a failure is retried on use). */
  warm(): void {
    this.current().catch(() => undefined);
  }

  /**
   * Whether a use now would wait for the whole catalogue to be read (the first read, or a dead thread's
   * successor's); if so, the read is started, or started again after a failure.
   */
  isCold(): boolean {
    if (this.answering && !this.answering.failure) return false;
    this.warm();
    return true;
  }

  /** The index with every product change committed before this call (one catch-up read for all asked of it). */
  async fresh(): Promise<IndexReader> {
    const thread = await this.current();
    return {
      query: (query, popularity) => {
        if (popularity) this.sendPopularity(thread, popularity);
        return thread.query(query);
      },
      genreCounts: () => thread.genreCounts(),
    };
  }

  /**
   * The sales live from now on (the whole live set, each time it changes). The thread prices its
   * products again before it answers anything asked after this call; a thread built later starts with
   * them.
   */
  setSales(sales: readonly SaleTerms[]): void {
    this.sales = sales;
    this.thread?.send({ kind: 'sales', sales });
  }

  /** Ends the index's thread for good (the shop is closing): what is asked after fails. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.thread?.stop();
  }

  /** The live thread, caught up; one that died since is replaced by a new one, read afresh. */
  private async current(): Promise<IndexThread> {
    for (;;) {
      if (this.stopped) throw new Error('the shop is closing');
      this.built ??= this.build().catch((error: unknown) => {
        this.built = undefined;
        throw error;
      });
      const built = this.built;
      const thread = await built;
      if (!thread.failure) {
        await this.catchUp(thread);
        return thread;
      }
      if (this.built === built) this.built = undefined;
    }
  }

  private async build(): Promise<IndexThread> {
    const thread = await this.startThread();
    this.thread = thread;
    if (this.stopped) await thread.stop();
    this.sentPopularity = undefined;
    // before any product, so that each is priced as it is put (no second pass over the catalogue)
    if (this.sales.length > 0) thread.send({ kind: 'sales', sales: this.sales });
    try {
      // taken first: whatever is written while the batches are read is read again by the first catch-up
      this.horizon = await store.revisionHorizon(this.db);
      this.written('all');
      thread.send({ kind: 'reserve', sizes: await store.indexShardSizes(this.db) });
      const highest = await store.highestProductId(this.db);
      // ids in ranges, the next range read while this one is sent
      const read = (from: number) => store.indexRows(this.db, from, from + BATCH);
      let next = read(0);
      let taken: Promise<unknown> = Promise.resolve();
      for (let from = 0; from < highest; from += BATCH) {
        // stopped, or dead: reading on is in vain
        if (thread.failure) throw thread.failure;
        const rows = await next;
        next = from + BATCH < highest ? read(from + BATCH) : Promise.resolve('[]');
        // a batch waits while the thread still has one to take in: the text of every batch read ahead
        // of a busy thread would be hundreds of MB at a million products
        await taken;
        thread.send({ kind: 'put', rows });
        taken = thread.genreCounts();
        // awaited by the next batch, if there is one: a thread stopped meanwhile rejects it unawaited
        taken.catch(() => undefined);
      }
      // read while the thread takes in the last batches; the figures answer the first sort 3 unchanged
      // (a popularity order made at a shopper's first sort took seconds at a million products)
      if (this.popularity) this.sendPopularity(thread, await this.popularity());
      thread.send({ kind: 'finish' });
      // all indexed; a thread that died meanwhile fails this use (not every use after it, in a loop)
      await thread.genreCounts();
      this.answering = thread;
      return thread;
    } catch (error) {
      await thread.stop();
      throw error;
    }
  }

  /** New figures for sort 3 go to the thread; the very figures it was last sent do not. */
  private sendPopularity(thread: IndexThread, figures: PopularityFigures): void {
    if (figures === this.sentPopularity) return;
    thread.send({ kind: 'popularity', figures });
    this.sentPopularity = figures;
  }

  /** One read at a time; a caller arriving during one waits for the next, which starts after it came. */
  private catchUp(thread: IndexThread): Promise<void> {
    if (!this.running) {
      this.running = this.readChanges(thread).finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.catchUp(thread);
      });
    return this.queued;
  }

  private async readChanges(thread: IndexThread): Promise<void> {
    const { horizon, ids, rows, removed } = await store.indexChanges(this.db, this.horizon);
    // a dead thread's successor keeps the horizon of its own first read
    if (thread.failure) return;
    if (rows) {
      thread.send({ kind: 'put', rows });
      this.written(ids);
    }
    if (removed.length > 0) {
      thread.send({ kind: 'remove', ids: removed });
      this.written(removed);
    }
    this.horizon = horizon;
  }
}
