import { describe, expect, it } from 'vitest';
import { type TaxDocument, type TaxLine, totalsOf } from '../invoices/tax.ts';
import { Gstr8Fold } from './gstr8.ts';
import type { MonthDocument } from './store.ts';

const ISSUED = new Date('2026-11-05T06:30:00Z');

/** a document of one line of this taxable value (its taxes are not what GSTR-8 reads) */
function doc(
  kind: TaxDocument['kind'],
  seller: { id: number; gstin: string },
  interState: boolean,
  taxablePaise: number,
): MonthDocument {
  const line: TaxLine = {
    orderLineId: 1,
    description: 'Kurta',
    hsn: '6211',
    quantity: 1,
    unitPaise: taxablePaise,
    taxablePaise,
    ratePercent: 5,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: taxablePaise,
  };
  const document: TaxDocument = {
    kind,
    number: `${kind}-${taxablePaise}`,
    date: '5 Nov 2026',
    against: null,
    seller: { name: 'Seller', address: [], gstin: seller.gstin, state: 'Rajasthan' },
    buyer: { name: 'Buyer', address: [] },
    placeOfSupply: interState ? 'Delhi' : 'Rajasthan',
    interState,
    lines: [line],
    totals: totalsOf([line]),
  };
  return {
    kind,
    sellerId: seller.id,
    serial: 1,
    issuedAt: ISSUED,
    document,
    invoiceTotalPaise: taxablePaise,
  };
}

const JAIPUR = { id: 4, gstin: '08AAFFB7362Q1ZE' };
const KOLKATA = { id: 2, gstin: '19AAJFR4455M1Z3' };
const NAMES = new Map([
  [2, 'Kolkata Looms'],
  [4, 'Bagru Prints'],
]);

function gstr8(docs: MonthDocument[]) {
  const fold = new Gstr8Fold();
  for (const d of docs) fold.add(d);
  return {
    json: fold.json({ gstin: '29AAHCK4821M1ZT', period: '2026-11' }, NAMES),
    sellerIds: fold.sellerIds(),
  };
}

describe("the operator's GSTR-8 folded from hand-made documents", () => {
  it('gives each seller GSTIN its supplies, returns, net and TCS on each part’s net, rounded half up, sorted by GSTIN', () => {
    const { json, sellerIds } = gstr8([
      // Jaipur: intra ₹1,001.01 less ₹100; inter ₹333.33 less nothing
      doc('invoice', JAIPUR, false, 100_101),
      doc('credit_note', JAIPUR, false, 10_000),
      doc('invoice', JAIPUR, true, 33_333),
      // Kolkata: intra ₹2.00 only
      doc('invoice', KOLKATA, false, 200),
    ]);
    expect(sellerIds.sort()).toEqual([2, 4]);
    expect(json).toEqual({
      gstin: '29AAHCK4821M1ZT',
      fp: '112026',
      tcs: [
        // ₹901.01 × 0.25% = 2.252525 -> 2.25 each; ₹333.33 × 0.5% = 1.66665 -> 1.67
        {
          stin: '08AAFFB7362Q1ZE',
          sellerId: 4,
          name: 'Bagru Prints',
          supR: 1334.34,
          retsupR: 100,
          amt: 1234.34,
          iamt: 1.67,
          camt: 2.25,
          samt: 2.25,
        },
        // ₹2.00 × 0.25% = half a paisa: up
        {
          stin: '19AAJFR4455M1Z3',
          sellerId: 2,
          name: 'Kolkata Looms',
          supR: 2,
          retsupR: 0,
          amt: 2,
          iamt: 0,
          camt: 0.01,
          samt: 0.01,
        },
      ],
      totals: { supR: 1336.34, retsupR: 100, amt: 1236.34, iamt: 1.67, camt: 2.26, samt: 2.26 },
    });
  });

  it('pays no TCS on a part whose month is negative, while the other part pays', () => {
    const { json } = gstr8([doc('credit_note', JAIPUR, true, 50_000), doc('invoice', JAIPUR, false, 40_000)]);
    expect(json.tcs).toEqual([
      {
        stin: JAIPUR.gstin,
        sellerId: 4,
        name: 'Bagru Prints',
        supR: 400,
        retsupR: 500,
        amt: -100,
        iamt: 0,
        camt: 1,
        samt: 1,
      },
    ]);
    expect(json.totals).toEqual({ supR: 400, retsupR: 500, amt: -100, iamt: 0, camt: 1, samt: 1 });
  });

  it('leaves out a document issued under no GSTIN, and answers an empty month with zero totals', () => {
    const { json } = gstr8([doc('invoice', { id: 9, gstin: '' }, false, 10_000)]);
    expect(json.tcs).toEqual([]);
    expect(json.totals).toEqual({ supR: 0, retsupR: 0, amt: 0, iamt: 0, camt: 0, samt: 0 });
  });
});
