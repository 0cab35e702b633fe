import { COD_COLUMN } from '../../../contract/cod-constants.ts';
import {
  type Partner,
  type PartnerBody,
  type PartnerChangeBody,
  PINCODE_COLUMN,
  type PincodesReport,
  PROMISE_DAYS,
  TRACKING_ID,
} from '../../../contract/partners.ts';
import type { PincodePlace } from '../../../contract/shopping.ts';
import type { Db } from '../../db/connect.ts';
import { tidyText } from '../../platform/api-values.ts';
import { recordAudit } from '../../platform/audit.ts';
import { type CsvRecord, lineError, readCsv } from '../../platform/csv.ts';
import { type FieldErrors, InvalidFields, notFound } from '../../platform/errors.ts';
import { Turns } from '../../platform/turns.ts';
import { indiaPincode, indiaPincodes, type PincodeRow } from './india.ts';
import * as store from './store.ts';

/** Whether a delivery partner serves a pincode; an unknown pincode is simply not served. */
export async function isServiceable(db: Db, partner: string, pincode: string | number): Promise<boolean> {
  const id = await store.partnerId(db, partner);
  if (id === undefined) throw notFound(`No delivery partner "${partner}"`);
  return store.serves(db, id, String(pincode));
}

/** Whether the partner (by code) collects cash on delivery at the pincode: the pincode CSV's `cod` column. */
export async function collectsCash(db: Db, partner: string, pincode: string): Promise<boolean> {
  const id = await store.partnerId(db, partner);
  if (id === undefined) throw notFound(`No delivery partner "${partner}"`);
  return store.collectsCash(db, id, pincode);
}

/** Whether any delivery partner of the shop serves the pincode (haat's pincode table has a row for it). */
export async function anyPartnerServes(db: Db, pincode: string): Promise<boolean> {
  return (await store.pincodeRow(db, pincode)) !== undefined;
}

/**
 * Where a pincode is: haat's pincode table (what partners serve), else India's list that ships with haat,
 * so a shopper's address gets its state before any partner serves it. The district stands for the city.
 */
export async function pincodePlace(db: Db, pincode: string): Promise<PincodePlace | undefined> {
  const row = (await store.pincodeRow(db, pincode)) ?? indiaPincode(pincode);
  return row && { pincode: row.pincode, city: row.district, state: row.state };
}

const CODE = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;
const PINCODE = /^[1-9][0-9]{5}$/;
// a file of errors is answered with the first of them, so the answer stays small
const ERRORS_SHOWN = 500;
export const NO_SUCH_PARTNER = 'No such delivery partner';
const NO_PROMISE = { minDays: null, maxDays: null };

function toPartner(row: store.PartnerRow): Partner {
  return {
    code: row.code,
    name: row.name,
    trackingUrl: row.tracking_url,
    pincodes: row.pincodes ?? 0,
    codPincodes: row.cod_pincodes ?? 0,
    activeProducts: row.active_products ?? 0,
    minDays: row.min_days,
    maxDays: row.max_days,
  };
}

/** What is wrong with a tracking page's address, or undefined. */
function trackingUrlProblem(url: string): string | undefined {
  if (!url.includes(TRACKING_ID)) return `Put ${TRACKING_ID} where the tracking id goes in the address`;
  try {
    const parsed = new URL(url.replaceAll(TRACKING_ID, 'X'));
    if (parsed.protocol !== 'https:' || parsed.hostname === '') throw new Error('not https');
  } catch {
    return `Enter the tracking page's https address, such as https://courier.example/track/${TRACKING_ID}`;
  }
  return undefined;
}

function changeColumns(body: PartnerChangeBody, errors: FieldErrors) {
  const name = tidyText(body.name);
  if (name === '') errors.name = 'Required';
  const trackingUrl = body.trackingUrl.trim();
  const urlError = trackingUrlProblem(trackingUrl);
  if (urlError) errors.trackingUrl = urlError;
  return { name, tracking_url: trackingUrl };
}

type PromiseDays = { minDays?: number | null; maxDays?: number | null };
const PROMISE_DAY_ERROR = `Whole business days, ${PROMISE_DAYS.min} to ${PROMISE_DAYS.max}`;

/** The promise's columns: the days given, those left out as `kept`; both or neither, the first not after the last. */
function promiseColumns(
  given: PromiseDays,
  kept: { minDays: number | null; maxDays: number | null },
  errors: FieldErrors,
) {
  const min_days = given.minDays === undefined ? kept.minDays : given.minDays;
  const max_days = given.maxDays === undefined ? kept.maxDays : given.maxDays;
  const bad = (days: number | null) =>
    days !== null && !(Number.isInteger(days) && days >= PROMISE_DAYS.min && days <= PROMISE_DAYS.max);
  if (bad(min_days)) errors.minDays = PROMISE_DAY_ERROR;
  if (bad(max_days)) errors.maxDays = PROMISE_DAY_ERROR;
  if (errors.minDays || errors.maxDays) return { min_days, max_days };
  if (min_days === null && max_days !== null) errors.minDays = 'Give both days, or neither';
  else if (max_days === null && min_days !== null) errors.maxDays = 'Give both days, or neither';
  else if (min_days !== null && max_days !== null && min_days > max_days)
    errors.maxDays = 'At least the first day';
  return { min_days, max_days };
}

/** A pincode a list names, where it is, and whether the partner collects cash on delivery there. */
type ListedPincode = PincodeRow & { cod: boolean };

/** The list's columns: `pincode`, and the optional `cod`; any other name, or one named twice, is an error. */
function headerColumns(header: CsvRecord | undefined, errors: string[]): string[] {
  const names = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  if (!header)
    errors.push(lineError(1, PINCODE_COLUMN, 'the file is empty: the first line names the column'));
  for (const [i, name] of names.entries()) {
    if (name !== PINCODE_COLUMN && name !== COD_COLUMN)
      errors.push(lineError(1, name || `#${i + 1}`, 'not a column of the list'));
    else if (names.indexOf(name) !== i) errors.push(lineError(1, name, 'named twice'));
  }
  if (header && !names.includes(PINCODE_COLUMN)) errors.push(lineError(1, PINCODE_COLUMN, 'missing'));
  return names;
}

/** A `cod` cell: Y or N in any case; empty (or no such column) is Y. Undefined for anything else. */
function codCell(cell: string | undefined): boolean | undefined {
  const value = cell?.trim().toUpperCase() ?? '';
  if (value === '' || value === 'Y') return true;
  return value === 'N' ? false : undefined;
}

/** One data row's pincode, or its error. A row may leave out its last cells: they read as empty. */
function listedPincode(record: CsvRecord, names: readonly string[]): ListedPincode | string {
  const cell = (column: string) => record.fields[names.indexOf(column)];
  const pincode = cell(PINCODE_COLUMN)?.trim() ?? '';
  if (record.fields.length > names.length)
    return lineError(
      record.line,
      PINCODE_COLUMN,
      `has ${record.fields.length} fields, the header ${names.length}`,
    );
  if (!PINCODE.test(pincode))
    return lineError(record.line, PINCODE_COLUMN, 'a pincode has 6 digits, the first 1 to 9');
  const place = indiaPincode(pincode);
  if (!place) return lineError(record.line, PINCODE_COLUMN, `${pincode} is not a pincode in India's list`);
  const cod = codCell(cell(COD_COLUMN));
  if (cod === undefined)
    return lineError(
      record.line,
      COD_COLUMN,
      `Y (the partner collects cash there) or N, not "${cell(COD_COLUMN)?.trim().slice(0, 20)}"`,
    );
  return { ...place, cod };
}

/**
 * A pincode list's rows, checked: the pincodes it names (each once, with whether the partner collects cash
 * there) and its errors by line and column. A pincode named twice with Y and with N is an error: the owner
 * meant one of them. A list of all of India's pincodes is read and checked in slices, as a catalogue is
 * (Turns).
 */
async function readPincodes(
  file: Buffer,
): Promise<{ rows: number; pincodes: ListedPincode[]; errors: string[] }> {
  const errors: string[] = [];
  const turns = new Turns();
  let records: CsvRecord[];
  try {
    records = await readCsv(file, turns);
  } catch (error) {
    return { rows: 0, pincodes: [], errors: [(error as Error).message] };
  }
  const [header, ...data] = records;
  const names = headerColumns(header, errors);
  if (errors.length > 0) return { rows: data.length, pincodes: [], errors };
  const found = new Map<string, ListedPincode>();
  for (const record of data) {
    await turns.take();
    const listed = listedPincode(record, names);
    const before = typeof listed === 'string' ? undefined : found.get(listed.pincode);
    if (typeof listed === 'string') errors.push(listed);
    else if (before && before.cod !== listed.cod)
      errors.push(
        lineError(record.line, COD_COLUMN, `${listed.pincode} is listed before with the other value`),
      );
    else found.set(listed.pincode, listed);
  }
  const shown =
    errors.length > ERRORS_SHOWN
      ? [...errors.slice(0, ERRORS_SHOWN), `and ${errors.length - ERRORS_SHOWN} more lines with errors`]
      : errors;
  return { rows: data.length, pincodes: [...found.values()], errors: shown };
}

const codCount = (pincodes: readonly ListedPincode[]) => pincodes.filter((p) => p.cod).length;

/**
 * The back office's delivery partners: each partner's tracking page, and the pincodes it
 * serves, which the shopper's pincode check and create-order follow. A pincode list is checked first (a
 * dry run reporting every error by line and column, as the catalogue import does) and applied whole, in
 * one transaction, as the partner's list. Every change is recorded in the audit log.
 */
export class Partners {
  constructor(private readonly db: Db) {}

  async list(): Promise<Partner[]> {
    return (await store.allPartners(this.db)).map(toPartner);
  }

  async get(code: string, db: Db = this.db): Promise<Partner> {
    const row = await store.partnerByCode(db, code);
    if (!row) throw notFound(NO_SUCH_PARTNER);
    return toPartner(row);
  }

  async create(body: PartnerBody, actor: string): Promise<Partner> {
    const errors: FieldErrors = {};
    const code = body.code.trim();
    if (!CODE.test(code)) errors.code = 'Letters, digits and dashes, such as BLUE-DART';
    const columns = { ...changeColumns(body, errors), ...promiseColumns(body, NO_PROMISE, errors) };
    if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
    return this.db.transaction().execute(async (trx) => {
      // one at a time, so two owners cannot add the same code in two cases
      await store.lockPartners(trx);
      if (await store.codeTaken(trx, code))
        throw new InvalidFields({ code: `${code} is taken by a partner` });
      await store.insertPartner(trx, { code, ...columns });
      await recordAudit(
        trx,
        audit(actor, 'partner.create', code, {
          name: columns.name,
          minDays: columns.min_days,
          maxDays: columns.max_days,
        }),
      );
      return this.get(code, trx);
    });
  }

  /**
   * Replaces the name and the tracking page (shipped SMS and timelines link to the new one from now), and
   * the promise's days given (those left out are kept).
   */
  async update(code: string, body: PartnerChangeBody, actor: string): Promise<Partner> {
    const errors: FieldErrors = {};
    const named = changeColumns(body, errors);
    return this.db.transaction().execute(async (trx) => {
      const id = await store.lockPartner(trx, code);
      if (id === undefined) throw notFound(NO_SUCH_PARTNER);
      const before = await this.get(code, trx);
      const columns = { ...named, ...promiseColumns(body, before, errors) };
      if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
      await store.updatePartner(trx, id, columns);
      await recordAudit(
        trx,
        audit(actor, 'partner.update', code, {
          name: { old: before.name, new: columns.name },
          trackingUrl: { old: before.trackingUrl, new: columns.tracking_url },
          minDays: { old: before.minDays, new: columns.min_days },
          maxDays: { old: before.maxDays, new: columns.max_days },
        }),
      );
      return this.get(code, trx);
    });
  }

  /** Checks a pincode list; with `apply` and no errors, makes it the partner's whole list. */
  async pincodes(code: string, file: Buffer, apply: boolean, actor: string): Promise<PincodesReport> {
    await this.get(code);
    const { rows, pincodes, errors } = await readPincodes(file);
    const report = {
      rows,
      pincodes: pincodes.length,
      codPincodes: codCount(pincodes),
      errors,
      applied: false,
    };
    if (!apply || errors.length > 0) return report;
    await this.replace(code, pincodes, actor, 'partner.pincodes');
    return { ...report, applied: true };
  }

  /** "Serve all of India": every pincode of India's list becomes the partner's, collecting cash at each. */
  async allIndia(code: string, actor: string): Promise<PincodesReport> {
    const india = indiaPincodes().map((row) => ({ ...row, cod: true }));
    await this.replace(code, india, actor, 'partner.all-india');
    const count = india.length;
    return { rows: count, pincodes: count, codPincodes: count, errors: [], applied: true };
  }

  private async replace(code: string, pincodes: readonly ListedPincode[], actor: string, action: string) {
    await this.db.transaction().execute(async (trx) => {
      const id = await store.lockPartner(trx, code);
      if (id === undefined) throw notFound(NO_SUCH_PARTNER);
      await store.replacePincodes(trx, id, pincodes);
      await recordAudit(
        trx,
        audit(actor, action, code, { pincodes: pincodes.length, codPincodes: codCount(pincodes) }),
      );
    });
  }
}

const audit = (actor: string, action: string, code: string, details: Record<string, unknown>) => ({
  actor,
  action,
  subject: `partner:${code}`,
  details,
});
