import type {
  LoginCheckResponse,
  LoginResponse,
  OtpSendResponse,
  OtpVerifyResponse,
  SignUpRecord,
  ThrottledResponse,
} from '../../../../contract/accounts.ts';
import { apiPaths } from '../../../../contract/paths.ts';
import { ApiError, api } from '../../../shared/api/client.ts';
import { keepBagChanges, type ReturnTo } from '../app/after-login.ts';
import { login } from '../app/session.tsx';

/** The calls and texts login, sign-up and the profile share (spec sections 7 and 8). */

export const messages = {
  otpSent: 'OTP sent',
  phoneNotRegistered: 'Phone number is not registered!',
  phoneTaken: 'Phone number is already registered',
  mailTaken: 'Mail id is already registered, try with different mail id',
  loginFailed: 'Error occurred! Please try after sometime',
  // the spec's text, its spelling fixed (decision 064)
  signUpFailed: 'Issue occurred! Please try after sometime',
  saved: 'Saved successfully!',
};

export const sendOtp = (phoneNumber: string) =>
  api.post<OtpSendResponse>(apiPaths.otpSend(), { phoneNumber });

export const verifyOtp = (phoneNumber: string, code: string) =>
  api.post<OtpVerifyResponse>(apiPaths.otpVerify(), { phoneNumber, code });

export const logIn = (phoneNumber: string) => api.post<LoginResponse>(apiPaths.login(), { phoneNumber });

export const checkLogin = (signal: AbortSignal) =>
  api.get<LoginCheckResponse>(apiPaths.loginCheck(), { signal });

/** key=phone and key=mail: true when already registered */
export const isPhoneRegistered = (phoneNumber: string) =>
  api.post<boolean>(apiPaths.signUp(), { phoneNumber }, { key: 'phone' });

export const isMailRegistered = (mailId: string) =>
  api.post<boolean>(apiPaths.signUp(), { mailId }, { key: 'mail' });

export const signUp = (record: SignUpRecord) =>
  api.post<LoginResponse>(apiPaths.signUp(), record, { key: 'login' });

/** What login hands to sign-up for a number that is not registered yet. */
export interface SignUpState extends ReturnTo {
  phone: string;
  /** the session verified the number with a code moments ago */
  verified: boolean;
}

/**
 * After login or sign-up: the browser's CSRF token stays valid, only the login state changes; what the
 * merge of the visitor's bag changed is kept for the bag page to tell once.
 */
export function startSession({ fname, bagChanges }: LoginResponse) {
  keepBagChanges(bagChanges);
  login(fname);
}

/**
 * The server's reason a code was refused or not sent, with the wait a 429 asks for; a failing SMS
 * provider's 503 tells in its own words when to try again.
 */
export function otpErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || (error.status >= 500 && error.status !== 503)) return fallback;
  if (error.status !== 429) return error.message;
  const { retryAfter } = (error.body ?? {}) as Partial<ThrottledResponse>;
  return retryAfter ? `${error.message}. Try again in ${waitText(retryAfter)}.` : error.message;
}

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
