import type { TestClient } from './http.ts';

/** A request as if from `address`: the loopback test client is a trusted proxy (TRUST_PROXY=loopback). */
export const from = (address: string) => ({ 'x-forwarded-for': address });

export type CodeAnswer = { sent?: boolean; error?: string; retryAfter?: number };

/** A shopper's code asked from `address` (POST /api/otp/send). */
export const shopperCode = (client: TestClient, phone: string, address: string) =>
  client.post<CodeAnswer>('/api/otp/send', { phoneNumber: phone }, from(address));

/** A back-office sign-in code asked from `address` (POST /admin/api/session/code). */
export const staffCode = (client: TestClient, phone: string, address: string) =>
  client.post<CodeAnswer>('/admin/api/session/code', { phone }, from(address));

/** The development outbox (loopback only, so asked without a forwarded address): the phone's latest code. */
export const outboxCode = async (client: TestClient, phone: string) =>
  (await client.get<{ code: string }>(`/api/dev/sms/${phone}`)).body.code;
