/** The first `k` of a query's hits across its shards, kept in order while they are offered. */

/** Beyond this many, the best `k` are found by sorting everything offered once (deep pages). */
const SORT_ALL_BEYOND = 1_000;

/** The best `k` of what is offered, in order: a sorted array, most offers turned away at its tail. */
export class TopK<T> {
  private items: T[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { items, k } = this;
    if (k > SORT_ALL_BEYOND) {
      items.push(item);
      return;
    }
    if (k === 0 || (items.length === k && this.compare(item, items[k - 1] as T) >= 0)) return;
    let low = 0;
    let high = items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(items[mid] as T, item) <= 0) low = mid + 1;
      else high = mid;
    }
    items.splice(low, 0, item);
    if (items.length > k) items.pop();
  }

  best(): T[] {
    if (this.k > SORT_ALL_BEYOND) this.items = this.items.sort(this.compare).slice(0, this.k);
    return this.items;
  }
}
