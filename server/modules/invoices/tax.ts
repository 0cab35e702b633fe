import { COD_FEE_LABEL } from '../../../contract/cod-constants.ts';
import { INDIA_OFFSET_MS } from '../../../contract/india-time.ts';
import { DELIVERY_SAC, gstRate } from './gst-rates.ts';

/**
 * One line of a tax invoice or credit note; money in paise, `unitPaise`, `discountPaise` and `totalPaise`
 * tax included. `totalPaise` is what was paid (or is credited) for the line, after its discount.
 */
export interface TaxLine {
  /** the order line it invoices; null for the delivery charge and the COD fee (not printed) */
  orderLineId: number | null;
  description: string;
  hsn: string;
  quantity: number;
  /** a piece's price before the discount */
  unitPaise: number;
  /**
   * the discount given at the time of supply (a coupon's share of the line), shown on the
   * document; absent on the delivery charge's line and on documents issued before coupons
   */
  discountPaise?: number;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface TaxParty {
  name: string;
  address: string[];
}

/** What a tax invoice or credit note shows, fixed when it is issued. */
export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** as printed: `25 Nov 2026` */
  date: string;
  /** a credit note's invoice */
  against: { number: string; date: string } | null;
  seller: TaxParty & { gstin: string; state: string };
  /** the shop the sale went through, as it was at issue; absent on documents issued before shops had one */
  shop?: { name: string; legalName: string | null; gstin: string | null; logo: string | null };
  buyer: TaxParty;
  placeOfSupply: string;
  /** IGST when the place of supply is not the seller's state; CGST and SGST when it is */
  interState: boolean;
  /** the coupon whose discount the lines show; absent without one */
  couponCode?: string;
  /** `cod`: an invoice of a cash on delivery order, which says so; absent for an order paid online */
  payment?: 'cod';
  lines: TaxLine[];
  totals: Pick<
    TaxLine,
    'discountPaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'
  >;
}

export const DELIVERY_DESCRIPTION = 'Delivery charge';

/**
 * Splits a tax-inclusive amount at a rate: the taxable value worked back and rounded to the paisa, the
 * tax the rest, so taxable value plus tax is always exactly what was paid.
 */
export function splitTax(
  line: Omit<TaxLine, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>,
  interState: boolean,
): TaxLine {
  const taxablePaise = Math.round((line.totalPaise * 100) / (100 + line.ratePercent));
  const tax = line.totalPaise - taxablePaise;
  const cgstPaise = interState ? 0 : Math.round(tax / 2);
  return {
    ...line,
    taxablePaise,
    cgstPaise,
    sgstPaise: interState ? 0 : tax - cgstPaise,
    igstPaise: interState ? tax : 0,
  };
}

export function totalsOf(lines: readonly TaxLine[]): TaxDocument['totals'] {
  const sum = (key: keyof TaxDocument['totals']) => lines.reduce((t, l) => t + (l[key] ?? 0), 0);
  return {
    discountPaise: sum('discountPaise'),
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}

export interface SoldLine {
  id: number;
  name: string;
  hsn: string | null;
  quantity: number;
  unitPaise: number;
  /** what was paid for the line, all its pieces, after its share of any coupon */
  paidPaise: number;
}

/**
 * An invoice's lines: each good at its own rate (by HSN and what was paid a piece), its taxable value
 * worked back from what was paid for it and the coupon's share shown as its discount; then the delivery
 * charge, when this invoice carries it, at the highest rate among the goods (decision 018), and a cash on
 * delivery order's fee beside it, taxed as the delivery charge is (decision 069).
 */
export function invoiceLines(
  sold: readonly SoldLine[],
  deliveryPaise: number,
  interState: boolean,
  codFeePaise = 0,
): TaxLine[] {
  const goods = sold.map((line) =>
    splitTax(
      {
        orderLineId: line.id,
        description: line.name,
        hsn: line.hsn ?? '',
        quantity: line.quantity,
        unitPaise: line.unitPaise,
        discountPaise: line.unitPaise * line.quantity - line.paidPaise,
        ratePercent: gstRate(line.hsn, line.paidPaise, line.quantity),
        totalPaise: line.paidPaise,
      },
      interState,
    ),
  );
  const rate = Math.max(...goods.map((g) => g.ratePercent));
  return [
    ...goods,
    ...(deliveryPaise === 0 ? [] : [deliveryLine(deliveryPaise, rate, interState)]),
    ...(codFeePaise === 0 ? [] : [deliveryLine(codFeePaise, rate, interState, COD_FEE_LABEL)]),
  ];
}

/** A line of a charge for the delivery (the delivery charge itself by default), under the courier's SAC. */
export function deliveryLine(
  paise: number,
  ratePercent: number,
  interState: boolean,
  description = DELIVERY_DESCRIPTION,
): TaxLine {
  return splitTax(
    {
      orderLineId: null,
      description,
      hsn: DELIVERY_SAC,
      quantity: 1,
      unitPaise: paise,
      ratePercent,
      totalPaise: paise,
    },
    interState,
  );
}

/**
 * The part of an invoiced line's discount that goes with crediting `goodsPaise` of it: all of it with the
 * whole line, a share in proportion with a part (a late cancellation keeps a charge).
 */
function discountCredited(invoiced: TaxLine, goodsPaise: number): number | undefined {
  const { discountPaise, totalPaise } = invoiced;
  if (!discountPaise || goodsPaise === totalPaise) return discountPaise;
  return Math.round((discountPaise * goodsPaise) / totalPaise);
}

/**
 * A credit note's lines for a refund of one invoiced line: the refund credits the line's goods first (up
 * to what was paid for the line, after its discount), and any more is the delivery charge given back;
 * each at its invoice rate, the taxable value worked back from what is credited.
 */
export function creditLines(
  invoiced: TaxLine,
  delivery: TaxLine | undefined,
  refundPaise: number,
  interState: boolean,
): TaxLine[] {
  const goodsPaise = Math.min(refundPaise, invoiced.totalPaise);
  const goods = {
    ...invoiced,
    discountPaise: discountCredited(invoiced, goodsPaise),
    totalPaise: goodsPaise,
  };
  const lines = [splitTax(goods, interState)];
  const rest = refundPaise - goodsPaise;
  if (rest > 0) lines.push(deliveryLine(rest, delivery?.ratePercent ?? invoiced.ratePercent, interState));
  return lines;
}

/**
 * The credit note of a refund of one invoiced line, numbered `number` and dated `at`: the invoice's parties
 * and terms, the lines `creditLines` credits, and the invoice it is against. It says nothing of how the
 * order was paid: its refund goes where the refund says.
 */
export function creditNoteDocument(
  invoice: TaxDocument,
  line: TaxLine,
  refundPaise: number,
  at: Date,
  number: string,
): TaxDocument {
  const delivery = invoice.lines.find((l) => l.orderLineId === null);
  const lines = creditLines(line, delivery, refundPaise, invoice.interState);
  const { payment: _paidBy, ...credited } = invoice;
  return {
    ...credited,
    kind: 'credit_note',
    number,
    date: printedDate(at),
    against: { number: invoice.number, date: invoice.date },
    lines,
    totals: totalsOf(lines),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const inIndia = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS);

/** `25 Nov 2026`, the day in India */
export function printedDate(at: Date): string {
  const d = inIndia(at);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The financial year (April to March, India time) of a moment: `2026-27`. */
export function financialYear(at: Date): string {
  const d = inIndia(at);
  const start = d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document's number: `HT03/26-27/00042` (invoice) or `CN03/26-27/00007` (credit note): kind, seller,
 * financial year, serial; 16 characters, the most GST rules allow, while serials stay under 100,000.
 */
export function documentNumber(
  kind: TaxDocument['kind'],
  sellerId: number,
  year: string,
  serial: number,
): string {
  const prefix = kind === 'invoice' ? 'HT' : 'CN';
  return `${prefix}${String(sellerId).padStart(2, '0')}/${year.slice(2)}/${String(serial).padStart(5, '0')}`;
}
