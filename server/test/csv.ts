import { readCsv } from '../platform/csv.ts';
import { Turns } from '../platform/turns.ts';

/** A CSV answer's records as objects keyed by its header's names, read as the shop reads an upload. */
export async function csvObjects(text: string): Promise<Record<string, string>[]> {
  const [header = [], ...records] = (await readCsv(Buffer.from(text), new Turns())).map((r) => r.fields);
  return records.map((fields) => Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ''])));
}
