import type { Db } from '../../db/connect.ts';
import { FacetIndex } from './facet-index.ts';
import * as store from './store.ts';

const BATCH = 20_000;

/**
 * The facet index of this process, kept up to date with the products table (decision 020). It is read
 * whole on first use; before each use it reads the products written since it last looked (migration
 * 013's revisions), so a change shows on the next uncached listing of every instance, announced or not.
 * Concurrent callers share one catch-up read.
 */
export class LiveIndex {
  private built: Promise<FacetIndex> | undefined;
  private horizon = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** Starts the first read now, so that the first shopper does not wait for it (a failure is retried on use). */
  warm(): void {
    this.current().catch(() => undefined);
  }

  /** The index with every product change committed before this call. */
  async current(): Promise<FacetIndex> {
    this.built ??= this.build().catch((error: unknown) => {
      this.built = undefined;
      throw error;
    });
    const index = await this.built;
    await this.catchUp(index);
    return index;
  }

  private async build(): Promise<FacetIndex> {
    const index = new FacetIndex();
    // taken first: whatever is written while the batches are read is read again by the first catch-up
    this.horizon = await store.revisionHorizon(this.db);
    index.reserve(await store.indexShardSizes(this.db));
    const highest = await store.highestProductId(this.db);
    // ids in ranges, the next range read while this one is indexed
    const read = (from: number) => store.indexRows(this.db, from, from + BATCH);
    let next = read(0);
    for (let from = 0; from < highest; from += BATCH) {
      const batch = await next;
      next = from + BATCH < highest ? read(from + BATCH) : Promise.resolve([]);
      for (const product of batch) index.put(product);
    }
    index.finishFirstRead();
    return index;
  }

  /** One read at a time; a caller arriving during one waits for the next, which starts after it came. */
  private catchUp(index: FacetIndex): Promise<void> {
    if (!this.running) {
      this.running = this.readChanges(index).finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.catchUp(index);
      });
    return this.queued;
  }

  private async readChanges(index: FacetIndex): Promise<void> {
    const { horizon, products } = await store.indexChanges(this.db, this.horizon);
    for (const product of products) index.put(product);
    this.horizon = horizon;
  }
}
