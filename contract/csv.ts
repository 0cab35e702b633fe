/**
 * Writing CSV (RFC 4180), for the server's exports and the back office's downloads alike: fields quoted when
 * they hold a comma, quote or line break; quotes doubled; amounts as the owner's books write them.
 */

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection: it begins with =, +, -, @, tab or
 * carriage return) is written after a single quote, which spreadsheets show as text; readCsv
 * (server/platform/csv.ts) takes exactly that quote off again, so an export imports back unchanged. A
 * plain negative amount is no formula: the books' files write credits (`-37.50`) as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-[0-9]+(\.[0-9]+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

const neutralised = (value: string) =>
  FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;

/** A cell as it was before formatCsv neutralised it. */
export const restored = (value: string) => (GUARDED.test(value) ? value.slice(1) : value);

const field = (raw: string) => {
  const value = neutralised(raw);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
};

export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(field).join(',')}\r\n`).join('');
}

/** Rupees as the CSV files write them: exactly two decimals, no grouping, no sign of currency (`-37.50`). */
export function csvAmount(paise: number): string {
  const whole = Math.abs(paise);
  const text = `${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}
