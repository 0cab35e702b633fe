import { describe, expect, it } from 'vitest';
import { creditLines, invoiceLines, type TaxDocument, type TaxLine, totalsOf } from '../invoices/tax.ts';
import { gstr1Csv } from './gstr-csv.ts';
import { Gstr1Fold, gstr1Json, stateCodeOf } from './gstr1.ts';
import type { MonthDocument } from './store.ts';

/** Hand-made documents, their lines worked out as invoices and credit notes work them out. */
const SELLER = { name: 'Bagru Prints LLP', address: [], gstin: '08AAFFB7362Q1ZE', state: 'Rajasthan' };
const ISSUED = new Date('2026-11-05T06:30:00Z');

function document(
  kind: TaxDocument['kind'],
  number: string,
  placeOfSupply: string,
  lines: TaxLine[],
): TaxDocument {
  return {
    kind,
    number,
    date: '5 Nov 2026',
    against: null,
    seller: SELLER,
    buyer: { name: 'Priya Sharma', address: [] },
    placeOfSupply,
    interState: placeOfSupply !== SELLER.state,
    lines,
    totals: totalsOf(lines),
  };
}

let lineIds = 0;
/** `[hsn, paise paid, quantity]` per good, and a delivery charge */
function invoice(
  serial: number,
  placeOfSupply: string,
  goods: [string, number, number][],
  deliveryPaise = 0,
) {
  const interState = placeOfSupply !== SELLER.state;
  const lines = invoiceLines(
    goods.map(([hsn, paidPaise, quantity]) => ({
      id: ++lineIds,
      name: `Good ${lineIds}`,
      hsn,
      quantity,
      unitPaise: paidPaise / quantity,
      paidPaise,
    })),
    deliveryPaise,
    interState,
  );
  const doc = document('invoice', `HT07/26-27/${String(serial).padStart(5, '0')}`, placeOfSupply, lines);
  return {
    kind: 'invoice',
    sellerId: 7,
    serial,
    issuedAt: ISSUED,
    document: doc,
    invoiceTotalPaise: doc.totals.totalPaise,
  } satisfies MonthDocument;
}

/** a credit note of `paise` of the invoice's line `index` */
function creditNote(serial: number, of: MonthDocument, index: number, paise: number): MonthDocument {
  const invoiced = of.document.lines[index] as TaxLine;
  const delivery = of.document.lines.find((l) => l.orderLineId === null);
  const lines = creditLines(invoiced, delivery, paise, of.document.interState);
  const doc = document(
    'credit_note',
    `CN07/26-27/${String(serial).padStart(5, '0')}`,
    of.document.placeOfSupply,
    lines,
  );
  return {
    kind: 'credit_note',
    sellerId: 7,
    serial,
    issuedAt: ISSUED,
    document: doc,
    invoiceTotalPaise: of.invoiceTotalPaise,
  };
}

function gstr1(docs: MonthDocument[], etin: string | null = '29AAHCK4821M1ZT') {
  const fold = new Gstr1Fold();
  for (const doc of docs) fold.add(doc);
  const sections = fold.sections();
  return { json: gstr1Json(sections, { gstin: SELLER.gstin, period: '2026-11', etin }), sections };
}

describe("a seller's GSTR-1 folded from hand-made documents", () => {
  it('names places of supply by their GST code, the merged territory as 26', () => {
    expect(stateCodeOf('West Bengal')).toBe('19');
    expect(stateCodeOf('Delhi')).toBe('07');
    expect(stateCodeOf('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
    expect(stateCodeOf('Atlantis')).toBe('');
  });

  it('sums b2cs per supply type, place and rate from the rounded lines, credit notes netted, sorted', () => {
    // ₹999 at 5% intra: 951.43 + 23.79 + 23.78; twice gives CGST 47.58 and SGST 47.56, not a recomputed half
    const a = invoice(1, 'Rajasthan', [['6211', 99_900, 1]], 5_000);
    const b = invoice(2, 'Rajasthan', [['6211', 99_900, 1]]);
    const c = invoice(3, 'West Bengal', [['6211', 300_000, 1]]);
    const d = invoice(4, 'Delhi', [['5208', 49_900, 1]]);
    const note = creditNote(1, b, 0, 99_900);
    const { json } = gstr1([c, a, note, b, d]);
    expect(json.b2cs).toEqual([
      {
        sply_ty: 'INTER',
        pos: '07',
        typ: 'OE',
        rt: 5,
        txval: 475.24,
        iamt: 23.76,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
      // the invoice a's ₹50 delivery at its 5%; invoice b and its credit note net to nothing
      {
        sply_ty: 'INTRA',
        pos: '08',
        typ: 'OE',
        rt: 5,
        txval: 999.05,
        iamt: 0,
        camt: 24.98,
        samt: 24.97,
        csamt: 0,
      },
      {
        sply_ty: 'INTER',
        pos: '19',
        typ: 'OE',
        rt: 18,
        txval: 2542.37,
        iamt: 457.63,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
    expect(json.b2cl).toEqual([]);
    expect(json.cdnur).toEqual([]);
  });

  it('leaves out a b2cs group whose figures net to zero, and keeps one netting below zero', () => {
    const earlier = invoice(9, 'West Bengal', [['6211', 200_000, 1]]);
    const { json } = gstr1([creditNote(1, earlier, 0, 200_000)]);
    expect(json.b2cs).toEqual([
      {
        sply_ty: 'INTER',
        pos: '19',
        typ: 'OE',
        rt: 5,
        txval: -1904.76,
        iamt: -95.24,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
    expect(gstr1([earlier, creditNote(1, earlier, 0, 200_000)]).json.b2cs).toEqual([]);
  });

  it('puts an inter-state invoice over ₹1,00,000 in b2cl, per rate, and its credit note in cdnur; exactly ₹1,00,000 is b2cs', () => {
    const large = invoice(5, 'Delhi', [
      ['6211', 60_000_00, 1],
      ['6211', 2_000_00, 1],
      ['4202', 40_000_00, 1],
    ]);
    const exactly = invoice(6, 'Delhi', [['5208', 100_000_00, 1]]);
    const intra = invoice(7, 'Rajasthan', [['5208', 150_000_00, 1]]);
    const note = creditNote(2, large, 1, 2_000_00);
    const { json } = gstr1([large, exactly, intra, note]);
    expect(json.b2cl).toEqual([
      {
        pos: '07',
        inv: [
          {
            inum: 'HT07/26-27/00005',
            idt: '05-11-2026',
            val: 102_000,
            itms: [
              // ₹2,000 at 5%, then ₹60,000 (over ₹2,500 a piece) and the ₹40,000 bag at 18%
              { num: 1, itm_det: { rt: 5, txval: 1904.76, iamt: 95.24, csamt: 0 } },
              { num: 2, itm_det: { rt: 18, txval: 84745.77, iamt: 15254.23, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
    expect(json.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'CN07/26-27/00002',
        nt_dt: '05-11-2026',
        pos: '07',
        val: 2000,
        itms: [{ num: 1, itm_det: { rt: 5, txval: 1904.76, iamt: 95.24, csamt: 0 } }],
      },
    ]);
    expect(json.b2cs.map((row) => [row.sply_ty, row.pos, row.rt, row.txval])).toEqual([
      ['INTER', '07', 5, 95238.1],
      ['INTRA', '08', 5, 142857.14],
    ]);
  });

  it('sums the HSN summary over every document, pieces less pieces credited, the delivery charge NA with no pieces', () => {
    const a = invoice(
      1,
      'Rajasthan',
      [
        ['6211', 99_900, 2],
        ['5208', 49_900, 1],
      ],
      5_000,
    );
    const b = invoice(2, 'Delhi', [['6211', 150_000_00, 1]]);
    const c = invoice(3, 'Delhi', [['5208', 49_900, 1]]);
    const { json } = gstr1([a, b, c, creditNote(1, a, 0, 99_900), creditNote(2, c, 0, 49_900)]);
    expect(json.hsn).toEqual({
      hsn_b2b: [],
      hsn_b2c: [
        // 5208: a's piece stays; c's piece and its credit note net out, the figures with it
        {
          num: 1,
          hsn_sc: '5208',
          uqc: 'PCS',
          qty: 1,
          rt: 5,
          txval: 475.24,
          iamt: 0,
          camt: 11.88,
          samt: 11.88,
          csamt: 0,
        },
        // 6211 at 5%: a's two pieces and their credit note net to nothing, and the row is left out
        {
          num: 2,
          hsn_sc: '6211',
          uqc: 'PCS',
          qty: 1,
          rt: 18,
          txval: 127118.64,
          iamt: 22881.36,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        {
          num: 3,
          hsn_sc: '9968',
          uqc: 'NA',
          qty: 0,
          rt: 5,
          txval: 47.62,
          iamt: 0,
          camt: 1.19,
          samt: 1.19,
          csamt: 0,
        },
      ],
    });
  });

  it('lists each series from its lowest to its highest number of the month, counting the numbers not found', () => {
    const docs = [
      invoice(12, 'Rajasthan', [['6211', 99_900, 1]]),
      invoice(9, 'Rajasthan', [['6211', 99_900, 1]]),
    ];
    docs.push(invoice(10, 'Rajasthan', [['6211', 99_900, 1]]));
    const { json } = gstr1(docs);
    expect(json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [
          { num: 1, from: 'HT07/26-27/00009', to: 'HT07/26-27/00012', totnum: 4, cancel: 1, net_issue: 3 },
        ],
      },
    ]);
    const withNote = gstr1([...docs, creditNote(3, docs[0] as MonthDocument, 0, 99_900)]).json;
    expect(withNote.doc_issue.doc_det[1]).toEqual({
      doc_num: 5,
      doc_typ: 'Credit Note',
      docs: [
        { num: 1, from: 'CN07/26-27/00003', to: 'CN07/26-27/00003', totnum: 1, cancel: 0, net_issue: 1 },
      ],
    });
  });

  it("puts the month's net in Table 14 under the operator's GSTIN, and nothing without one", () => {
    const a = invoice(1, 'Rajasthan', [['6211', 99_900, 1]]);
    const b = invoice(2, 'Delhi', [['6211', 99_900, 1]]);
    const docs = [a, b, creditNote(1, a, 0, 50_000)];
    expect(gstr1(docs).json.supeco.clttx).toEqual([
      // 951.43 + 951.43 - 476.19; CGST 23.79 - 11.91, SGST 23.78 - 11.90; IGST 47.57
      { etin: '29AAHCK4821M1ZT', suppval: 1426.67, igst: 47.57, cgst: 11.88, sgst: 11.88, cess: 0 },
    ]);
    expect(gstr1(docs, null).json.supeco.clttx).toEqual([]);
    expect(gstr1([]).json).toMatchObject({
      fp: '112026',
      b2cs: [],
      hsn: { hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
  });

  it('writes each section as the offline tool’s CSV: its columns, places and dates as it writes them, credits negative', () => {
    const large = invoice(5, 'Delhi', [
      ['6211', 110_000_00, 1],
      ['5208', 49_900, 1],
    ]);
    const earlier = invoice(1, 'West Bengal', [['6211', 200_000, 1]]);
    const { sections } = gstr1([large, creditNote(1, earlier, 0, 200_000), creditNote(2, large, 1, 49_900)]);
    expect(gstr1Csv(sections, 'b2cs')).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n' +
        'OE,19-West Bengal,5,,-1904.76,0.00,\r\n',
    );
    expect(gstr1Csv(sections, 'b2cl')).toBe(
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n' +
        'HT07/26-27/00005,05-Nov-2026,110499.00,07-Delhi,,5,475.24,0.00,\r\n' +
        'HT07/26-27/00005,05-Nov-2026,110499.00,07-Delhi,,18,93220.34,0.00,\r\n',
    );
    expect(gstr1Csv(sections, 'cdnur')).toBe(
      'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount\r\n' +
        'B2CL,CN07/26-27/00002,05-Nov-2026,C,07-Delhi,499.00,,5,475.24,0.00\r\n',
    );
    expect(gstr1Csv(sections, 'hsn').split('\r\n').slice(0, 2)).toEqual([
      'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      '6211,,PCS,-1,-2000.00,5,-1904.76,-95.24,0.00,0.00,0.00',
    ]);
    expect(gstr1Csv(sections, 'docs')).toBe(
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled\r\n' +
        'Invoices for outward supply,HT07/26-27/00005,HT07/26-27/00005,1,0\r\n' +
        'Credit Note,CN07/26-27/00001,CN07/26-27/00002,2,0\r\n',
    );
  });
});
