/** Sends one-time codes by SMS. `phone` is the 10-digit number as stored; adapters add the country code. */
export interface SmsSender {
  sendOtp(phone: string, code: string): Promise<void>;
}

/** The gateway did not take the message; its details are for the log, not the shopper. */
export class SmsError extends Error {}

/** The text of a code's SMS; the gateway's DLT-registered template must read the same. */
export const otpMessage = (code: string) =>
  `${code} is your haat verification code. It is valid for 5 minutes.`;
