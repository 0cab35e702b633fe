import { B2CL_THRESHOLD_PAISE, GSTR1_VERSION } from '../../../contract/books.ts';
import { GST_STATE_CODES } from '../../../contract/gstin.ts';
import { DOC_TYPES, type Gstr1Response } from '../../../contract/gstr.ts';
import { indiaDay } from '../../../contract/india-time.ts';
import type { TaxLine } from '../invoices/tax.ts';
import { rupees } from './money.ts';
import type { MonthDocument } from './store.ts';

/**
 * A seller's GSTR-1 for a month (contract "GSTR-1"), folded from its issued invoices and credit notes one
 * document at a time, so the month is never held: only its groups are. Every figure is the documents'
 * own (already rounded per line, to the paisa) summed, in paise; rupees are made last.
 */

/** Taxable value and taxes, in paise. */
export interface Figures {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
}

const noFigures = (): Figures => ({ txval: 0, iamt: 0, camt: 0, samt: 0 });

/** `sign` times a line's figures added to `into` (a credit note's lines count negative where netted). */
export function addLine(into: Figures, line: TaxLine, sign: 1 | -1): void {
  into.txval += sign * line.taxablePaise;
  into.iamt += sign * line.igstPaise;
  into.camt += sign * line.cgstPaise;
  into.samt += sign * line.sgstPaise;
}

const isZero = (f: Figures) => f.txval === 0 && f.iamt === 0 && f.camt === 0 && f.samt === 0;

/** An invoice counts up, a credit note down. */
export const signOf = (doc: MonthDocument): 1 | -1 => (doc.kind === 'invoice' ? 1 : -1);

// a state's code by its name; 25 and 26 name one state since their merger, and 26 is its code now
const STATE_CODES = new Map(
  Object.entries(GST_STATE_CODES)
    .filter(([code]) => code !== '25')
    .map(([code, name]) => [name, code]),
);

/** The GST code of a place of supply, as a document names it (`West Bengal` -> `19`); '' for none known. */
export const stateCodeOf = (placeOfSupply: string): string => STATE_CODES.get(placeOfSupply) ?? '';

/** B2CL: an inter-state invoice worth more than the threshold (exactly the threshold is B2CS). */
export const isB2cl = (doc: MonthDocument): boolean =>
  doc.document.interState && doc.invoiceTotalPaise > B2CL_THRESHOLD_PAISE;

/** A goods line counts its pieces; the delivery charge and the COD fee (no order line) are a service. */
const isService = (line: TaxLine) => line.orderLineId === null;

export interface RateItem {
  rt: number;
  txval: number;
  iamt: number;
}

/** A B2CL invoice, or a credit note against one: its value and its lines summed per rate, ascending. */
export interface LargeDocument {
  number: string;
  /** YYYY-MM-DD, India */
  day: string;
  pos: string;
  valPaise: number;
  items: RateItem[];
}

export interface B2csGroup extends Figures {
  sply: 'INTRA' | 'INTER';
  pos: string;
  rt: number;
}

export interface HsnGroup extends Figures {
  hsn: string;
  uqc: 'PCS' | 'NA';
  qty: number;
  rt: number;
}

export interface DocSeries {
  kind: MonthDocument['kind'];
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  netIssue: number;
}

/** GSTR-1's sections in paise, sorted as the portal's file lists them. */
export interface Gstr1Sections {
  b2cl: { pos: string; invoices: LargeDocument[] }[];
  b2cs: B2csGroup[];
  cdnur: LargeDocument[];
  hsn: HsnGroup[];
  docs: DocSeries[];
  /** the month's net supplies (invoices less credit notes): Table 14's figures */
  net: Figures;
}

function largeDocument(doc: MonthDocument): LargeDocument {
  const rates = new Map<number, RateItem>();
  for (const line of doc.document.lines) {
    const item = rates.get(line.ratePercent) ?? { rt: line.ratePercent, txval: 0, iamt: 0 };
    item.txval += line.taxablePaise;
    item.iamt += line.igstPaise;
    rates.set(line.ratePercent, item);
  }
  return {
    number: doc.document.number,
    day: indiaDay(doc.issuedAt),
    pos: stateCodeOf(doc.document.placeOfSupply),
    valPaise: doc.document.totals.totalPaise,
    items: [...rates.values()].sort((a, b) => a.rt - b.rt),
  };
}

interface Series {
  lowest: { serial: number; number: string };
  highest: { serial: number; number: string };
  found: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The groups of one seller's month, documents added in any order. */
export class Gstr1Fold {
  private readonly b2cl: LargeDocument[] = [];
  private readonly cdnur: LargeDocument[] = [];
  private readonly b2cs = new Map<string, B2csGroup>();
  private readonly hsn = new Map<string, HsnGroup>();
  private readonly series = new Map<MonthDocument['kind'], Series>();
  private readonly net = noFigures();

  add(doc: MonthDocument): void {
    const sign = signOf(doc);
    const large = isB2cl(doc);
    if (large) (doc.kind === 'invoice' ? this.b2cl : this.cdnur).push(largeDocument(doc));
    const pos = stateCodeOf(doc.document.placeOfSupply);
    const sply = doc.document.interState ? 'INTER' : 'INTRA';
    for (const line of doc.document.lines) {
      if (!large) addLine(this.b2csGroup(sply, pos, line.ratePercent), line, sign);
      const hsn = this.hsnGroup(line);
      addLine(hsn, line, sign);
      if (!isService(line)) hsn.qty += sign * line.quantity;
      addLine(this.net, line, sign);
    }
    this.count(doc);
  }

  sections(): Gstr1Sections {
    const b2cl = new Map<string, LargeDocument[]>();
    for (const invoice of this.b2cl) b2cl.set(invoice.pos, [...(b2cl.get(invoice.pos) ?? []), invoice]);
    return {
      b2cl: [...b2cl]
        .sort(([a], [b]) => byText(a, b))
        .map(([pos, invoices]) => ({ pos, invoices: invoices.sort((a, b) => byText(a.number, b.number)) })),
      b2cs: [...this.b2cs.values()]
        .filter((group) => !isZero(group))
        .sort((a, b) => byText(a.pos, b.pos) || a.rt - b.rt || byText(a.sply, b.sply)),
      cdnur: [...this.cdnur].sort((a, b) => byText(a.number, b.number)),
      hsn: [...this.hsn.values()]
        .filter((group) => group.qty !== 0 || !isZero(group))
        .sort((a, b) => byText(a.hsn, b.hsn) || a.rt - b.rt),
      docs: (['invoice', 'credit_note'] as const).flatMap((kind) => {
        const series = this.series.get(kind);
        if (!series) return [];
        const totnum = series.highest.serial - series.lowest.serial + 1;
        const cancel = totnum - series.found;
        return [
          {
            kind,
            from: series.lowest.number,
            to: series.highest.number,
            totnum,
            cancel,
            netIssue: totnum - cancel,
          },
        ];
      }),
      net: { ...this.net },
    };
  }

  private b2csGroup(sply: B2csGroup['sply'], pos: string, rt: number): B2csGroup {
    const key = `${sply}|${pos}|${rt}`;
    let group = this.b2cs.get(key);
    if (!group) {
      group = { sply, pos, rt, ...noFigures() };
      this.b2cs.set(key, group);
    }
    return group;
  }

  private hsnGroup(line: TaxLine): HsnGroup {
    const key = `${line.hsn}|${line.ratePercent}`;
    let group = this.hsn.get(key);
    if (!group) {
      const uqc = isService(line) ? 'NA' : 'PCS';
      group = { hsn: line.hsn, uqc, qty: 0, rt: line.ratePercent, ...noFigures() };
      this.hsn.set(key, group);
    }
    return group;
  }

  private count(doc: MonthDocument): void {
    const at = { serial: doc.serial, number: doc.document.number };
    const series = this.series.get(doc.kind);
    if (!series) {
      this.series.set(doc.kind, { lowest: at, highest: at, found: 1 });
      return;
    }
    if (at.serial < series.lowest.serial) series.lowest = at;
    if (at.serial > series.highest.serial) series.highest = at;
    series.found += 1;
  }
}

/** `2026-11-05` -> `05-11-2026`, the portal's date. */
export const portalDate = (day: string): string => day.split('-').reverse().join('-');

/** `2026-11` -> `112026`, the return's period as the portal writes it. */
export const returnPeriod = (period: string): string => `${period.slice(5, 7)}${period.slice(0, 4)}`;

const rateItems = (items: readonly RateItem[]) =>
  items.map((item, i) => ({
    num: i + 1,
    itm_det: { rt: item.rt, txval: rupees(item.txval), iamt: rupees(item.iamt), csamt: 0 as const },
  }));

const taxes = (f: Figures) => ({
  txval: rupees(f.txval),
  iamt: rupees(f.iamt),
  camt: rupees(f.camt),
  samt: rupees(f.samt),
  csamt: 0 as const,
});

/**
 * The offline tool's JSON: `gstin` the seller's, `etin` the operator's GSTIN now (Table 14 is left empty
 * without one).
 */
export function gstr1Json(
  sections: Gstr1Sections,
  header: { gstin: string; period: string; etin: string | null },
): Gstr1Response {
  const { net } = sections;
  return {
    gstin: header.gstin,
    fp: returnPeriod(header.period),
    version: GSTR1_VERSION,
    hash: 'hash',
    b2b: [],
    b2cl: sections.b2cl.map(({ pos, invoices }) => ({
      pos,
      inv: invoices.map((invoice) => ({
        inum: invoice.number,
        idt: portalDate(invoice.day),
        val: rupees(invoice.valPaise),
        itms: rateItems(invoice.items),
      })),
    })),
    b2cs: sections.b2cs.map((group) => ({
      sply_ty: group.sply,
      pos: group.pos,
      typ: 'OE' as const,
      rt: group.rt,
      ...taxes(group),
    })),
    cdnr: [],
    cdnur: sections.cdnur.map((note) => ({
      typ: 'B2CL' as const,
      ntty: 'C' as const,
      nt_num: note.number,
      nt_dt: portalDate(note.day),
      pos: note.pos,
      val: rupees(note.valPaise),
      itms: rateItems(note.items),
    })),
    hsn: {
      hsn_b2b: [],
      hsn_b2c: sections.hsn.map((group, i) => ({
        num: i + 1,
        hsn_sc: group.hsn,
        uqc: group.uqc,
        qty: group.qty,
        rt: group.rt,
        ...taxes(group),
      })),
    },
    doc_issue: {
      doc_det: sections.docs.map((series) => ({
        doc_num: series.kind === 'invoice' ? (1 as const) : (5 as const),
        doc_typ: DOC_TYPES[series.kind],
        docs: [
          {
            num: 1 as const,
            from: series.from,
            to: series.to,
            totnum: series.totnum,
            cancel: series.cancel,
            net_issue: series.netIssue,
          },
        ],
      })),
    },
    supeco: {
      clttx:
        header.etin === null
          ? []
          : [
              {
                etin: header.etin,
                suppval: rupees(net.txval),
                igst: rupees(net.iamt),
                cgst: rupees(net.camt),
                sgst: rupees(net.samt),
                cess: 0 as const,
              },
            ],
    },
  };
}
