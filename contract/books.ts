/**
 * The owner's books (shared/contracts/owners-books.md, decision 070): GST returns, the operator's TCS,
 * sellers' settlements and the sales reports. The rates, thresholds and input rules here are the
 * contract's; server and back office read them from this one place.
 */
import { indiaMonth } from './india-time.ts';

/** B2CL: an inter-state invoice worth more than ₹1,00,000 (rule 59(4), Notification 12/2024-CT). */
export const B2CL_THRESHOLD_PAISE = 10_000_000;

/** TCS of section 52 (Notification 15/2024-CT): 0.5% of the net taxable value, in basis points. */
export const TCS_BP = 50;
/** Income-tax TDS of section 194-O: 0.1% of the taxable value, in basis points. */
export const TDS_BP = 10;
/** GST on the operator's commission (a service): 18%. */
export const COMMISSION_GST_PERCENT = 18;
/** A seller's commission: 0 to 50%, at most two decimals. */
export const MAX_COMMISSION_PERCENT = 50;

/** The GSTR-1 JSON's version, as the GST portal's offline tool writes it. */
export const GSTR1_VERSION = 'GST3.2.2';

/** The GSTR-1 sections offered as CSV (`table=`). */
export const GSTR1_CSV_TABLES = ['b2cs', 'b2cl', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1CsvTable = (typeof GSTR1_CSV_TABLES)[number];

/** A settlement's bank reference (UTR): 12 to 22 letters and digits. */
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/;

/** Reports: the longest range and the top products' list. */
export const MAX_REPORT_DAYS = 366;
export const TOP_PRODUCTS_DEFAULT = 10;
export const TOP_PRODUCTS_MAX = 50;

export const PERIOD_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
const DAY_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** Why a period (`YYYY-MM`, an India month up to the current one) is refused; null when it is good. */
export function periodProblem(period: string | undefined, now: Date): string | null {
  if (period === undefined || period === '') return 'Choose a month (YYYY-MM)';
  if (!PERIOD_PATTERN.test(period)) return 'A month is written YYYY-MM, such as 2026-11';
  if (period > indiaMonth(now)) return 'That month has not begun yet';
  return null;
}

/** Why a day (`YYYY-MM-DD`, a real calendar day) is refused; null when it is good. */
export function dayProblem(day: string | undefined): string | null {
  if (day === undefined || day === '') return 'Choose a day (YYYY-MM-DD)';
  if (!DAY_PATTERN.test(day)) return 'A day is written YYYY-MM-DD, such as 2026-11-05';
  const parsed = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    return 'That day is not on the calendar';
  return null;
}

/**
 * Why a commission is refused; null when it is good. A number from 0 to 50 with at most two decimals,
 * kept as basis points (commissionBp).
 */
export function commissionProblem(percent: unknown): string | null {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return 'Give the commission as a number';
  if (percent < 0 || percent > MAX_COMMISSION_PERCENT)
    return `The commission is a percentage from 0 to ${MAX_COMMISSION_PERCENT}`;
  if (Math.abs(percent * 100 - Math.round(percent * 100)) > 1e-9)
    return 'The commission has at most two decimals';
  return null;
}

/** A good commission percentage in basis points (12.5 -> 1250), and back. */
export const commissionBp = (percent: number): number => Math.round(percent * 100);
export const commissionPercent = (bp: number): number => bp / 100;
