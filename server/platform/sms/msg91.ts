import type { Config } from '../../config.ts';
import { SmsError, type SmsSender } from './sender.ts';

const TIMEOUT_MS = 10_000;

/**
 * MSG91's flow API (POST /api/v5/flow, `authkey` header): the template, mapped in MSG91 to the DLT
 * template, holds the text of `otpMessage` with the code as its variable `otp`.
 */
export class Msg91SmsSender implements SmsSender {
  constructor(private readonly options: Config['msg91']) {}

  async sendOtp(phone: string, code: string): Promise<void> {
    const { authKey, templateId, sender, baseUrl } = this.options;
    const body = {
      template_id: templateId,
      ...(sender && { sender }),
      short_url: '0',
      recipients: [{ mobiles: `91${phone}`, otp: code }],
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
