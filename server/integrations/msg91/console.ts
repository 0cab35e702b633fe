import type { FastifyBaseLogger } from 'fastify';
import { otpMessage, type SmsSender, type TemplatedSms } from '../../platform/sms/sender.ts';

/** the newest templated messages kept in memory; the outbox table keeps them all */
const KEPT_MESSAGES = 1000;

/**
 * Development and tests: the message goes to the log, and the latest code per phone is kept (a sign-in
 * code, or a cash-on-delivery order's confirmation code).
 */
export class ConsoleSmsSender implements SmsSender {
  private readonly outbox = new Map<string, string>();
  /** the templated messages sent, oldest first */
  readonly sent: TemplatedSms[] = [];

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async sendOtp(phone: string, code: string): Promise<void> {
    this.outbox.set(phone, code);
    this.log.info({ to: `+91${phone}`, text: otpMessage(code) }, 'SMS (console)');
  }

  async sendMessage(message: TemplatedSms): Promise<void> {
    this.sent.push(message);
    // a COD order's confirmation code is answered as a sign-in code is (GET /api/dev/sms/{phone})
    if (message.template === 'cod_confirm' && message.variables.code) {
      this.outbox.set(message.phone, message.variables.code);
    }
    if (this.sent.length > KEPT_MESSAGES) this.sent.shift();
    const { phone, template, text, idempotencyKey } = message;
    this.log.info({ to: `+91${phone}`, template, text, idempotencyKey }, 'SMS (console)');
  }

  latestCode(phone: string): string | undefined {
    return this.outbox.get(phone);
  }
}
