import type { OfferState } from '../../../contract/offers-constants.ts';
import type { FieldErrors } from '../../platform/errors.ts';

/** An offer's window as saved, with its fields' problems (none when it may be saved). */
export interface CheckedWindow {
  problems: FieldErrors;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The window of a sale or a coupon as the back office sent it: a start in the past means now,
 * but an offer already live keeps the start it had (`startedAt`), so that editing it does not move its
 * start; the end after the start and in the future.
 */
export function checkWindow(
  body: { startsAt: string; endsAt: string },
  now: Date,
  startedAt?: Date,
): CheckedWindow {
  const problems: FieldErrors = {};
  const asked = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (Number.isNaN(asked.getTime())) problems.startsAt = 'Enter a date and time';
  if (Number.isNaN(endsAt.getTime())) problems.endsAt = 'Enter a date and time';
  else if (endsAt <= asked) problems.endsAt = 'The end must be after the start';
  else if (endsAt <= now) problems.endsAt = 'The end must be in the future';
  const startsAt = asked > now ? asked : startedAt && startedAt <= now ? startedAt : now;
  return { problems, startsAt, endsAt };
}

/** Where `now` stands in an offer's window; switched off (each offer says how) is the caller's. */
export function windowState(startsAt: Date, endsAt: Date, now: Date): Exclude<OfferState, 'disabled'> {
  if (now < startsAt) return 'scheduled';
  return now < endsAt ? 'live' : 'ended';
}
