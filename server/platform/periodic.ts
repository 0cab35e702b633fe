import type { FastifyBaseLogger } from 'fastify';

/**
 * A job run every period, never two runs at once (a run still going when the next is due is not
 * doubled). A failed run is logged and the next period tries again (the database away, say).
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    /** what the log says failed */
    private readonly what: string,
    private readonly periodMs: number,
    private readonly run: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    /** told of each run (the metrics count them) */
    private readonly ran: (outcome: 'completed' | 'failed') => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.run()
        .then(
          () => this.ran('completed'),
          (error: unknown) => {
            this.log.error({ err: error }, `${this.what} failed`);
            this.ran('failed');
          },
        )
        .finally(() => {
          this.running = undefined;
        });
    }, this.periodMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
