import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type ImportResponse } from '../../../contract/products.ts';
import { readCsv } from '../../platform/csv.ts';
import { Turns } from '../../platform/turns.ts';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { expectAnsweredMeanwhile, probedWhile } from '../../test/health-probe.ts';
import { TestClient } from '../../test/http.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const ROWS = 50_000;

describe('reading a CSV in turns', () => {
  const text = '\uFEFFsku,name\r\nA-1,"Kurta, ""silk"""\r\n\r\nA-2,"two\nlines"\nA-3,ಕನ್ನಡ\n';

  it('reads quoted fields, line breaks in quotes and any script, and refuses an unclosed quote', async () => {
    const records = await readCsv(Buffer.from(text), new Turns());
    expect(records).toEqual([
      { line: 1, fields: ['sku', 'name'] },
      { line: 2, fields: ['A-1', 'Kurta, "silk"'] },
      { line: 4, fields: ['A-2', 'two\nlines'] },
      { line: 6, fields: ['A-3', 'ಕನ್ನಡ'] },
    ]);
    await expect(readCsv(Buffer.from('sku\n"A-1\n'), new Turns())).rejects.toThrow(
      'line 2: a quoted field is never closed',
    );
  });

  it('lets the event loop run between records', async () => {
    const big = `sku\n${Array.from({ length: 1000 }, (_, i) => `S-${i}`).join('\n')}\n`;
    let ranDuring = false;
    let done = false;
    setImmediate(() => {
      ranDuring = !done;
    });
    // a turn at every record: whether one comes, not when
    const records = await readCsv(Buffer.from(big), new Turns(0));
    done = true;
    expect(records).toHaveLength(1001);
    expect(ranDuring).toBe(true);
  });

  it('decodes a letter whose bytes straddle two of the slices it decodes', async () => {
    // a megabyte is decoded at a time: the name's first letter starts one byte before the second one
    const name = 'ಕನ್ನಡ ಕುರ್ತಾ';
    const sku = 'x'.repeat(1024 * 1024 - 'sku,name\nA-1,'.length - 1);
    const records = await readCsv(Buffer.from(`sku,name\nA-1${sku},${name}\n`), new Turns());
    expect(records[1]?.fields[1]).toBe(name);
  });
});

// the database is read once for the whole file: one engine is enough for the event loop's share
describe(`a catalogue import of ${ROWS} rows`, () => {
  let testApp: TestApp;
  let csv: string;

  beforeAll(async () => {
    testApp = await startTestApp('pglite');
    const { seller, partner } = await testApp.db
      .selectFrom('sellers')
      .innerJoin('products', 'products.seller_id', 'sellers.id')
      .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
      .select(['sellers.name as seller', 'delivery_partners.code as partner'])
      .executeTakeFirstOrThrow();
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#236' } })
      .png()
      .toBuffer();
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kurta.png');
    const photo = await new TestClient(testApp.baseUrl).post<{ photo: string }>(
      '/admin/api/products/photos',
      upload,
      BEARER,
    );
    const values: Record<string, string> = {
      section: 'apparel',
      segment: 'Bulkwear',
      genre: 'Bulk kurtas',
      description: 'Hand block-printed cotton, "Sanganeri"',
      colour: 'Indigo',
      mrp: '999',
      price: '799',
      partner,
      seller,
      active: 'no',
      size: 'M',
      stock: '3',
      photos: photo.body.photo,
    };
    const row = (i: number) => {
      const cells: Record<string, string> = { ...values, sku: `BULK-${i}`, name: `Bulk kurta ${i}` };
      return CSV_COLUMNS.map((c) =>
        c === 'description' ? `"${cells[c]?.replaceAll('"', '""')}"` : (cells[c] ?? ''),
      ).join(',');
    };
    csv = [CSV_COLUMNS.join(','), ...Array.from({ length: ROWS }, (_, i) => row(i + 1))].join('\n');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('checks every row in a dry run, and /healthz answers meanwhile', async ({ annotate }) => {
    const body = new FormData();
    body.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
    const admin = new TestClient(testApp.baseUrl);
    const { answer, health } = await probedWhile(
      testApp.baseUrl,
      admin.post<ImportResponse>('/admin/api/catalogue/import?mode=dry-run', body, BEARER),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ rows: ROWS, products: ROWS, errors: [], applied: false });
    await expectAnsweredMeanwhile(health, annotate);
  }, 120_000);
});
