import PDFDocument from 'pdfkit';
import { indiaDay } from '../../../contract/india-time.ts';
import { REVERSAL_STATUS } from '../../../contract/settlements.ts';
import { INK, MUTED, RULE, rs, say, TABLE_HEAD } from '../invoices/pdf.ts';
import { FIGURES, type Figures, reversed } from './ledger.ts';
import { type LedgerRow, type StatementSource, statementCells, Totals } from './service.ts';

type Doc = PDFKit.PDFDocument;

const MARGIN = 36;
// landscape A4: the twelve columns of a ledger row side by side
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const FIGURE_TITLES: Record<keyof Figures, string> = {
  saleValue: 'Sale value',
  taxableValue: 'Taxable value',
  commission: 'Commission',
  commissionGst: 'GST on commission',
  tcs: 'TCS',
  tds: 'TDS',
  net: 'Net',
};

const COLUMNS: Column[] = [
  { title: 'Purchase ID', width: 112, align: 'left' },
  { title: 'Product', width: 150, align: 'left' },
  { title: 'Qty', width: 26, align: 'right' },
  { title: 'Delivered', width: 58, align: 'left' },
  { title: 'Status', width: 50, align: 'left' },
  ...FIGURES.map((key) => ({
    title: FIGURE_TITLES[key],
    width: key === 'net' ? 62 : 54,
    align: 'right' as const,
  })),
];

/** One row of cells across the columns, ruled below; answers where the next row starts. */
function row(doc: Doc, cells: readonly string[], top: number, bold = false): number {
  doc.fontSize(8).fillColor(INK);
  let x = MARGIN;
  let bottom = top;
  COLUMNS.forEach((column, i) => {
    say(
      doc,
      cells[i] ?? '',
      bold ? 'bold' : 'regular',
      { width: column.width - 4, align: column.align },
      {
        x: x + 2,
        y: top + 4,
      },
    );
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  const end = bottom + 4;
  doc
    .moveTo(MARGIN, end)
    .lineTo(MARGIN + WIDTH, end)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return end;
}

function titles(doc: Doc, top: number): number {
  doc.rect(MARGIN, top, WIDTH, 28).fill(TABLE_HEAD);
  return row(
    doc,
    COLUMNS.map((column) => column.title),
    top,
    true,
  );
}

/** The row at `top`, on a new page (under the titles again) when too little of this one is left. */
function rowOnPage(doc: Doc, cells: readonly string[], top: number, bold = false): number {
  if (top + 44 <= BOTTOM) return row(doc, cells, top, bold);
  doc.addPage();
  return row(doc, cells, titles(doc, MARGIN), bold);
}

const cellsOf = (row: LedgerRow, status: string, figures: Figures) =>
  statementCells(row, status, figures, rs);

function heading(doc: Doc, source: StatementSource): number {
  const { seller } = source;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('Settlement statement', MARGIN, MARGIN);
  doc
    .fontSize(10)
    .font('Helvetica')
    .fillColor(MUTED)
    .text(`Period: ${source.period} (deliveries in this month, India time)`);
  say(doc, seller.legalName ?? seller.name, 'bold', { width: WIDTH }, { x: MARGIN, y: doc.y + 8 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(`GSTIN: ${seller.gstin ?? 'none given'}`);
  doc
    .fillColor(MUTED)
    .text(
      `Commission now: ${seller.commissionPercent}% (each line keeps the one in force when it was placed)`,
    );
  return doc.y + 12;
}

function footer(doc: Doc, source: StatementSource, totals: Totals, top: number): void {
  const paise = totals.paise;
  let y = rowOnPage(doc, ['Total', '', '', '', '', ...FIGURES.map((key) => rs(paise[key]))], top, true);
  if (y + 120 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Payable: Rs. ${rs(paise.payable)}`, MARGIN, y + 12);
  doc.text(`Held: Rs. ${rs(paise.held)}`);
  doc.text(`Paid: Rs. ${rs(paise.paid)}`);
  doc.moveDown().font('Helvetica-Bold').text('Payouts');
  doc.font('Helvetica');
  if (source.payouts.length === 0) doc.text('None yet.');
  for (const payout of source.payouts) {
    const amount = rs(Number(payout.amount_paise));
    const lines = payout.lines === 1 ? '1 line' : `${payout.lines ?? 0} lines`;
    doc.text(`UTR ${payout.utr}: Rs. ${amount}, ${lines}, paid ${indiaDay(new Date(payout.paid_at))}`);
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Amounts in Indian rupees. Net = sale value - commission - GST on commission (18%) - TCS (0.5% of the ' +
        'taxable value, section 52 CGST Act) - TDS (0.1% of the taxable value, section 194-O). A returned ' +
        'line is reversed and counts in no total.',
      { width: WIDTH },
    );
}

/**
 * The statement as a landscape A4 PDF, streamed: the seller's legal name and GSTIN, the period, a row per
 * ledger row (and its reversal under a returned one) as the rows are read, the totals and the payouts.
 * Names in any Indian script are drawn as the invoices draw them.
 */
export function statementPdf(source: StatementSource): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: {
      Title: `Settlement statement ${source.period}`,
      Author: source.seller.legalName ?? source.seller.name,
    },
  });
  const write = async () => {
    let y = titles(doc, heading(doc, source));
    const totals = new Totals();
    for await (const entry of source.rows()) {
      const { figures, status } = entry.entry;
      totals.add(entry.entry);
      y = rowOnPage(doc, cellsOf(entry, status, figures), y);
      if (status === 'returned') y = rowOnPage(doc, cellsOf(entry, REVERSAL_STATUS, reversed(figures)), y);
    }
    footer(doc, source, totals, y);
    doc.end();
  };
  write().catch((error: Error) => doc.destroy(error));
  return doc;
}
