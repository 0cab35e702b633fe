import { ApiError } from '../../api/client.ts';
import { paiseOf } from '../../lib/format.ts';

/**
 * The GST returns screen's reading of a GSTR-1 (contract "GSTR-1"): the portal's JSON is downloaded as the
 * server wrote it; the screen sums a few of its figures for the owner to check before filing.
 */

interface Gstr1Figures {
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
}

/** What the summary reads of a GSTR-1 (contract/gstr.ts Gstr1Response): a narrower view, so tests state only that. */
export interface Gstr1 {
  gstin: string;
  fp: string;
  b2cl: { pos: string; inv: { inum: string }[] }[];
  hsn: { hsn_b2c: Gstr1Figures[] };
  doc_issue: { doc_det: { doc_num: number; docs: { net_issue: number }[] }[] };
}

/** A seller's month as the owner checks it before filing, money in paise. */
export interface ReturnSummary {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  invoices: number;
  b2clInvoices: number;
  creditNotes: number;
}

// the portal's numbers of the documents-issued kinds
const INVOICES = 1;
const CREDIT_NOTES = 5;

const issued = (gstr1: Gstr1, docNum: number): number =>
  gstr1.doc_issue.doc_det
    .filter((kind) => kind.doc_num === docNum)
    .flatMap((kind) => kind.docs)
    .reduce((sum, docs) => sum + docs.net_issue, 0);

/**
 * The month's figures from its GSTR-1: the HSN summary holds every invoice and credit note's lines net
 * (B2CL and B2CS alike), so its sums are the month's taxable value and taxes.
 */
export function summaryOf(gstr1: Gstr1): ReturnSummary {
  const sum = (figure: keyof Gstr1Figures) =>
    gstr1.hsn.hsn_b2c.reduce((total, row) => total + paiseOf(row[figure]), 0);
  return {
    taxablePaise: sum('txval'),
    igstPaise: sum('iamt'),
    cgstPaise: sum('camt'),
    sgstPaise: sum('samt'),
    invoices: issued(gstr1, INVOICES),
    b2clInvoices: gstr1.b2cl.reduce((count, place) => count + place.inv.length, 0),
    creditNotes: issued(gstr1, CREDIT_NOTES),
  };
}

/** The file names the portal's offline tool and an accountant expect: `GSTR1_<gstin>_<MMYYYY>.json`. */
export const gstrFileName = (form: 'GSTR1' | 'GSTR8', gstin: string, fp: string, table?: string) =>
  `${form}_${gstin}_${fp}${table ? `_${table}.csv` : '.json'}`;

/** `2026-11` as the portal's return period, `112026`. */
export const fpOf = (period: string) => `${period.slice(5, 7)}${period.slice(0, 4)}`;

/** A refusal of this status told in the screen's own sentence, which says what to do about it. */
export const toldAs =
  (status: number, sentence: string) =>
  (error: unknown): never => {
    throw error instanceof ApiError && error.status === status
      ? new ApiError(status, sentence, error.body)
      : error;
  };
