/** RFC 4180 CSV: reading uploads here; writing is contract/csv.ts's, shared with the back office. */

import { StringDecoder } from 'node:string_decoder';
import { restored } from '../../contract/csv.ts';
import type { Turns } from './turns.ts';

const [QUOTE, COMMA, CR, LF] = [34, 44, 13, 10];

/** An import's error, worded so the owner finds the cell: `line <n>, column <header>: <message>` (line 1 is the header). */
export const lineError = (line: number, column: string, message: string) =>
  `line ${line}, column ${column}: ${message}`;

/** A parsed record and the line of the file it starts on (1 is the first line). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** How much of a file is decoded between turns: a 30 MB file decodes in tens of ms at once. */
const DECODE_BYTES = 1024 * 1024;

/**
 * An uploaded CSV file's records, decoded as UTF-8 and read with turns for the event loop (a catalogue of
 * 50,000 rows); a byte-order mark is dropped and blank lines are skipped, and a cell formatCsv
 * neutralised reads as it was. An unterminated quote throws, naming the line it opened on.
 */
export async function readCsv(file: Buffer, turns: Turns): Promise<CsvRecord[]> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  for (let at = 0; at < file.length; at += DECODE_BYTES) {
    await turns.take();
    text += decoder.write(file.subarray(at, at + DECODE_BYTES));
  }
  text += decoder.end();
  const records: CsvRecord[] = [];
  for (const record of csvRecords(text)) {
    records.push(record);
    await turns.take();
  }
  return records;
}

const blank = (record: CsvRecord) => record.fields.length === 1 && record.fields[0] === '';

/** The records one at a time, as readCsv describes them. */
function* csvRecords(text: string): Generator<CsvRecord> {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let fields: string[] = [];
  // a field is taken as runs of plain characters (from `run` on), not a character at a time: a 50,000-row
  // file read by characters leaves tens of millions of short strings for the garbage collector
  let value = '';
  let run = 0;
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  const take = (end: number) => {
    value += input.slice(run, end);
    run = end + 1;
  };
  const endField = (end: number) => {
    take(end);
    fields.push(restored(value));
    value = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        take(i);
        if (input.charCodeAt(i + 1) === QUOTE) {
          value += '"';
          run = ++i + 1;
        } else quoted = false;
      } else if (c === LF) line++;
    } else if (c === QUOTE) {
      take(i);
      quoted = true;
      quoteLine = line;
    } else if (c === COMMA) {
      endField(i);
    } else if (c === LF || c === CR) {
      endField(i);
      if (c === CR && input.charCodeAt(i + 1) === LF) run = ++i + 1;
      const record = { line: start, fields };
      fields = [];
      line++;
      start = line;
      if (!blank(record)) yield record;
    }
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quoted field is never closed`);
  if (run < input.length || value !== '' || fields.length > 0) {
    endField(input.length);
    const record = { line: start, fields };
    if (!blank(record)) yield record;
  }
}
