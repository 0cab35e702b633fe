import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * The one chart of the Reports screen, drawn by uPlot (decision 070, web-reports: the smallest of the
 * well-kept libraries, 22 kB gzipped, loaded only with this screen). A canvas says nothing to a screen
 * reader: the chart is an image named for what it shows, and every chart has its table view beside it.
 */

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

interface Props {
  /** a line over days, or bars over named things (products, reasons) */
  kind: 'line' | 'bars';
  /** what each point or bar stands for, in order: its label on the axis */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** the values are rupees */
  money: boolean;
  /** what the chart shows, for screen readers */
  description: string;
}

const HEIGHT = 260;
// long names on the bars' axis are cut, the whole name is in the table view
const LABEL_CHARS = 16;

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

const shortened = (label: string) =>
  label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1).trimEnd()}…` : label;

/** The page's own colours (custom properties --series-0, --series-1, ...; ink and lines), for the canvas. */
function colours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return { ink: read('--ink-soft'), line: read('--line'), series: (i: number) => read(`--series-${i}`) };
}

function options(
  { kind, labels, series, money }: Omit<Props, 'description'>,
  width: number,
  element: HTMLElement,
): uPlot.Options {
  const colour = colours(element);
  const bars = kind === 'bars';
  const last = Math.max(labels.length - 1, 1);
  const axis = { stroke: colour.ink, font: '12px system-ui, sans-serif', ticks: { stroke: colour.line } };
  return {
    width,
    height: HEIGHT,
    // the table view is the legend's and the tooltip's place; no zooming by dragging
    legend: { show: false },
    cursor: { show: false, drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: bars ? [-0.5, labels.length - 0.5] : [0, last] },
      // from zero (or below, for a day that refunded more than it sold), with room above the highest
      y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        ...axis,
        grid: { show: false },
        // whole positions only: one per day or bar, thinned out where they would crowd
        incrs: [1, 2, 3, 5, 7, 14, 30, 60, 90],
        space: bars ? 18 : 48,
        // a bar's name ends under it, slanting down to the left: the last one is not cut at the right edge
        rotate: bars ? 45 : 0,
        size: bars ? 100 : 40,
        values: (_u, splits) => splits.map((i) => shortened(labels[i] ?? '')),
      },
      {
        ...axis,
        grid: { stroke: colour.line, width: 1 },
        size: 56,
        values: (_u, splits) => splits.map((v) => `${money ? '₹' : ''}${compact.format(v)}`),
      },
    ],
    series: [
      {},
      ...series.map((one, i) => ({
        label: one.label,
        stroke: colour.series(i),
        width: 2,
        // the second line is dashed, so the two tell apart without colour
        ...(i > 0 && !bars ? { dash: [6, 4] } : {}),
        ...(bars
          ? {
              fill: colour.series(i),
              paths: uPlot.paths.bars?.({ size: [0.7, 64] }),
              points: { show: false },
            }
          : { points: { show: labels.length <= 31, size: 5 } }),
      })),
    ],
  };
}

/** Drawn anew when its figures change: the parent keeps `labels` and `series` the same between renders. */
export function ReportChart({ kind, labels, series, money, description }: Props) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((one) => [...one.values])];
    const drawn = options({ kind, labels, series, money }, element.clientWidth, element);
    const chart = new uPlot(drawn, data, element);
    // as wide as its column, whatever the window: redrawn when that changes
    const resized = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [kind, labels, series, money]);

  return <div ref={box} className="admin-report-chart" role="img" aria-label={description} />;
}
