import type { FastifyBaseLogger } from 'fastify';
import { otpMessage, type SmsSender } from './sender.ts';

/** Development and tests: the message goes to the log, and the latest code per phone is kept. */
export class ConsoleSmsSender implements SmsSender {
  private readonly outbox = new Map<string, string>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async sendOtp(phone: string, code: string): Promise<void> {
    this.outbox.set(phone, code);
    this.log.info({ to: `+91${phone}`, text: otpMessage(code) }, 'SMS (console)');
  }

  latestCode(phone: string): string | undefined {
    return this.outbox.get(phone);
  }
}
