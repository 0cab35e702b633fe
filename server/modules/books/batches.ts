import { Turns } from '../../platform/turns.ts';

/** How many rows a month's reader holds at once: a month of 100,000 lines is read a batch at a time. */
export const BATCH_ROWS = 2_000;

/**
 * Every row of a query read in keyset batches (`after` the last key, at most `limit`, in key order), so
 * no answer holds a whole month in memory and each query is short. What the caller does with each row
 * (folding, writing a PDF's line) shares the thread in slices: other requests get their turn every 10 ms,
 * which PGlite, answering in this process without I/O, would otherwise never give them (bench/README.md,
 * "The owner's books").
 */
export async function* inBatches<T>(
  read: (after: number, limit: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  limit = BATCH_ROWS,
): AsyncGenerator<T> {
  const turns = new Turns();
  let after = 0;
  for (;;) {
    const rows = await read(after, limit);
    for (const row of rows) {
      yield row;
      await turns.take();
    }
    const last = rows.at(-1);
    if (rows.length < limit || last === undefined) return;
    after = keyOf(last);
  }
}
