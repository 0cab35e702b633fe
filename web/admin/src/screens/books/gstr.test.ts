import { describe, expect, it } from 'vitest';
import { fpOf, type Gstr1, gstrFileName, summaryOf } from './gstr.ts';

/** A GSTR-1 with what the summary reads: an HSN row per (code, rate), B2CL invoices, documents issued. */
const gstr1 = (parts: Partial<Gstr1>): Gstr1 => ({
  gstin: '19ABCDE1234F1Z5',
  fp: '112026',
  b2cl: [],
  hsn: { hsn_b2c: [] },
  doc_issue: { doc_det: [] },
  ...parts,
});

describe('a seller’s GSTR-1 summed for the owner', () => {
  it('sums the HSN rows to the paisa, whatever the floats of the rupees', () => {
    const summary = summaryOf(
      gstr1({
        hsn: {
          hsn_b2c: [
            { txval: 0.1, iamt: 0, camt: 0.01, samt: 0.01 },
            { txval: 0.2, iamt: 0.01, camt: 0, samt: 0 },
            { txval: 1000.5, iamt: 50.03, camt: 0, samt: 0 },
            // a month's credit notes can leave a row negative
            { txval: -37.5, iamt: -1.88 },
          ],
        },
      }),
    );
    expect(summary).toMatchObject({ taxablePaise: 96_330, igstPaise: 4_816, cgstPaise: 1, sgstPaise: 1 });
  });

  it('counts the B2CL invoices of every place of supply, and the invoices and credit notes issued', () => {
    const summary = summaryOf(
      gstr1({
        b2cl: [
          { pos: '07', inv: [{ inum: 'A/1' }, { inum: 'A/4' }] },
          { pos: '27', inv: [{ inum: 'A/7' }] },
        ],
        doc_issue: {
          doc_det: [
            { doc_num: 1, docs: [{ net_issue: 9 }] },
            { doc_num: 5, docs: [{ net_issue: 2 }] },
          ],
        },
      }),
    );
    expect(summary).toMatchObject({ invoices: 9, b2clInvoices: 3, creditNotes: 2 });
  });

  it('is a nil return when the month has no document', () => {
    expect(summaryOf(gstr1({}))).toEqual({
      taxablePaise: 0,
      igstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      invoices: 0,
      b2clInvoices: 0,
      creditNotes: 0,
    });
  });
});

describe('the returns’ file names', () => {
  it('names the JSON and each CSV table by form, GSTIN and the portal’s period', () => {
    expect(fpOf('2026-03')).toBe('032026');
    expect(gstrFileName('GSTR1', '19ABCDE1234F1Z5', '032026')).toBe('GSTR1_19ABCDE1234F1Z5_032026.json');
    expect(gstrFileName('GSTR1', '19ABCDE1234F1Z5', '032026', 'hsn')).toBe(
      'GSTR1_19ABCDE1234F1Z5_032026_hsn.csv',
    );
    expect(gstrFileName('GSTR8', '27ABCDE1234F1Z5', '112026')).toBe('GSTR8_27ABCDE1234F1Z5_112026.json');
  });
});
