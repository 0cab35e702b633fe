import { formatCsv } from '../../../contract/csv.ts';
import {
  CSV_COLUMNS,
  EDITABLE_FEATURES,
  type ImportResponse,
  PARCEL_CSV_COLUMNS,
  PARCEL_FIELDS,
  type ProductBody,
} from '../../../contract/products.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { type CsvRecord, lineError, readCsv } from '../../platform/csv.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { checkUploadedPhoto } from '../../platform/images/render.ts';
import {
  newProductOriginalName,
  productOriginalExists,
  storeProductOriginal,
} from '../../platform/images/service.ts';
import { Turns } from '../../platform/turns.ts';
import type { Categories } from '../categories/service.ts';
import type { Inventory } from '../inventory/service.ts';
import { toAdminProduct } from './service.ts';
import * as store from './store.ts';
import { isValid, type Lookups, sellerInactive, type ValidProduct, validateProduct } from './validate.ts';

/** How many of an import's skus are looked up in one query. */
const SKU_BATCH = 1_000;

type Column = (typeof CSV_COLUMNS)[number];
type Row = Record<Column, string>;
/** Columns a file may leave out (added after files were written without them): the products keep theirs. */
const OPTIONAL_COLUMNS = new Set<string>(Object.values(PARCEL_CSV_COLUMNS));
const LIST = '|';
const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** The columns one row per size repeats: a product's rows must agree on them. */
const PRODUCT_COLUMNS = CSV_COLUMNS.filter((c) => c !== 'size' && c !== 'stock');

/** The API's field names as the CSV's column headers, for the errors' `column <header>`. */
const COLUMN_OF: Record<string, Column> = {
  name: 'name',
  prod: 'section',
  userSegment: 'segment',
  genre: 'genre',
  description: 'description',
  color: 'colour',
  mrp: 'mrp',
  price: 'price',
  partner: 'partner',
  seller: 'seller',
  hsnCode: 'hsn',
  sizes: 'size',
  photos: 'photos',
  ...Object.fromEntries(EDITABLE_FEATURES.map((f) => [`features.${f}`, f])),
  ...PARCEL_CSV_COLUMNS,
};

/** A parcel column's text as the API's value: empty is null, a column the file lacks is left out (kept). */
const parcelValue = (text: string | undefined) =>
  text === undefined ? undefined : text === '' ? null : /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;

const list = (text: string) => (text === '' ? [] : text.split(LIST).map((v) => v.trim()));

/** One product's rows, and what they say. */
interface Group {
  sku: string;
  rows: { line: number; row: Row }[];
}

interface Plan {
  sku: string;
  line: number;
  existing: store.ProductRow | undefined;
  childKey: string;
  active: boolean;
  valid: ValidProduct;
}

/** An import's findings: every error by line and column, and what applying would do. */
class Report {
  readonly errors: string[] = [];
  add(line: number, column: string, message: string): void {
    this.errors.push(lineError(line, column, message));
  }
}

/**
 * The catalogue as a CSV, one row per size (its import's errors read `line <n>, column <header>: ...`).
 * Export then import changes nothing. Import checks every row first (the dry run) and applies all or
 * nothing, in one of Inventory's transactions.
 */
export class CatalogueCsv {
  constructor(
    private readonly db: Db,
    private readonly inventory: Inventory,
    private readonly changes: ChangeFeed,
    private readonly dataDir: string,
    /** the owner's tree: one-size genres leave `size` empty; a new pair is added to it */
    private readonly categories: Pick<Categories, 'placer' | 'add'>,
  ) {}

  async export(): Promise<string> {
    const products = await store.allProducts(this.db);
    const sizes = await store.sizesOf(
      this.db,
      products.map((p) => p.id),
    );
    const rows: string[][] = [[...CSV_COLUMNS]];
    for (const row of products) {
      const p = toAdminProduct(row, sizes);
      const fixed: Record<Column, string> = {
        sku: p.sku,
        design: p.childKey,
        name: p.name,
        section: p.prod,
        segment: p.userSegment,
        genre: p.genre,
        description: p.description,
        colour: p.color,
        ...(Object.fromEntries(EDITABLE_FEATURES.map((f) => [f, (p.features[f] ?? []).join(LIST)])) as Record<
          (typeof EDITABLE_FEATURES)[number],
          string
        >),
        mrp: String(p.mrp),
        price: String(p.price),
        partner: p.partner,
        seller: p.seller,
        hsn: p.hsnCode ?? '',
        ...(Object.fromEntries(
          PARCEL_FIELDS.map((f) => [PARCEL_CSV_COLUMNS[f], p[f] === null ? '' : String(p[f])]),
        ) as Record<(typeof PARCEL_CSV_COLUMNS)[keyof typeof PARCEL_CSV_COLUMNS], string>),
        active: p.active ? 'yes' : 'no',
        photos: p.photos.join(LIST),
        size: '',
        stock: '',
      };
      for (const size of p.sizes) {
        rows.push(
          CSV_COLUMNS.map((c) => (c === 'size' ? size.size : c === 'stock' ? String(size.stock) : fixed[c])),
        );
      }
    }
    return formatCsv(rows);
  }

  /**
   * Checks the file; with `apply` and no errors, makes every change in one transaction. `zip` holds the
   * photos the rows may name by file name instead of naming uploaded ones. A file of 50,000 rows is read
   * and checked in slices, so that the shop's other requests are answered meanwhile (Turns).
   */
  async import(
    csv: Buffer,
    apply: boolean,
    actor: string,
    zip: ReadonlyMap<string, Buffer> = new Map(),
  ): Promise<ImportResponse> {
    const report = new Report();
    const turns = new Turns();
    const groups = await this.read(csv, report, turns);
    const rows = groups.reduce((sum, g) => sum + g.rows.length, 0);
    const fromZip = await this.takeZipPhotos(groups, zip, report, turns);
    const plans = await this.plan(groups, report, fromZip.names, turns);
    const answer = { rows, products: groups.length, errors: report.errors, applied: false };
    if (!apply || report.errors.length > 0) return answer;
    // written before the transaction: should it fail, the photos are unused files, never missing ones
    for (const [file, data] of fromZip.photos) await storeProductOriginal(this.dataDir, data, file);
    await this.inventory.transaction(async (trx) => {
      // the live rows' sellers held against deactivation, as a product's save holds its seller
      const live = plans.filter((plan) => plan.active).map((plan) => plan.valid.columns.seller_id);
      const [inactive] = await store.inactiveSellers(trx, live);
      if (inactive !== undefined) throw conflict(`${sellerInactive(inactive)}: check the file again`);
      const created: string[] = [];
      const updated: string[] = [];
      for (const plan of plans) {
        await this.applyPlan(trx, plan);
        (plan.existing ? updated : created).push(plan.sku);
      }
      // pairs the tree lacks at its end, in the file's order
      const apparel = plans.map((plan) => plan.valid.columns).filter((c) => c.prod === 'apparel');
      await this.categories.add(
        trx,
        apparel.map((c) => ({ userSegment: c.user_segment, genre: c.genre })),
      );
      await recordAudit(trx, {
        actor,
        action: 'catalogue.import',
        subject: 'catalogue',
        details: { rows, created, updated },
      });
    });
    this.changes.announce({ everything: true });
    return { ...answer, applied: true };
  }

  /** The records as rows grouped by sku, in the file's order; a bad header or a row's shape is reported. */
  private async read(csv: Buffer, report: Report, turns: Turns): Promise<Group[]> {
    let records: CsvRecord[];
    try {
      records = await readCsv(csv, turns);
    } catch (error) {
      report.errors.push(`${(error as Error).message}`);
      return [];
    }
    const [header, ...data] = records;
    if (!header) {
      report.add(1, CSV_COLUMNS[0], 'the file is empty: the first line names the columns');
      return [];
    }
    const names = header.fields.map((h) => h.trim());
    for (const [i, name] of names.entries()) {
      if (!(CSV_COLUMNS as readonly string[]).includes(name))
        report.add(1, name || `#${i + 1}`, 'not a column of the catalogue');
    }
    for (const column of CSV_COLUMNS) {
      if (!names.includes(column) && !OPTIONAL_COLUMNS.has(column)) report.add(1, column, 'missing');
    }
    if (report.errors.length > 0) return [];
    const groups = new Map<string, Group>();
    for (const record of data) {
      await turns.take();
      if (record.fields.length !== names.length) {
        report.add(
          record.line,
          names[Math.min(record.fields.length, names.length - 1)] ?? 'sku',
          `has ${record.fields.length} fields, the header ${names.length}`,
        );
        continue;
      }
      const row = {} as Row;
      for (const [i, name] of names.entries()) row[name as Column] = record.fields[i]?.trim() ?? '';
      if (!SKU.test(row.sku)) {
        report.add(record.line, 'sku', 'letters, digits, ".", "-" or "_", up to 40');
        continue;
      }
      const group = groups.get(row.sku) ?? { sku: row.sku, rows: [] };
      group.rows.push({ line: record.line, row });
      groups.set(row.sku, group);
    }
    return [...groups.values()];
  }

  /**
   * The zip's photos the rows name, checked by content and renamed in the rows to the names they will be
   * stored under when the import applies; answers those names (a photo refused here is reported once,
   * not again as unknown) and the good photos' bytes by name.
   */
  private async takeZipPhotos(
    groups: Group[],
    zip: ReadonlyMap<string, Buffer>,
    report: Report,
    turns: Turns,
  ): Promise<{ names: Set<string>; photos: Map<string, Buffer> }> {
    const renamed = new Map<string, string>();
    const photos = new Map<string, Buffer>();
    for (const { line, row } of groups.flatMap((g) => g.rows)) {
      await turns.take();
      const names = list(row.photos);
      if (!names.some((name) => zip.has(name))) continue;
      for (const name of names) {
        const data = zip.get(name);
        if (data === undefined || renamed.has(name)) continue;
        const file = newProductOriginalName();
        renamed.set(name, file);
        try {
          await checkUploadedPhoto(data);
          photos.set(file, data);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          report.add(line, 'photos', `"${name.slice(0, 80)}" in the zip: ${error.message}`);
        }
      }
      row.photos = names.map((name) => renamed.get(name) ?? name).join(LIST);
    }
    return { names: new Set(renamed.values()), photos };
  }

  private async plan(groups: Group[], report: Report, fromZip: Set<string>, turns: Turns): Promise<Plan[]> {
    // by batches: one query for 50,000 skus is built and its answer parsed on the shop's thread at once
    const existing = new Map<string, store.ProductRow>();
    for (let at = 0; at < groups.length; at += SKU_BATCH) {
      const skus = groups.slice(at, at + SKU_BATCH).map((g) => g.sku);
      for (const [sku, row] of await store.productsBySku(this.db, skus)) existing.set(sku, row);
      await turns.take();
    }
    const [sellers, partners, place] = await Promise.all([
      store.sellersByName(this.db),
      store.partnerIds(this.db),
      this.categories.placer(),
    ]);
    const uploaded = await this.uploadedPhotos(groups, existing, fromZip, turns);
    const plans: Plan[] = [];
    for (const group of groups) {
      await turns.take();
      const product = existing.get(group.sku);
      const own = new Set(product?.photos ?? []);
      const photoKnown = (n: string) => own.has(n) || uploaded.has(n);
      const lookups: Lookups = { sellers, partners, photoKnown, place };
      const plan = this.planGroup(group, product, lookups, report);
      if (plan) plans.push(plan);
    }
    return plans;
  }

  /** Photos named in the file that are on their way from the zip, or were uploaded: looked up once. */
  private async uploadedPhotos(
    groups: Group[],
    existing: Map<string, store.ProductRow>,
    fromZip: Set<string>,
    turns: Turns,
  ): Promise<Set<string>> {
    const named = new Set<string>();
    for (const group of groups) {
      await turns.take();
      const own = new Set(existing.get(group.sku)?.photos ?? []);
      for (const name of list(group.rows[0]?.row.photos ?? '')) if (!own.has(name)) named.add(name);
    }
    const found = new Set(fromZip);
    for (const name of named) {
      if (!found.has(name) && (await productOriginalExists(this.dataDir, name))) found.add(name);
    }
    return found;
  }

  private planGroup(
    group: Group,
    existing: store.ProductRow | undefined,
    lookups: Lookups,
    report: Report,
  ): Plan | undefined {
    const [first, ...rest] = group.rows;
    if (!first) return undefined;
    const before = report.errors.length;
    for (const { line, row } of rest) {
      for (const column of PRODUCT_COLUMNS) {
        if (row[column] !== first.row[column])
          report.add(line, column, `differs from line ${first.line}, the same sku`);
      }
    }
    const r = first.row;
    const sizes = group.rows.map(({ line, row }) => ({
      size: row.size,
      stock: this.number(row.stock, line, 'stock', report),
    }));
    const body: ProductBody = {
      name: r.name,
      prod: r.section,
      userSegment: r.segment,
      genre: r.genre,
      description: r.description,
      color: r.colour,
      features: Object.fromEntries(EDITABLE_FEATURES.map((f) => [f, list(r[f])])),
      mrp: this.number(r.mrp, first.line, 'mrp', report),
      price: this.number(r.price, first.line, 'price', report),
      partner: r.partner,
      seller: r.seller,
      hsnCode: r.hsn,
      sizes,
      photos: list(r.photos),
      ...Object.fromEntries(PARCEL_FIELDS.map((f) => [f, parcelValue(r[PARCEL_CSV_COLUMNS[f]])])),
    };
    if (r.active !== 'yes' && r.active !== 'no') report.add(first.line, 'active', 'yes or no');
    const result = validateProduct(body, lookups, r.active === 'yes');
    if (!isValid(result)) {
      for (const [field, message] of Object.entries(result))
        report.add(first.line, COLUMN_OF[field] ?? field, message);
      return undefined;
    }
    if (report.errors.length > before) return undefined;
    const childKey = r.design || existing?.child_key || group.sku.toLowerCase();
    return {
      sku: group.sku,
      line: first.line,
      existing,
      childKey,
      active: r.active === 'yes',
      valid: result,
    };
  }

  /** A whole number of 0 or more, or NaN (which no other check reports again) with an error reported. */
  private number(text: string, line: number, column: Column, report: Report): number {
    if (/^[0-9]{1,9}$/.test(text)) return Number(text);
    report.add(line, column, 'a whole number, 0 or more');
    return Number.NaN;
  }

  private async applyPlan(trx: Db, plan: Plan): Promise<void> {
    // a row made live is the owner's decision: the product no longer waits for its seller
    const paused = plan.active ? { paused_with_seller: false } : {};
    const columns = { ...plan.valid.columns, child_key: plan.childKey, active: plan.active, ...paused };
    if (plan.existing) await store.updateProduct(trx, plan.existing.id, columns);
    const id =
      plan.existing?.id ?? (await store.insertProduct(trx, { ...columns, specs: '{}', sku: plan.sku }));
    await this.inventory.setSizes(trx, id, plan.valid.sizes);
  }
}
