import type { TestClient } from './http.ts';

let phones = 0;

/** A mobile number no other test in this process has used (the demo customers' start with 9). */
export function uniquePhone(): string {
  phones += 1;
  return `6${String(process.pid % 10_000).padStart(4, '0')}${String(phones).padStart(5, '0')}`;
}

/**
 * Sends a code to `phone` and verifies it, as the shopper does with the SMS (console outbox).
 * A phone gets one code per 30 s: to verify it again, move the app's clock (`now` of describeEachDatabase).
 */
export async function verifyPhone(client: TestClient, phone: string): Promise<void> {
  const sent = await client.post('/api/otp/send', { phoneNumber: phone });
  if (sent.status !== 200) throw new Error(`OTP send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = await client.get<{ code: string }>(`/api/dev/sms/${phone}`);
  const verified = await client.post('/api/otp/verify', { phoneNumber: phone, code: outbox.body.code });
  if (verified.status !== 200) throw new Error(`OTP verify failed: ${verified.status}`);
}

export interface Shopper {
  phone: string;
  mail: string;
  fname: string;
  lname: string;
}

/** Signs a new shopper up on `client`, which ends logged in; its CSRF token stays the same. */
export async function signUpShopper(client: TestClient, fields: Partial<Shopper> = {}): Promise<Shopper> {
  const phone = fields.phone ?? uniquePhone();
  const shopper = { phone, mail: `shopper${phone}@example.in`, fname: 'Asha', lname: 'Rao', ...fields };
  await verifyPhone(client, phone);
  const res = await client.post('/api/signUp', shopper, { key: 'login' });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return shopper;
}
