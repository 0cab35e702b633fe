import {
  MAX_CHART_ROWS,
  MAX_CM,
  MAX_HOW_TO_MEASURE,
  MEASUREMENT_CODES,
  MEASUREMENTS,
  type SizeChartBody,
} from '../../../contract/size-charts.ts';
import type { FieldErrors } from '../../platform/errors.ts';
import { compareSizes } from './sizes.ts';
import type { ChartColumns } from './store.ts';

/** What checking a chart needs besides the body: the genre's sizes and the sellers the shop has. */
export interface ChartLookups {
  /** undefined: no apparel product is of this segment and genre */
  sizesOf: (userSegment: string, genre: string) => ReadonlySet<string> | undefined;
  sellers: ReadonlyMap<string, number>;
}

const KNOWN = new Set<string>(MEASUREMENT_CODES);
// one decimal place at most: a tape reads to the millimetre
const TENTHS = (cm: number) => Math.abs(cm * 10 - Math.round(cm * 10)) < 1e-9;
const CM_RULE = `Centimetres above 0 and at most ${MAX_CM}, to one decimal place at most`;

function checkMeasurements(measurements: string[], errors: FieldErrors): string[] {
  const codes = measurements.map((m) => m.trim());
  if (codes.length === 0) errors.measurements = 'Add at least one measurement';
  for (const [i, code] of codes.entries()) {
    if (!KNOWN.has(code))
      errors[`measurements.${i}`] =
        `"${code.slice(0, 30)}" is not a measurement a chart has: ${MEASUREMENT_CODES.join(', ')}`;
    else if (codes.indexOf(code) !== i)
      errors[`measurements.${i}`] = `${MEASUREMENTS[code as keyof typeof MEASUREMENTS]} is there already`;
  }
  return codes;
}

function checkRows(
  body: SizeChartBody,
  columns: number,
  sizes: ReadonlySet<string> | undefined,
  errors: FieldErrors,
): ChartColumns['rows'] {
  const rows = body.rows.map(({ size, values }) => ({ size: size.trim(), values }));
  if (rows.length === 0) errors.rows = 'Add at least one size';
  else if (rows.length > MAX_CHART_ROWS) errors.rows = `At most ${MAX_CHART_ROWS} sizes`;
  const seen = new Set<string>();
  for (const [i, { size, values }] of rows.entries()) {
    if (size === '') errors[`rows.${i}.size`] = 'Required';
    else if (seen.has(size)) errors[`rows.${i}.size`] = `${size} is there already`;
    else if (sizes && !sizes.has(size))
      errors[`rows.${i}.size`] =
        `No ${body.userSegment.trim()} ${body.genre.trim()} comes in ${size.slice(0, 20)}`;
    seen.add(size);
    if (values.length !== columns)
      errors[`rows.${i}.values`] = `Give ${columns} values, one for each measurement`;
    else if (!values.every((cm) => Number.isFinite(cm) && cm > 0 && cm <= MAX_CM && TENTHS(cm)))
      errors[`rows.${i}.values`] = CM_RULE;
  }
  return rows.sort((a, b) => compareSizes(a.size, b.size));
}

/**
 * The chart as columns (its rows in size order), or every field's error at once: the genre must be one the
 * shop's clothes are of, each size one of the genre's, each value a length in centimetres.
 */
export function validateChart(
  body: SizeChartBody,
  lookups: ChartLookups,
): { chart: ChartColumns } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const userSegment = body.userSegment.trim();
  const genre = body.genre.trim();
  if (userSegment === '') errors.userSegment = 'Required';
  if (genre === '') errors.genre = 'Required';
  const sizes = lookups.sizesOf(userSegment, genre);
  if (userSegment !== '' && genre !== '' && !sizes)
    errors.genre = `No clothes in ${userSegment.slice(0, 60)} ${genre.slice(0, 60)}`;
  const seller = body.seller?.trim() || null;
  const sellerId = seller === null ? null : lookups.sellers.get(seller);
  if (sellerId === undefined) errors.seller = `No seller is named "${seller?.slice(0, 60)}"`;
  const measurements = checkMeasurements(body.measurements, errors);
  const rows = checkRows(body, measurements.length, sizes, errors);
  const howToMeasure = body.howToMeasure.trim();
  if (howToMeasure.length > MAX_HOW_TO_MEASURE)
    errors.howToMeasure = `At most ${MAX_HOW_TO_MEASURE} characters`;
  if (Object.keys(errors).length > 0 || sellerId === undefined) return { errors };
  return { chart: { userSegment, genre, sellerId, measurements, rows, howToMeasure } };
}
