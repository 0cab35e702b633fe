/** Whose image work it is: the shop's own (product photos, logos) or shoppers' (review photos). */
export type Lane = 'shop' | 'shopper';

/**
 * At most `permits` tasks run at once; the others wait, and start in the order they came within their
 * lane. Shoppers' tasks hold at most `shopperPermits` of the permits, so a burst of review photos always
 * leaves one for the shop's, and a freed permit goes to a waiting shop task before any shopper's: a
 * product photo never waits behind review photos.
 */
export class Semaphore {
  private readonly running: Record<Lane, number> = { shop: 0, shopper: 0 };
  private readonly waiting: Record<Lane, (() => void)[]> = { shop: [], shopper: [] };

  constructor(
    private readonly permits: number,
    private readonly shopperPermits = permits,
  ) {}

  async run<T>(task: () => Promise<T>, lane: Lane = 'shop'): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting[lane].push(resolve);
      this.startWaiting();
    });
    try {
      return await task();
    } finally {
      this.running[lane] -= 1;
      this.startWaiting();
    }
  }

  /** Hands free permits to waiting tasks: the shop's first, shoppers' within their share. */
  private startWaiting(): void {
    while (this.running.shop + this.running.shopper < this.permits) {
      const lane = this.nextLane();
      if (lane === undefined) return;
      this.running[lane] += 1;
      this.waiting[lane].shift()?.();
    }
  }

  private nextLane(): Lane | undefined {
    if (this.waiting.shop.length > 0) return 'shop';
    if (this.waiting.shopper.length > 0 && this.running.shopper < this.shopperPermits) return 'shopper';
    return undefined;
  }
}
