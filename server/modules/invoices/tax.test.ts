import { describe, expect, it } from 'vitest';
import { gstRate, STANDARD_RATE } from './gst-rates.ts';
import {
  creditLines,
  documentNumber,
  financialYear,
  invoiceLines,
  printedDate,
  splitTax,
  totalsOf,
} from './tax.ts';

describe('GST rates by HSN code and price a piece', () => {
  it('taxes apparel at 5% up to Rs 2,500 a piece before tax, 18% above it', () => {
    // Rs 2,625 with 5% in it is Rs 2,500 before tax: still the lower rate
    expect(gstRate('6211', 262_500)).toBe(5);
    expect(gstRate('6211', 262_501)).toBe(18);
    expect(gstRate('610910', 49_900)).toBe(5);
    expect(gstRate('6204', 349_900)).toBe(18);
    expect(gstRate('6403', 300_000)).toBe(18);
  });

  it('takes other chapters from the table, the longest prefix first, and the standard rate for the unknown', () => {
    expect(gstRate('5007', 1_500_000)).toBe(5);
    expect(gstRate('4202', 99_900)).toBe(18);
    // the Council's rates of 22 September 2025: handbags and purses of the handicraft entry at 5%
    expect(gstRate('420222', 99_900)).toBe(5);
    expect(gstRate('42023190', 99_900)).toBe(5);
    expect(gstRate('420221', 99_900)).toBe(18);
    expect(gstRate('420292', 99_900)).toBe(18);
    expect(gstRate('4602', 99_900)).toBe(5);
    expect(gstRate('8306', 99_900)).toBe(5);
    expect(gstRate('7117', 49_900)).toBe(3);
    expect(gstRate('9701', 500_000)).toBe(5);
    expect(gstRate('9999', 100)).toBe(STANDARD_RATE);
    expect(gstRate(null, 100)).toBe(STANDARD_RATE);
  });
});

describe('tax worked back from tax-inclusive prices', () => {
  const line = {
    orderLineId: 1,
    description: 'Kurti',
    hsn: '6211',
    quantity: 3,
    unitPaise: 33_333,
    ratePercent: 5,
  };

  it('rounds the taxable value to the paisa and leaves the rest as tax, split in halves within the state', () => {
    const intra = splitTax({ ...line, totalPaise: 99_999 }, false);
    expect(intra).toMatchObject({ taxablePaise: 95_237, cgstPaise: 2381, sgstPaise: 2381, igstPaise: 0 });
    const inter = splitTax({ ...line, totalPaise: 99_999 }, true);
    expect(inter).toMatchObject({ taxablePaise: 95_237, cgstPaise: 0, sgstPaise: 0, igstPaise: 4762 });
  });

  it('adds up to what was paid, to the paisa, whatever the prices', () => {
    for (const [a, b, delivery] of [
      [33_333, 262_501, 5000],
      [101, 99_999, 0],
      [49_900, 1_299_900, 4_999],
    ] as const) {
      for (const interState of [false, true]) {
        const lines = invoiceLines(
          [
            { id: 1, name: 'A', hsn: '6211', quantity: 3, unitPaise: a, paidPaise: a * 3 },
            { id: 2, name: 'B', hsn: '6204', quantity: 1, unitPaise: b, paidPaise: b },
          ],
          delivery,
          interState,
        );
        const totals = totalsOf(lines);
        expect(totals.totalPaise).toBe(a * 3 + b + delivery);
        expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
          totals.totalPaise,
        );
      }
    }
  });

  it('charges the delivery line at the highest rate of the goods', () => {
    const lines = invoiceLines(
      [
        { id: 1, name: 'A', hsn: '6211', quantity: 1, unitPaise: 49_900, paidPaise: 49_900 },
        { id: 2, name: 'B', hsn: '7117', quantity: 1, unitPaise: 29_900, paidPaise: 29_900 },
      ],
      5000,
      false,
    );
    expect(lines.map((l) => [l.hsn, l.ratePercent])).toEqual([
      ['6211', 5],
      ['7117', 3],
      ['9968', 5],
    ]);
  });

  it('credits a refund on the goods first and the rest as the delivery charge', () => {
    const [goods, delivery] = invoiceLines(
      [{ id: 7, name: 'A', hsn: '6211', quantity: 1, unitPaise: 39_900, paidPaise: 39_900 }],
      5000,
      true,
    );
    if (!goods || !delivery) throw new Error('two lines expected');
    expect(creditLines(goods, delivery, 39_900, true).map((l) => l.totalPaise)).toEqual([39_900]);
    expect(creditLines(goods, delivery, 44_900, true).map((l) => [l.description, l.totalPaise])).toEqual([
      ['A', 39_900],
      ['Delivery charge', 5000],
    ]);
  });
});

describe('a discount given at the time of supply (a coupon)', () => {
  const kurta = { id: 1, name: 'Kurta', hsn: '6211', quantity: 1, unitPaise: 279_900 };

  it('puts a piece in the slab of what was paid for it, not of its price', () => {
    expect(gstRate('6211', 279_900)).toBe(18);
    expect(gstRate('6211', 239_900)).toBe(5);
    // two pieces paid together: their share each decides, to the paisa
    expect(gstRate('6211', 2 * 262_500, 2)).toBe(5);
    expect(gstRate('6211', 2 * 262_500 + 1, 2)).toBe(18);
    expect(gstRate('6211', 3 * 262_500 + 2, 3)).toBe(18);
  });

  it('shows the discount and works the taxable value back from what was paid', () => {
    const [line] = invoiceLines([{ ...kurta, paidPaise: 239_900 }], 0, false);
    // Rs 2,799 less Rs 400 is Rs 2,399 at 5%: 2,284.76 taxable, 114.24 tax
    expect(line).toMatchObject({
      unitPaise: 279_900,
      discountPaise: 40_000,
      ratePercent: 5,
      taxablePaise: 228_476,
      cgstPaise: 5712,
      sgstPaise: 5712,
      totalPaise: 239_900,
    });
  });

  it('adds up to what was paid, with the discounts beside it', () => {
    const lines = invoiceLines(
      [
        { ...kurta, paidPaise: 239_901 },
        { id: 2, name: 'Dupatta', hsn: '6214', quantity: 3, unitPaise: 33_333, paidPaise: 85_713 },
      ],
      4_999,
      true,
    );
    const totals = totalsOf(lines);
    expect(totals.totalPaise).toBe(239_901 + 85_713 + 4_999);
    expect(totals.discountPaise).toBe(279_900 - 239_901 + 99_999 - 85_713);
    expect(totals.taxablePaise + totals.igstPaise).toBe(totals.totalPaise);
  });

  it('credits what was paid for the line with its discount, and a part of it with a part of the discount', () => {
    const [goods] = invoiceLines([{ ...kurta, paidPaise: 239_900 }], 0, false);
    if (!goods) throw new Error('a line expected');
    expect(creditLines(goods, undefined, 239_900, false)).toEqual([
      expect.objectContaining({
        discountPaise: 40_000,
        ratePercent: 5,
        taxablePaise: 228_476,
        totalPaise: 239_900,
      }),
    ]);
    // a late cancellation keeps 10% of what was paid: 90% of the line, and of its discount, is credited
    expect(creditLines(goods, undefined, 215_910, false)).toEqual([
      expect.objectContaining({ discountPaise: 36_000, ratePercent: 5, totalPaise: 215_910 }),
    ]);
  });

  it('leaves the lines of documents issued before coupons without a discount', () => {
    const [goods] = invoiceLines([{ ...kurta, paidPaise: 279_900 }], 0, false);
    if (!goods) throw new Error('a line expected');
    const { discountPaise: _, ...issuedBefore } = goods;
    expect(creditLines(issuedBefore, undefined, 279_900, false)[0]?.discountPaise).toBeUndefined();
    expect(totalsOf([issuedBefore]).discountPaise).toBe(0);
  });
});

describe('numbers and dates', () => {
  it('reads the financial year in India time: April to March', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2026-11-25T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers by kind, seller, year and serial in 16 characters', () => {
    expect(documentNumber('invoice', 3, '2026-27', 42)).toBe('HT03/26-27/00042');
    expect(documentNumber('credit_note', 12, '2026-27', 7)).toBe('CN12/26-27/00007');
    expect(documentNumber('invoice', 3, '2026-27', 42)).toHaveLength(16);
  });

  it('prints the day in India: 25 Nov 2026', () => {
    expect(printedDate(new Date('2026-11-25T10:00:00Z'))).toBe('25 Nov 2026');
    expect(printedDate(new Date('2026-11-24T19:00:00Z'))).toBe('25 Nov 2026');
    expect(printedDate(new Date('2026-09-05T00:00:00Z'))).toBe('5 Sep 2026');
  });
});
