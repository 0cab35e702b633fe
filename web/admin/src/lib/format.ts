import { INDIA_OFFSET_MS } from '../../../../contract/india-time.ts';

export { formatRupees } from '../../../../contract/money.ts';

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

/** A moment as a date-time input shows it, in India time: `2026-11-25T14:05`. */
export const indiaInputValue = (iso: string) =>
  new Date(Date.parse(iso) + INDIA_OFFSET_MS).toISOString().slice(0, 16);

/** A date-time input's India time as the API takes it, `2026-11-25T14:05:00+05:30`; empty when it is. */
export const fromIndiaInput = (value: string) => (value ? `${value.slice(0, 16)}:00+05:30` : '');
