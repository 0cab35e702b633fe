/** The rows of a tax invoice's or credit note's goods table, as a PDF's text (unpdf) reads them. */

/**
 * one printed row of the goods table: #, description, HSN, qty, [gross, discount,] taxable value, rate,
 * taxes..., total; gross and discount only on documents with a discount
 */
export interface Row {
  hsn: string;
  quantity: number;
  gross?: string;
  discount?: string;
  taxable: string;
  rate: string;
  taxes: string[];
  total: string;
}

export function rows(text: string): Map<string, Row> {
  const found = new Map<string, Row>();
  for (const line of text.split('\n')) {
    const match = /^\d+ (.+?) (\d{4,8}) (\d+) ((?:[\d,]+\.\d\d ){1,3})(\d+%) ((?:[\d,]+\.\d\d ?)+)$/.exec(
      line,
    );
    if (!match) continue;
    const [, description = '', hsn = '', quantity = '', before = '', rate = '', amounts = ''] = match;
    // the taxable value, after the gross amount and the discount when the document shows them
    const worked = before.trim().split(' ');
    const taxable = worked.at(-1) ?? '';
    const [gross, discount] = worked.length === 3 ? worked : [];
    const values = amounts.trim().split(' ');
    found.set(description, {
      hsn,
      quantity: Number(quantity),
      ...(discount !== undefined && { gross, discount }),
      taxable,
      rate,
      taxes: values.slice(0, -1),
      total: values.at(-1) ?? '',
    });
  }
  return found;
}
