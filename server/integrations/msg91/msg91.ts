import type { Config } from '../../config.ts';
import { askKeys, type KeyAnswer } from '../../modules/setup/service.ts';
import { SmsError, type SmsSender, type TemplatedSms } from '../../platform/sms/sender.ts';
import { templateVariable } from '../../platform/sms/templates.ts';

const TIMEOUT_MS = 10_000;

/**
 * MSG91's flow API (POST /api/v5/flow, `authkey` header). A code's template, mapped in MSG91 to the DLT
 * template, holds the text of `otpMessage` with the code as its variable `otp`; each order message has a
 * template of its own (templates.ts), its variables named as there.
 */
export class Msg91SmsSender implements SmsSender {
  constructor(
    private readonly options: Config['msg91'],
    private readonly templates: Config['smsTemplates'] = {},
  ) {}

  async sendOtp(phone: string, code: string): Promise<void> {
    await this.post(this.options.templateId, { mobiles: `91${phone}`, otp: code });
  }

  /**
   * MSG91 keeps no idempotency key, so the message's goes as its CRQID: MSG91 returns it in delivery
   * reports and webhooks, so a retried send can be told from a new message there.
   */
  async sendMessage(message: TemplatedSms): Promise<void> {
    const templateId = this.templates[message.template];
    if (!templateId) {
      throw new SmsError(
        `No MSG91 template for ${message.template}: set ${templateVariable(message.template)}`,
      );
    }
    await this.post(
      templateId,
      { mobiles: `91${message.phone}`, ...message.variables },
      { CRQID: message.idempotencyKey },
    );
  }

  private async post(
    templateId: string,
    recipient: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<void> {
    const { authKey, sender, baseUrl } = this.options;
    const body = {
      template_id: templateId,
      ...(sender && { sender }),
      short_url: '0',
      ...extra,
      recipients: [recipient],
    };
    let response: Response;
    try {
      response = await fetch(new URL('/api/v5/flow', baseUrl), {
        method: 'POST',
        headers: { authkey: authKey, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsError(`MSG91 could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    // MSG91 also reports some failures with a 200 and {"type": "error"}
    const answer = parseAnswer(text);
    if (!response.ok || answer?.type !== 'success') {
      throw new SmsError(
        `MSG91 refused the message (HTTP ${response.status}): ${answer?.message ?? text.slice(0, 200)}`,
      );
    }
  }
}

function parseAnswer(text: string): { type?: string; message?: string } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether MSG91 takes the auth key: the transactional route's balance (GET /api/balance.php), a number,
 * for `npm run doctor`; a refused key answers MSG91's error instead.
 */
export function askMsg91Key({ authKey, baseUrl }: Config['msg91']): Promise<KeyAnswer> {
  const url = new URL('/api/balance.php', baseUrl);
  url.searchParams.set('authkey', authKey);
  url.searchParams.set('type', '4');
  return askKeys(
    'MSG91',
    (signal) => fetch(url, { signal }),
    (response, body) =>
      response.ok && /^\d+(\.\d+)?$/.test(body.trim())
        ? `the key works, a balance of ${body.trim()} SMS (HTTP ${response.status})`
        : undefined,
  );
}
