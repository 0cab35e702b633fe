import PDFDocument from 'pdfkit';
import { COD_PAYMENT_TEXT } from '../../../contract/cod-constants.ts';
import { FONT_FILES, openFont, runs, type Weight } from './fonts.ts';
import type { TaxDocument, TaxLine } from './tax.ts';

const BRAND = '#8c1c3a';
const MARIGOLD = '#f2a71b';
const SAFFRON = '#d9480f';
/** the documents' inks: text, notes, rules and a table's head (the settlement statement's too) */
export const INK = '#222222';
export const MUTED = '#666666';
export const RULE = '#cccccc';
export const TABLE_HEAD = '#f6efe6';

const MARGIN = 40;
const A4_WIDTH = 595.28;
const WIDTH = A4_WIDTH - 2 * MARGIN;

const money = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** An amount in rupees with Indian digit grouping and two decimals (`1,29,999.50`), from paise. */
export const rs = (paise: number) => money.format(paise / 100);

type Doc = PDFKit.PDFDocument;

/**
 * Text from the document's data (names, addresses, descriptions), which may be in any Indian script:
 * drawn as runs of one script each in a font that has it (fonts.ts), at `at` when given.
 */
export function say(
  doc: Doc,
  text: string,
  weight: Weight,
  options: PDFKit.Mixins.TextOptions,
  at?: { x: number; y: number },
): void {
  const parts = runs(text, weight);
  parts.forEach((run, i) => {
    const part = { ...options, continued: i < parts.length - 1 };
    // a Noto font goes in opened, named by its run's font (pdfkit takes a fontkit font as a source,
    // PDFFontFactory.open, which its types leave out): each document opens only what it draws
    if (FONT_FILES.has(run.font))
      doc.font(openFont(run.font) as unknown as PDFKit.Mixins.PDFFontSource, run.font);
    else doc.font(run.font);
    if (i === 0 && at) doc.text(run.text, at.x, at.y, part);
    else doc.text(run.text, part);
  });
}

/** pixels of the shop's own logo, as a PNG: twice the widest it is printed (in points), for print */
export const LOGO_WIDTH = 320;
const LOGO_BOX = { width: LOGO_WIDTH / 2, height: 40 };

/**
 * The shop's mark: its uploaded logo, or haat's as web/shop/src/app/Logo.tsx draws it (a marigold on a
 * 32-unit square, at `size` points) beside the shop's name.
 */
function drawLogo(
  doc: Doc,
  x: number,
  y: number,
  size: number,
  name: string,
  logo: Buffer | undefined,
): void {
  if (logo) {
    doc.image(logo, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
    return;
  }
  const at = (units: number) => (units * size) / 32;
  for (const [cx, cy] of [
    [16, 7],
    [25, 16],
    [16, 25],
    [7, 16],
  ] as const) {
    doc.circle(x + at(cx), y + at(cy), at(5)).fill(MARIGOLD);
  }
  doc.circle(x + at(16), y + at(16), at(6.5)).fill(SAFFRON);
  doc.circle(x + at(16), y + at(16), at(2.5)).fill(BRAND);
  doc.fontSize(22).fillColor(BRAND);
  say(doc, name, 'bold', { lineBreak: false }, { x: x + size + 8, y: y + at(8) });
}

function header(doc: Doc, d: TaxDocument, logo: Buffer | undefined): number {
  drawLogo(doc, MARGIN, MARGIN, 36, d.shop?.name ?? 'haat', logo);
  const title = d.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(title, MARGIN, MARGIN, { width: WIDTH, align: 'right' });
  const facts = [
    `${d.kind === 'invoice' ? 'Invoice No.' : 'Credit Note No.'} ${d.number}`,
    `Date: ${d.date}`,
    ...(d.payment === 'cod' ? [COD_PAYMENT_TEXT] : []),
    ...(d.against ? [`against Invoice No. ${d.against.number} dated ${d.against.date}`] : []),
  ];
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .text(facts.join('\n'), MARGIN, MARGIN + 24, { width: WIDTH, align: 'right' });
  return Math.max(doc.y, MARGIN + 44) + 14;
}

/** The seller (left) and the buyer with the place of supply (right). */
function parties(doc: Doc, d: TaxDocument, top: number): number {
  const half = WIDTH / 2 - 10;
  const block = (x: number, label: string, name: string, lines: string[]) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, top, { width: half });
    doc.fontSize(10.5).fillColor(INK);
    say(doc, name, 'bold', { width: half });
    doc.fontSize(9.5);
    for (const line of lines) say(doc, line, 'regular', { width: half });
    return doc.y;
  };
  const left = block(MARGIN, 'Sold by', d.seller.name, [
    ...d.seller.address,
    `GSTIN: ${d.seller.gstin}`,
    `State: ${d.seller.state}`,
  ]);
  const right = block(MARGIN + WIDTH / 2 + 10, 'Billed and shipped to', d.buyer.name, [
    ...d.buyer.address,
    `Place of Supply: ${d.placeOfSupply}`,
  ]);
  return Math.max(left, right) + 16;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: TaxLine, index: number) => string;
}

/** Whether the document shows a discount: a coupon took something off one of its lines. */
const discounted = (d: TaxDocument) => d.lines.some((line) => (line.discountPaise ?? 0) > 0);

function columns(d: TaxDocument): Column[] {
  const amount = (title: string, key: keyof TaxLine, width: number): Column => ({
    title,
    width,
    align: 'right',
    cell: (line) => rs((line[key] as number | undefined) ?? 0),
  });
  // a discount adds two amounts to each row: the other columns give up some of their room for them
  const withDiscount = discounted(d);
  const room = (plain: number, narrow: number) => (withDiscount ? narrow : plain);
  const taxes = d.interState
    ? [amount('IGST', 'igstPaise', room(62, 56))]
    : [amount('CGST', 'cgstPaise', room(58, 48)), amount('SGST', 'sgstPaise', room(58, 48))];
  // what the line came to before its discount, then the discount: the taxable value is worked back
  // from what was paid after it (a discount given at the time of supply)
  const discount: Column[] = [
    {
      title: 'Gross',
      width: 56,
      align: 'right',
      cell: (line) => rs(line.totalPaise + (line.discountPaise ?? 0)),
    },
    amount('Discount', 'discountPaise', 48),
  ];
  const fixed: Column[] = [
    { title: 'HSN/SAC', width: room(44, 40), align: 'left', cell: (line) => line.hsn || '-' },
    { title: 'Qty', width: room(26, 22), align: 'right', cell: (line) => String(line.quantity) },
    ...(withDiscount ? discount : []),
    amount('Taxable value', 'taxablePaise', room(64, 56)),
    { title: 'Rate', width: room(32, 28), align: 'right', cell: (line) => `${line.ratePercent}%` },
    ...taxes,
    amount('Total', 'totalPaise', room(64, 56)),
  ];
  const used = 18 + fixed.reduce((t, c) => t + c.width, 0);
  return [
    { title: '#', width: 18, align: 'left', cell: (_, i) => String(i + 1) },
    { title: 'Description', width: WIDTH - used, align: 'left', cell: (line) => line.description },
    ...fixed,
  ];
}

function row(doc: Doc, cols: Column[], cells: string[], top: number, bold = false): number {
  doc.fontSize(8.5).fillColor(INK);
  let x = MARGIN;
  let height = 0;
  cols.forEach((col, i) => {
    say(
      doc,
      cells[i] ?? '',
      bold ? 'bold' : 'regular',
      { width: col.width - 4, align: col.align },
      { x: x + 2, y: top + 4 },
    );
    height = Math.max(height, doc.y - top - 4);
    x += col.width;
  });
  const bottom = top + height + 8;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + WIDTH, bottom)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return bottom;
}

function table(doc: Doc, d: TaxDocument, top: number): number {
  const cols = columns(d);
  // a title wrapped in a narrow column makes the header taller than its one line
  doc.font('Helvetica-Bold').fontSize(8.5);
  const titles = Math.max(...cols.map((c) => doc.heightOfString(c.title, { width: c.width - 4 })));
  doc.rect(MARGIN, top, WIDTH, Math.max(20, titles + 8)).fill(TABLE_HEAD);
  let y = row(
    doc,
    cols,
    cols.map((c) => c.title),
    top,
    true,
  );
  d.lines.forEach((line, i) => {
    y = row(
      doc,
      cols,
      cols.map((c) => c.cell(line, i)),
      y,
    );
  });
  const total: TaxLine = {
    ...d.totals,
    orderLineId: null,
    description: 'Total',
    hsn: '',
    quantity: 0,
    unitPaise: 0,
    ratePercent: 0,
  };
  const totals = cols.map((c, i) => {
    if (c.title === 'Description') return 'Total';
    return c.align === 'right' && c.title !== 'Qty' && c.title !== 'Rate' ? c.cell(total, i) : '';
  });
  return row(doc, cols, totals, y, true);
}

/** The shop the seller sold through, by its legal name and GSTIN when the owner gave them. */
function soldThrough(shop: NonNullable<TaxDocument['shop']>): string {
  const by = shop.legalName ?? shop.name;
  return `Sold through ${by}${shop.gstin ? ` (GSTIN: ${shop.gstin})` : ''}${by === shop.name ? '' : `, operator of ${shop.name}`}.`;
}

/** an invoice of a COD order is paid at the door, after it is issued */
function totalWords(d: TaxDocument): string {
  if (d.kind === 'credit_note') return 'Total credited (tax included)';
  return d.payment === 'cod' ? 'Total to pay on delivery (tax included)' : 'Total paid (tax included)';
}

function footer(doc: Doc, d: TaxDocument, top: number): void {
  const words = totalWords(d);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(`${words}: Rs. ${rs(d.totals.totalPaise)}`, MARGIN, top + 10, {
      width: WIDTH,
      align: 'right',
    });
  doc.fontSize(8.5).fillColor(MUTED);
  [
    ...(d.shop ? [soldThrough(d.shop)] : []),
    'Amounts in Indian rupees. Prices include GST; the taxable value is worked back from the price paid.',
    ...(discounted(d)
      ? [
          `Discounts were given at the time of supply${d.couponCode ? ` (coupon ${d.couponCode})` : ''}: the price paid is the gross amount less the discount.`,
        ]
      : []),
    d.interState ? 'Inter-state supply: IGST.' : 'Intra-state supply: CGST and SGST, half the rate each.',
    'Tax payable on reverse charge: No. A computer-generated document; no signature is needed.',
  ].forEach((line, i) => {
    say(doc, line, 'regular', { width: WIDTH }, i === 0 ? { x: MARGIN, y: doc.y + 14 } : undefined);
  });
}

/** A tax invoice or credit note as an A4 PDF; `logo`, the shop's logo as PNG, heads it when given. */
export function renderPdf(d: TaxDocument, logo?: Buffer): Promise<Buffer> {
  const title = `${d.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note'} ${d.number}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: d.seller.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const top = header(doc, d, logo);
  const below = parties(doc, d, top);
  footer(doc, d, table(doc, d, below));
  doc.end();
  return done;
}
