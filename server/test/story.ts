import { it } from 'vitest';
import type { Answer } from './contract-client.ts';

/**
 * The steps of a story told through the contract: each runs only if every step before it passed (a later
 * step would fail for that reason), so a failure names its step. Call once per describe block.
 */
export function storySteps() {
  let failedStep: string | undefined;
  return (name: string, run: () => Promise<void>, timeout?: number) =>
    it(
      name,
      async (context) => {
        if (failedStep) context.skip(`an earlier step failed: ${failedStep}`);
        try {
          await run();
        } catch (error) {
          failedStep = name;
          throw error;
        }
      },
      timeout,
    );
}

/** The answer's body once its status is the expected one; otherwise it throws, showing the body. */
export function expectStatus<T>(answer: Answer<T>, status: number): T {
  if (answer.status !== status) {
    throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}
