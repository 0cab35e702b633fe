import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startWorker, type WorkerModule } from '../../platform/worker-script.ts';
import type { SaleTerms } from '../offers/sale-price.ts';
import type { FacetIndex } from './facet-index/facet-index.ts';
import type { FacetAnswer, FacetQuery, PopularityFigures } from './facet-index/types.ts';

/** What the shop's thread tells the index's thread, in order; a request is answered under its id. */
export type IndexCommand =
  | { kind: 'reserve'; sizes: Parameters<FacetIndex['reserve']>[0] }
  /** product rows as one JSON text, as the store reads them (index-rows.ts) */
  | { kind: 'put'; rows: string }
  | { kind: 'remove'; ids: number[] }
  | { kind: 'finish' }
  | { kind: 'popularity'; figures: PopularityFigures }
  /** the sales live from now on (decision 041): every product priced again */
  | { kind: 'sales'; sales: readonly SaleTerms[] }
  | { kind: 'query'; id: number; query: FacetQuery }
  | { kind: 'genres'; id: number };

export type GenreCounts = ReturnType<FacetIndex['genreCounts']>;

export type IndexReply = { id: number } & (
  | { ok: true; value: FacetAnswer | GenreCounts }
  | { ok: false; message: string }
);

/** The facet index's thread's module. */
export const INDEX_WORKER: WorkerModule = {
  source: fileURLToPath(new URL('./index-worker.ts', import.meta.url)),
  compiled: 'index-worker.cjs',
};

interface Pending {
  resolve: (value: FacetAnswer | GenreCounts) => void;
  reject: (error: Error) => void;
}

/**
 * The facet index on a thread of its own (decision 020), so that counting takes the second core and
 * the shop's thread goes on with HTTP and SQL meanwhile. Commands reach it in the order they are sent,
 * so a query sent after some products sees them. If the thread dies, what was asked fails with
 * `failure`, which tells the owner to start another.
 */
export class IndexThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private failed: Error | undefined;

  static async start(): Promise<IndexThread> {
    return new IndexThread(await startWorker(INDEX_WORKER));
  }

  private constructor(worker: Worker) {
    this.worker = worker;
    // it keeps the process alive only while a question waits (see ask)
    this.worker.unref();
    this.worker.on('message', (reply: IndexReply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the facet index's thread stopped (code ${code})`)));
  }

  /** Why the thread is gone, once it is. */
  get failure(): Error | undefined {
    return this.failed;
  }

  send(command: IndexCommand): void {
    if (!this.failed) this.worker.postMessage(command);
  }

  query(query: FacetQuery): Promise<FacetAnswer> {
    return this.ask((id) => ({ kind: 'query', id, query })) as Promise<FacetAnswer>;
  }

  genreCounts(): Promise<GenreCounts> {
    return this.ask((id) => ({ kind: 'genres', id })) as Promise<GenreCounts>;
  }

  async stop(): Promise<void> {
    this.fail(new Error("the facet index's thread was stopped"));
    await this.worker.terminate();
  }

  private ask(command: (id: number) => IndexCommand): Promise<FacetAnswer | GenreCounts> {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(command(id));
    });
  }

  private settle(reply: IndexReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new Error(reply.message));
  }

  private fail(error: Error): void {
    this.failed ??= error;
    for (const { reject } of this.pending.values()) reject(this.failed);
    this.pending.clear();
    this.worker.unref();
  }
}
