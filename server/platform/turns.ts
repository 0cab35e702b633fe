/** How long a loop on the shop's thread may run before it lets the event loop answer others. */
const SLICE_MS = 10;

/**
 * A long loop on the shop's thread (a 50,000-row catalogue import) awaits `take()` between its steps:
 * once `sliceMs` of work have passed since the last turn, the event loop gets one (setImmediate, after
 * pending I/O), so no request waits behind the loop for more than a slice.
 */
export class Turns {
  private since = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** A promise that settles after the event loop's turn when one is due; undefined (nothing to wait for) else. */
  take(): Promise<void> | undefined {
    if (performance.now() - this.since < this.sliceMs) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.since = performance.now();
        resolve();
      }),
    );
  }
}
