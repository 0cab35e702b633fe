/** RFC 4180 CSV: fields quoted when they hold a comma, quote or line break; quotes doubled. */

import type { Turns } from '../../platform/turns.ts';

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection: it begins with =, +, -, @, tab or
 * carriage return) is written after a single quote, which spreadsheets show as text; parseCsv takes
 * exactly that quote off again, so an export imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

const neutralised = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
const restored = (value: string) => (GUARDED.test(value) ? value.slice(1) : value);

const field = (raw: string) => {
  const value = neutralised(raw);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
};

export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(field).join(',')}\r\n`).join('');
}

/** An import's error as design.md words it: `line <n>, column <header>: <message>` (line 1 is the header). */
export const lineError = (line: number, column: string, message: string) =>
  `line ${line}, column ${column}: ${message}`;

/** A parsed record and the line of the file it starts on (1 is the first line). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * The file's records; a byte-order mark is dropped and blank lines are skipped, and a cell formatCsv
 * neutralised reads as it was. An unterminated quote throws, naming the line it opened on.
 */
export function parseCsv(text: string): CsvRecord[] {
  return [...csvRecords(text)];
}

/** parseCsv for a large file (a catalogue): the same records, with turns for the event loop as they are read. */
export async function parseCsvInTurns(text: string, turns: Turns): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for (const record of csvRecords(text)) {
    records.push(record);
    await turns.take();
  }
  return records;
}

/** The records one at a time, as parseCsv describes them. */
function* csvRecords(text: string): Generator<CsvRecord> {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let ended: CsvRecord | undefined;
  let fields: string[] = [];
  let value = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  const endRecord = () => {
    fields.push(restored(value));
    if (fields.length > 1 || fields[0] !== '') ended = { line: start, fields };
    fields = [];
    value = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        value += c;
      }
    } else if (c === '"') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      fields.push(restored(value));
      value = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
      if (ended) yield ended;
      ended = undefined;
    } else value += c;
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quoted field is never closed`);
  if (value !== '' || fields.length > 0) endRecord();
  if (ended) yield ended;
}
