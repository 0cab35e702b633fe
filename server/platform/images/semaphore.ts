/** At most `permits` tasks run at once; the others wait, and start in the order they came. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly permits: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.permits) this.running += 1;
    // a finishing task hands its permit straight to the first waiting one
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
