import { readFileSync } from 'node:fs';
import { INDIA_OFFSET_MS } from '../../../contract/india-time.ts';

/** The holiday table's file name, beside this module and beside the compiled server (deploy/build-server.ts). */
export const HOLIDAYS_TABLE_FILE = 'india-national-holidays.tsv';
export const HOLIDAYS_TABLE = new URL(`./${HOLIDAYS_TABLE_FILE}`, import.meta.url);

/** India's national holidays as MM-DD, read once from the table (its source named there). */
function readHolidays(): ReadonlySet<string> {
  const text = readFileSync(HOLIDAYS_TABLE, 'utf8');
  const rows = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  return new Set(rows.slice(1).map((row) => row.split('\t')[0] ?? ''));
}

const HOLIDAYS = readHolidays();
const SUNDAY = 0;
const DAY_MS = 86_400_000;

/** A day as YYYY-MM-DD, held as midnight UTC of that date so that adding days never meets a clock change. */
type Day = Date;

/** The day it is in India at `moment`. */
export function indiaToday(moment: Date): Day {
  const shifted = new Date(moment.getTime() + INDIA_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

/** Whether couriers work on the day: not a Sunday, not a national holiday. */
export function isBusinessDay(day: Day): boolean {
  return day.getUTCDay() !== SUNDAY && !HOLIDAYS.has(dayText(day).slice(5));
}

/** The business day `count` business days after `day` (0: `day` itself). */
export function addBusinessDays(day: Day, count: number): Day {
  let date = day;
  for (let left = count; left > 0; ) {
    date = new Date(date.getTime() + DAY_MS);
    if (isBusinessDay(date)) left -= 1;
  }
  return date;
}

/** YYYY-MM-DD */
export const dayText = (day: Day) => day.toISOString().slice(0, 10);
