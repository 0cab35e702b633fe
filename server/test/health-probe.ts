import { expect } from 'vitest';

/** One probe of /healthz: its status, whether the request it watched was still in flight, and its time. */
export interface HealthProbe {
  status: number;
  during: boolean;
  ms: number;
}

/**
 * Sends `request` and asks `/healthz` one probe after another until it is answered: what shoppers meet
 * while that request is served (a frozen shop answers no probe until it is done).
 */
export async function probedWhile<T>(
  baseUrl: string,
  request: Promise<T>,
): Promise<{ answer: T; health: HealthProbe[] }> {
  let done = false;
  const settled = request.finally(() => {
    done = true;
  });
  const health: HealthProbe[] = [];
  while (!done) {
    const sent = performance.now();
    const res = await fetch(`${baseUrl}/healthz`);
    health.push({ status: res.status, during: !done, ms: performance.now() - sent });
  }
  return { answer: await settled, health };
}

/**
 * The shop answered `/healthz` more than once, always 200, while the watched request was served; the
 * count and the slowest answer go to the test's annotations (times are not asserted: machines are shared).
 */
export async function expectAnsweredMeanwhile(
  health: readonly HealthProbe[],
  annotate: (message: string) => Promise<unknown>,
): Promise<void> {
  const during = health.filter((probe) => probe.during);
  expect(during.length).toBeGreaterThan(1);
  expect(during.every((probe) => probe.status === 200)).toBe(true);
  const slowest = Math.max(...during.map((probe) => probe.ms));
  await annotate(
    `/healthz answered ${during.length} times meanwhile, the slowest in ${slowest.toFixed(1)} ms`,
  );
}
