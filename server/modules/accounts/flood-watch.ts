import { AppError } from '../../platform/errors.ts';

/** The route a code was asked on: the shop's (`POST /api/otp/send`) or the back office's. */
export type CodeRoute = 'shopper' | 'staff';

/** Why a code was held back; the label of `haat_otp_limited_total`. */
export type LimitReason =
  | 'resend'
  | 'phone-network'
  | 'phone'
  | 'address'
  | 'budget'
  | 'unknown-share'
  | 'unknown-network'
  | 'allowance';

/** Where the warn lines go: the app's logger. */
export interface WarnLog {
  warn(fields: object, message: string): void;
}

// a flood from ever new networks must not grow the memory of who was logged without bound
const MAX_WATCHED = 10_000;

/**
 * Counts every request a limit holds back (in `/metrics`) and logs one warn line per limit and subject
 * per window, so a flood shows in the log without writing a line per request. The 30 s resend wait is a
 * shopper's double tap, not a flood: counted, never logged.
 */
export class FloodWatch {
  private readonly loggedUntil = new Map<string, number>();

  constructor(
    private readonly log: WarnLog,
    private readonly count: (route: CodeRoute, reason: LimitReason) => void,
    private readonly now: () => Date,
  ) {}

  /** Notes a 429 `refusal` of `reason` for `subject` (a masked phone, an address, 'shop'). */
  held(route: CodeRoute, reason: LimitReason, subject: string, refusal: AppError): void {
    this.count(route, reason);
    if (reason === 'resend') return;
    const at = this.now().getTime();
    const key = `${route} ${reason} ${subject}`;
    if ((this.loggedUntil.get(key) ?? 0) > at) return;
    const retryAfter = Number(refusal.headers['retry-after'] ?? 0);
    this.forgetPast(at);
    this.loggedUntil.set(key, at + retryAfter * 1000);
    this.log.warn({ route, reason, subject, retryAfter }, 'one-time codes held back by a limit');
  }

  private forgetPast(at: number): void {
    if (this.loggedUntil.size < MAX_WATCHED) return;
    for (const [key, until] of this.loggedUntil) if (until <= at) this.loggedUntil.delete(key);
    // still full of live windows: forget the oldest, at worst logging it once more
    for (const key of this.loggedUntil.keys()) {
      if (this.loggedUntil.size < MAX_WATCHED) break;
      this.loggedUntil.delete(key);
    }
  }
}

/** A phone as the log shows it: its last four digits. */
export const maskedPhone = (phone: string) => `******${phone.slice(-4)}`;

/** Whether `error` is a limit's 429, to note before it is rethrown. */
export const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.status === 429;
