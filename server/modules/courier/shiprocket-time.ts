import { INDIA_OFFSET_MS } from '../../../contract/india-time.ts';
// Shiprocket writes India's wall-clock time (UTC+05:30, no daylight saving) without a zone

/**
 * The instant of a Shiprocket time: 'YYYY-MM-DD HH:mm:ss' (scans, tracking) or 'DD MM YYYY HH:mm:ss'
 * (the webhook's current_timestamp); undefined for anything else.
 */
export function fromShiprocketTime(text: string): Date | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const dayFirst = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const parts = iso
    ? iso.slice(1)
    : dayFirst && [dayFirst[3], dayFirst[2], dayFirst[1], ...dayFirst.slice(4)];
  if (!parts) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts.map(Number);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc);
  // 31 02 2026 is not a day
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  return new Date(utc - INDIA_OFFSET_MS);
}

/** India's wall-clock time of an instant, as Shiprocket writes its scans: 'YYYY-MM-DD HH:mm:ss'. */
export function toShiprocketTime(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The webhook's current_timestamp: 'DD MM YYYY HH:mm:ss', India time. */
export function toShiprocketTimestamp(at: Date): string {
  const [day = '', time = ''] = toShiprocketTime(at).split(' ');
  return `${day.split('-').reverse().join(' ')} ${time}`;
}
