/**
 * India's calendar: one time zone (Asia/Kolkata, UTC+05:30), no daylight saving. Days and months of the
 * owner's books and reports are India's, whatever the server's or the browser's own zone.
 */
export const INDIA_OFFSET_MS = 330 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

/** The moment as India's wall clock reads it, in a Date's UTC fields. */
const wallClock = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS);

/** `2026-11-05`: the India day of a moment. */
export const indiaDay = (at: Date): string => wallClock(at).toISOString().slice(0, 10);

/** `2026-11`: the India month of a moment. */
export const indiaMonth = (at: Date): string => indiaDay(at).slice(0, 7);

/** The moment an India day (`YYYY-MM-DD`) begins. */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) - INDIA_OFFSET_MS);

/** The day after an India day, `YYYY-MM-DD`. */
export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);

/** The moments a month (`YYYY-MM`, India) begins and the next begins: `from <= at < to`. */
export function monthBounds(period: string): { from: Date; to: Date } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: dayStart(`${period}-01`), to: dayStart(`${next}-01`) };
}

/** The days from one India day to another, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}
