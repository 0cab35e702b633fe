import type { SmsSender, TemplatedSms } from './sender.ts';

/** codes failed (or unanswered) in a row before the provider counts as failing */
export const FAILING_AFTER = 3;
/** how long a failing provider is left alone before a code tries it again */
export const RETRY_AFTER_MS = 2 * 60_000;

/**
 * The SMS provider with a memory of its recent sends: failing once FAILING_AFTER codes in a row failed
 * or went unanswered, until a send goes through. While it fails, code routes refuse at once (503), the
 * same for every number, rather than let anyone wait for a code that is not coming; after
 * RETRY_AFTER_MS the next code tries it again. An order message that goes through shows the provider
 * works; one that fails is not counted, as it may be that message's own (a template not set yet), which
 * the outbox retries. Each instance watches its own sends.
 */
export class WatchedSms implements SmsSender {
  private failedInRow = 0;
  private lastFailure = 0;

  constructor(
    readonly sender: SmsSender,
    /** the provider's name as the owner knows it (the Dashboard, /metrics) */
    readonly provider: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async sendOtp(phone: string, code: string): Promise<void> {
    try {
      await this.sender.sendOtp(phone, code);
    } catch (error) {
      this.failedInRow += 1;
      this.lastFailure = this.now().getTime();
      throw error;
    }
    this.failedInRow = 0;
  }

  async sendMessage(message: TemplatedSms): Promise<void> {
    await this.sender.sendMessage(message);
    this.failedInRow = 0;
  }

  /** Whether the recent sends failed, so that a code now would not arrive. */
  failing(): boolean {
    return this.failedInRow >= FAILING_AFTER && this.now().getTime() - this.lastFailure < RETRY_AFTER_MS;
  }
}
