import { dayStart, indiaDay, indiaMonth } from '../../../../../contract/india-time.ts';
import { rangeProblems } from '../../../../../contract/reports.ts';
import type { DayRange } from '../../api/paths.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The India day `days` days before another. */
const daysBefore = (day: string, days: number) => indiaDay(new Date(dayStart(day).getTime() - days * DAY_MS));

/** The last 30 India days, today included: the range the screen opens with. */
export function lastThirtyDays(now: Date): DayRange {
  const to = indiaDay(now);
  return { from: daysBefore(to, 29), to };
}

/** This India month so far. */
export const thisMonth = (now: Date): DayRange => ({ from: `${indiaMonth(now)}-01`, to: indiaDay(now) });

/** The India month before this one, whole. */
export function lastMonth(now: Date): DayRange {
  const to = daysBefore(`${indiaMonth(now)}-01`, 1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** The screen's ready-made ranges, as its buttons name them. */
export const PRESETS = [
  { label: 'Last 30 days', range: lastThirtyDays },
  { label: 'This month', range: thisMonth },
  { label: 'Last month', range: lastMonth },
] as const;

/**
 * The range the address asks for (`?from=&to=`), the last 30 days where it names none, with what is wrong
 * with it by field: the server's own check (contract/reports.ts), so a bad range is told before any call.
 */
export function rangeAsked(search: URLSearchParams, now: Date) {
  const fallback = lastThirtyDays(now);
  const range = { from: search.get('from') || fallback.from, to: search.get('to') || fallback.to };
  return { range, problems: rangeProblems(range.from, range.to) };
}
