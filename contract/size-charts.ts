import { type Static, Type } from 'typebox';
import { ErrorResponse } from './errors.ts';
import { MAX_CHART_ROWS, MAX_HOW_TO_MEASURE, MEASUREMENT_CODES } from './size-charts-constants.ts';

/**
 * Size charts (decision 044): per apparel genre (segment and genre), and
 * per seller for that genre (the seller's own cut wins), a table of the genre's sizes against body
 * measurements in centimetres, with a short "how to measure" text. Staff and owners keep them; the
 * product's answer carries the one that applies to it.
 */

export {
  inchesOf,
  MAX_CHART_ROWS,
  MAX_CM,
  MAX_HOW_TO_MEASURE,
  MEASUREMENT_CODES,
  MEASUREMENTS,
  type Measurement,
} from './size-charts-constants.ts';

const Text = (maxLength: number) => Type.String({ maxLength });
// the schema bounds what is read; the service says in words what a chart may hold (MAX_CHART_ROWS, ...)
const READ_AT_MOST = 100;

export const SizeChartRow = Type.Object(
  {
    /** one of the genre's sizes (a size some product of the genre has) */
    size: Text(20),
    /** centimetres, one per measurement in the chart's order; at most one decimal place */
    values: Type.Array(Type.Number(), { maxItems: READ_AT_MOST }),
  },
  { additionalProperties: false },
);
export type SizeChartRow = Static<typeof SizeChartRow>;

/** What a product's answer carries (`sizeChart`, or null when neither its seller nor its genre has one). */
export const SizeChart = Type.Object({
  /** measurement codes (MEASUREMENTS), in the chart's column order */
  measurements: Type.Array(Type.String()),
  /** the sizes it covers (any of the genre's), in size order */
  rows: Type.Array(Type.Object({ size: Type.String(), values: Type.Array(Type.Number()) })),
  howToMeasure: Type.String(),
});
export type SizeChart = Static<typeof SizeChart>;

/**
 * PUT /admin/api/size-charts: the whole chart of a genre, or of a seller for that genre (`seller`, a seller's
 * name as products name it; absent or null: the genre's own). It replaces the chart with the same keys.
 * Field errors answer 400 `{error, fields}` (`rows.2.values`, `measurements.1`, ...) and nothing is saved.
 */
export const SizeChartBody = Type.Object(
  {
    userSegment: Text(60),
    genre: Text(60),
    seller: Type.Optional(Type.Union([Text(200), Type.Null()])),
    measurements: Type.Array(Text(30), { maxItems: READ_AT_MOST }),
    rows: Type.Array(SizeChartRow, { maxItems: READ_AT_MOST }),
    howToMeasure: Text(MAX_HOW_TO_MEASURE),
  },
  {
    additionalProperties: false,
    description: `A genre's size chart, or a seller's for that genre: measurements are codes (${MEASUREMENT_CODES.join(', ')}), rows at most ${MAX_CHART_ROWS} of the genre's sizes, values in centimetres. DELETE /admin/api/size-charts?userSegment=&genre=&seller= removes one.`,
  },
);
export type SizeChartBody = Static<typeof SizeChartBody>;

export const AdminSizeChart = Type.Object({
  userSegment: Type.String(),
  genre: Type.String(),
  /** the seller's name; null: the genre's own chart */
  seller: Type.Union([Type.String(), Type.Null()]),
  ...SizeChart.properties,
  updatedAt: Type.String({ format: 'date-time' }),
});
export type AdminSizeChart = Static<typeof AdminSizeChart>;

/** GET /admin/api/size-charts: every chart, and every apparel genre with the sizes a chart of it may list. */
export const SizeChartList = Type.Object({
  charts: Type.Array(AdminSizeChart),
  genres: Type.Array(
    Type.Object({ userSegment: Type.String(), genre: Type.String(), sizes: Type.Array(Type.String()) }),
  ),
});
export type SizeChartList = Static<typeof SizeChartList>;

/** DELETE /admin/api/size-charts?userSegment=&genre=&seller=: the chart with these keys (seller absent: the genre's). */
export const SizeChartKeys = Type.Object(
  { userSegment: Text(60), genre: Text(60), seller: Type.Optional(Text(200)) },
  { additionalProperties: false },
);
export type SizeChartKeys = Static<typeof SizeChartKeys>;

/** The CSV's columns, in order: one row per size of a chart; measurements and centimetres joined by "|". */
export const SIZE_CHART_CSV_COLUMNS = [
  'segment',
  'genre',
  'seller',
  'measurements',
  'size',
  'cm',
  'howToMeasure',
] as const;

/** POST /admin/api/size-charts/import?mode=dry-run|apply: a chart in the file replaces the one with its keys. */
export const SizeChartImportResponse = Type.Object({
  /** data rows read (one per size) */
  rows: Type.Integer(),
  /** charts the rows replace or create */
  charts: Type.Integer(),
  /** `line <n>, column <header>: <message>`; line 1 is the header row */
  errors: Type.Array(Type.String()),
  applied: Type.Boolean(),
});
export type SizeChartImportResponse = Static<typeof SizeChartImportResponse>;

export const SizeChartImportRefused = Type.Union([
  Type.Object({ error: Type.String(), ...SizeChartImportResponse.properties }),
  ErrorResponse,
]);

/** GET /admin/api/size-charts/export: every chart as CSV. */
export const SizeChartCsvAnswer = {
  description: 'every size chart as CSV (SIZE_CHART_CSV_COLUMNS), one row per size',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;
