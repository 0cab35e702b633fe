/**
 * The catalogue import's speed: 10,000 CSV rows (2,000 new products of five sizes each) checked and
 * applied in one transaction, on an in-memory PGlite with the schema and one seller and partner.
 * Prints the time of the dry run and of the apply. `npm run bench:import [-- --rows 10000]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCsv } from '../contract/csv.ts';
import { CSV_COLUMNS } from '../contract/products.ts';
import { connectPglite, createPglite } from '../server/db/connect.ts';
import { migrate } from '../server/db/migrate.ts';
import { Categories } from '../server/modules/categories/service.ts';
import { Inventory } from '../server/modules/inventory/service.ts';
import { CatalogueCsv } from '../server/modules/products/catalogue-csv.ts';
import { ChangeFeed } from '../server/platform/changes.ts';

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const rowsArg = process.argv.indexOf('--rows');
const rows = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 10_000;

function benchCsv(products: number): string {
  const lines: string[][] = [[...CSV_COLUMNS]];
  for (let n = 1; n <= products; n++) {
    const product: Record<string, string> = {
      sku: `BENCH-${n}`,
      design: '',
      name: `Bench kurta ${n}`,
      section: 'apparel',
      segment: 'Bench',
      genre: `Genre ${n % 20}`,
      description: `Cotton kurta number ${n}, hand block-printed`,
      colour: 'Indigo',
      fabric: 'Cotton',
      occasion: 'Casual|Festive',
      mrp: '1999',
      price: String(999 + (n % 900)),
      partner: 'BENCH',
      seller: 'Bench seller',
      active: 'yes',
      photos: 'bench-1.webp',
    };
    for (const size of SIZES) {
      lines.push(
        CSV_COLUMNS.map((c) => (c === 'size' ? size : c === 'stock' ? String(n % 50) : (product[c] ?? ''))),
      );
    }
  }
  return formatCsv(lines);
}

const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-import-'));
const handle = connectPglite(await createPglite());
try {
  await migrate(handle.db);
  await handle.db
    .insertInto('sellers')
    .values({ name: 'Bench seller', city: 'Kolkata', gstin: null })
    .execute();
  await handle.db.insertInto('delivery_partners').values({ code: 'BENCH', name: 'Bench partner' }).execute();
  // an owner's original that every row names
  await mkdir(join(dataDir, 'images', 'originals'), { recursive: true });
  await writeFile(join(dataDir, 'images', 'originals', 'bench-1.webp'), '');
  const changes = new ChangeFeed();
  const inventory = new Inventory(handle.db, changes);
  const categories = new Categories(handle.db, changes);
  const catalogueCsv = new CatalogueCsv(handle.db, inventory, changes, dataDir, categories);
  const csv = Buffer.from(benchCsv(Math.ceil(rows / SIZES.length)));

  const dryStart = performance.now();
  const dry = await catalogueCsv.import(csv, false, 'bench');
  const dryMs = performance.now() - dryStart;
  if (dry.errors.length > 0) throw new Error(dry.errors.slice(0, 5).join('\n'));
  const start = performance.now();
  const applied = await catalogueCsv.import(csv, true, 'bench');
  const applyMs = performance.now() - start;
  console.log(
    `import of ${applied.rows} rows (${applied.products} products) on PGlite: dry run ${(dryMs / 1000).toFixed(1)} s, apply ${(applyMs / 1000).toFixed(1)} s`,
  );
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
