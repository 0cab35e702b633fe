import { INDIA_OFFSET_MS } from '../../../../contract/india-time.ts';
import { formatPaise } from '../../../../contract/money.ts';

export { formatRupees } from '../../../../contract/money.ts';

/** The books' rupees (a JSON number exact to the paisa, contract owners-books) as paise, so sums stay exact. */
export const paiseOf = (rupees: number | undefined): number => Math.round((rupees ?? 0) * 100);

/** The books' rupees as the back office shows money: ₹1,000.50, ₹1,000, and a reversal −₹37.50. */
export const formatAmount = (rupees: number): string => {
  const paise = paiseOf(rupees);
  return paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(paise);
};

/** "1 product", "3 products", "19,159 pincodes" */
export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/**
 * A moment as the back office shows it, in India time: `25 Nov 2026, 14:05`. Built from parts so that no
 * locale's month spelling ("Sept") or separators slip in.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatWhen(iso: string): string {
  const part = Object.fromEntries(parts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${Number(part.day)} ${MONTHS[Number(part.month) - 1]} ${part.year}, ${part.hour}:${part.minute}`;
}

/** An India day (`2026-11-05`) as the back office shows it: `5 Nov 2026`, or `5 Nov` where the year is plain. */
export function formatDay(day: string, withYear = true): string {
  const [year, month, date] = day.split('-');
  const shown = `${Number(date)} ${MONTHS[Number(month) - 1]}`;
  return withYear ? `${shown} ${year}` : shown;
}

/** A moment as a date-time input shows it, in India time: `2026-11-25T14:05`. */
export const indiaInputValue = (iso: string) =>
  new Date(Date.parse(iso) + INDIA_OFFSET_MS).toISOString().slice(0, 16);

/** A date-time input's India time as the API takes it, `2026-11-25T14:05:00+05:30`; empty when it is. */
export const fromIndiaInput = (value: string) => (value ? `${value.slice(0, 16)}:00+05:30` : '');
