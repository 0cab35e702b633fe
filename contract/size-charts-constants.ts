/**
 * Size charts (decision 044): the measurements a chart may have, the words
 * shoppers and staff read for them, and the bounds of a chart, stated once for the server and both web apps.
 * Plain values apart from the schemas, so the web apps import them without TypeBox.
 */

/** a body measurement's code (what the API takes) and its name on the chart */
export const MEASUREMENTS = {
  bust: 'Bust',
  chest: 'Chest',
  underbust: 'Under bust',
  waist: 'Waist',
  hip: 'Hip',
  shoulder: 'Shoulder',
  sleeve: 'Sleeve length',
  armhole: 'Armhole',
  neck: 'Neck',
  length: 'Length',
  inseam: 'Inseam',
  thigh: 'Thigh',
  rise: 'Rise',
} as const;
export type Measurement = keyof typeof MEASUREMENTS;
export const MEASUREMENT_CODES = Object.keys(MEASUREMENTS) as Measurement[];

export const MAX_CHART_ROWS = 30;
/** centimetres: more than any garment's measurement, so a value above it is a typing mistake */
export const MAX_CM = 300;
export const MAX_HOW_TO_MEASURE = 2000;

const CM_PER_INCH = 2.54;

/** A centimetre value in inches, to one decimal place, as the charts show it beside the centimetres. */
export function inchesOf(cm: number): number {
  return Math.round((cm / CM_PER_INCH) * 10) / 10;
}
