import type { FastifyInstance } from 'fastify';

const HOUR_MS = 3_600_000;

/**
 * Tables that grow with every visitor (sessions, one-time codes) are swept hourly, so a shop that runs
 * for years keeps only what can still be used. A job's failure is logged and retried the next hour.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  jobs: Record<string, () => Promise<unknown>>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    for (const [name, job] of Object.entries(jobs)) {
      await job().catch((error: unknown) => app.log.error({ err: error }, `housekeeping: ${name} failed`));
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= run().finally(() => {
        running = undefined;
      });
    }, HOUR_MS);
    timer.unref();
  });
  // a sweep in progress finishes before the database closes
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
