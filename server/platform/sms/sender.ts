import type { MessageKind } from './templates.ts';

/** A message of one kind (its flow template), with the template's variables and the text they make. */
export interface TemplatedSms {
  phone: string;
  template: MessageKind;
  variables: Record<string, string>;
  text: string;
  /** the same on every try of one message, so the gateway's reports tell a retry from a new message */
  idempotencyKey: string;
}

/** Sends SMS. `phone` is the 10-digit number as stored; adapters add the country code. */
export interface SmsSender {
  sendOtp(phone: string, code: string): Promise<void>;
  sendMessage(message: TemplatedSms): Promise<void>;
}

/** The gateway did not take the message; its details are for the log, not the shopper. */
export class SmsError extends Error {}

/** The text of a code's SMS; the gateway's DLT-registered template must read the same. */
export const otpMessage = (code: string) =>
  `${code} is your haat verification code. It is valid for 5 minutes.`;
