import type { Gstr1CsvTable } from '../../../contract/books.ts';
import { csvAmount, formatCsv } from '../../../contract/csv.ts';
import { GST_STATE_CODES } from '../../../contract/gstin.ts';
import { DOC_TYPES } from '../../../contract/gstr.ts';

import type { Gstr1Sections, LargeDocument } from './gstr1.ts';

/**
 * GSTR-1's sections as the GST portal's offline tool takes them in CSV: its file per section, its column
 * names, places of supply as `19-West Bengal`, dates as `05-Nov-2026`. Cess and the tool's optional
 * columns (the applicable % of the rate, an e-commerce GSTIN per row) are left as the tool leaves them.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-05` -> `05-Nov-2026` */
export function csvDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** `19` -> `19-West Bengal` */
export const placeOfSupply = (code: string): string => `${code}-${GST_STATE_CODES[code] ?? ''}`;

const NO_CESS = csvAmount(0);

/** One header and one row per element of the section (a B2CL invoice or credit note, one per rate). */
const TABLES: Record<Gstr1CsvTable, (sections: Gstr1Sections) => string[][]> = {
  b2cs: (sections) => [
    [
      'Type',
      'Place Of Supply',
      'Rate',
      'Applicable % of Tax Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    ...sections.b2cs.map((group) => [
      'OE',
      placeOfSupply(group.pos),
      String(group.rt),
      '',
      csvAmount(group.txval),
      NO_CESS,
      '',
    ]),
  ],
  b2cl: (sections) => [
    [
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    ...sections.b2cl.flatMap(({ invoices }) =>
      rateRows(invoices, (invoice) => [
        invoice.number,
        csvDate(invoice.day),
        csvAmount(invoice.valPaise),
        placeOfSupply(invoice.pos),
        '',
      ]).map((row) => [...row, '']),
    ),
  ],
  cdnur: (sections) => [
    [
      'UR Type',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    ...rateRows(sections.cdnur, (note) => [
      'B2CL',
      note.number,
      csvDate(note.day),
      'C',
      placeOfSupply(note.pos),
      csvAmount(note.valPaise),
      '',
    ]),
  ],
  hsn: (sections) => [
    [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ],
    ...sections.hsn.map((group) => [
      group.hsn,
      '',
      group.uqc,
      String(group.qty),
      csvAmount(group.txval + group.iamt + group.camt + group.samt),
      String(group.rt),
      csvAmount(group.txval),
      csvAmount(group.iamt),
      csvAmount(group.camt),
      csvAmount(group.samt),
      NO_CESS,
    ]),
  ],
  docs: (sections) => [
    ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    ...sections.docs.map((series) => [
      DOC_TYPES[series.kind],
      series.from,
      series.to,
      String(series.totnum),
      String(series.cancel),
    ]),
  ],
};

/** A row per document and rate: the document's own columns, then the rate, its taxable value and cess. */
function rateRows(
  documents: readonly LargeDocument[],
  head: (document: LargeDocument) => string[],
): string[][] {
  return documents.flatMap((document) =>
    document.items.map((item) => [...head(document), String(item.rt), csvAmount(item.txval), NO_CESS]),
  );
}

export const gstr1Csv = (sections: Gstr1Sections, table: Gstr1CsvTable): string =>
  formatCsv(TABLES[table](sections));
