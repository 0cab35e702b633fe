import type {
  AdminSizeChart,
  SizeChart,
  SizeChartBody,
  SizeChartImportResponse,
  SizeChartKeys,
  SizeChartList,
} from '../../../contract/size-charts.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { InvalidFields, notFound } from '../../platform/errors.ts';
import { exportCharts, readChartFile } from './csv.ts';
import { compareSizes } from './sizes.ts';
import * as store from './store.ts';
import { type ChartLookups, validateChart } from './validate.ts';

export const NO_SUCH_CHART = 'No such size chart';

function toAdminChart(row: store.ChartRow): AdminSizeChart {
  return {
    userSegment: row.user_segment,
    genre: row.genre,
    seller: row.seller,
    measurements: row.measurements,
    rows: row.rows,
    howToMeasure: row.how_to_measure,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const genreKey = (userSegment: string, genre: string) => JSON.stringify([userSegment, genre]);

/** The product whose chart is asked for, as the catalogue reads it. */
export interface ChartedProduct {
  prod: string;
  user_segment: string;
  genre: string;
  seller_id: number;
}

/**
 * Size charts: staff and owners keep one per apparel genre and, where a seller's cut differs, one
 * per seller for the genre; a product page shows its seller's, else its genre's. Every change is recorded
 * in the audit log with who made it, and announced (the products it reaches) so that every instance's
 * product pages show it at once.
 */
export class SizeCharts {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  async list(): Promise<SizeChartList> {
    const [charts, sizes] = await Promise.all([store.allCharts(this.db), store.genreSizes(this.db)]);
    const genres = new Map<string, { userSegment: string; genre: string; sizes: string[] }>();
    for (const { userSegment, genre, size } of sizes) {
      const key = genreKey(userSegment, genre);
      const entry = genres.get(key) ?? { userSegment, genre, sizes: [] };
      entry.sizes.push(size);
      genres.set(key, entry);
    }
    for (const entry of genres.values()) entry.sizes.sort(compareSizes);
    return {
      charts: charts.map(toAdminChart),
      genres: [...genres.values()].sort(
        (a, b) => a.userSegment.localeCompare(b.userSegment) || a.genre.localeCompare(b.genre),
      ),
    };
  }

  /** The chart a product's page shows, or null; accessories have none. */
  async forProduct(db: Db, product: ChartedProduct): Promise<SizeChart | null> {
    if (product.prod !== 'apparel') return null;
    const row = await store.chartFor(db, product.user_segment, product.genre, product.seller_id);
    return row ? { measurements: row.measurements, rows: row.rows, howToMeasure: row.how_to_measure } : null;
  }

  /** Saves the chart over the one with its keys; 400 with every field's error, and nothing saved, when wrong. */
  async save(body: SizeChartBody, actor: string): Promise<AdminSizeChart> {
    const checked = validateChart(body, await this.lookups(body));
    if ('errors' in checked) throw new InvalidFields(checked.errors);
    const { chart } = checked;
    const saved = await this.db.transaction().execute(async (trx) => {
      await store.saveChart(trx, chart);
      await recordAudit(trx, audit(actor, 'size-chart.save', body.seller?.trim() || null, chart));
      return store.chartByKeys(trx, chart);
    });
    await this.announce([chart]);
    if (!saved) throw notFound(NO_SUCH_CHART);
    return toAdminChart(saved);
  }

  async remove(keys: SizeChartKeys, actor: string): Promise<void> {
    const seller = keys.seller?.trim() || null;
    const sellerId = seller === null ? null : (await store.sellerIds(this.db)).get(seller);
    if (sellerId === undefined) throw notFound(NO_SUCH_CHART);
    const chartKeys = { userSegment: keys.userSegment, genre: keys.genre, sellerId };
    await this.db.transaction().execute(async (trx) => {
      if (!(await store.deleteChart(trx, chartKeys))) throw notFound(NO_SUCH_CHART);
      await recordAudit(trx, audit(actor, 'size-chart.delete', seller, chartKeys));
    });
    await this.announce([chartKeys]);
  }

  /** Every chart as CSV (contract SIZE_CHART_CSV_COLUMNS); importing it back changes nothing. */
  async export(): Promise<string> {
    return exportCharts((await store.allCharts(this.db)).map(toAdminChart));
  }

  /**
   * Checks the file (the dry run); with `apply` and no errors, saves every chart in it in one transaction,
   * each over the one with its keys. Charts the file does not name stay as they are.
   */
  async import(csv: Buffer, apply: boolean, actor: string): Promise<SizeChartImportResponse> {
    const lookups = await this.lookups();
    const { rows, charts, errors } = await readChartFile(csv, lookups);
    const answer = { rows, charts: charts.length, errors, applied: false };
    if (!apply || errors.length > 0) return answer;
    await this.db.transaction().execute(async (trx) => {
      for (const chart of charts) await store.saveChart(trx, chart);
      const saved = charts.map(({ userSegment, genre, sellerId }) => ({ userSegment, genre, sellerId }));
      await recordAudit(trx, {
        actor,
        action: 'size-chart.import',
        subject: 'size-charts',
        details: { rows, charts: saved },
      });
    });
    await this.announce(charts);
    return { ...answer, applied: true };
  }

  /** The genre sizes and sellers a chart is checked against: the body's genre alone, or every genre. */
  private async lookups(only?: SizeChartBody): Promise<ChartLookups> {
    const genre = only && { userSegment: only.userSegment.trim(), genre: only.genre.trim() };
    const [sizes, sellers] = await Promise.all([store.genreSizes(this.db, genre), store.sellerIds(this.db)]);
    const byGenre = new Map<string, Set<string>>();
    for (const row of sizes) {
      const key = genreKey(row.userSegment, row.genre);
      byGenre.set(key, (byGenre.get(key) ?? new Set()).add(row.size));
    }
    return { sizesOf: (userSegment, genre) => byGenre.get(genreKey(userSegment, genre)), sellers };
  }

  /** After the change committed: the product pages the charts reach are read afresh, on every instance. */
  private async announce(charts: store.ChartKeys[]): Promise<void> {
    const ids = await Promise.all(charts.map((chart) => store.productsShowing(this.db, chart)));
    this.changes.announce({ productIds: [...new Set(ids.flat())] });
  }
}

const audit = (actor: string, action: string, seller: string | null, chart: store.ChartKeys) => ({
  actor,
  action,
  subject: `size-chart:${chart.userSegment}/${chart.genre}${seller ? `/${seller}` : ''}`,
  details: { ...chart, seller },
});
