import { useState } from 'react';
import type { SizeChart } from '../../../../../contract/size-charts.ts';
import { inchesOf, MEASUREMENTS } from '../../../../../contract/size-charts-constants.ts';
import { Modal } from '../../../../shared/components/Modal.tsx';
import './size-chart.css';

const nameOf = (code: string) => MEASUREMENTS[code as keyof typeof MEASUREMENTS] ?? code;

/**
 * SIZE CHART beside SELECT SIZE: opens the product's chart in a modal dialog (focus kept inside, Escape
 * and Close shut it, focus back on the button). The table scrolls sideways inside the dialog on a narrow
 * screen, never the page.
 */
export function SizeChartLink({ chart }: { chart: SizeChart }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="size-chart-link" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        SIZE CHART
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Size chart" className="size-chart-dialog">
        <p className="size-chart-note">Body measurements in centimetres, inches beside them.</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region is reached by keyboard to scroll it */}
        <section className="size-chart-scroll" tabIndex={0} aria-label="Size chart table">
          <table className="size-chart-table">
            <thead>
              <tr>
                <th scope="col">Size</th>
                {chart.measurements.map((code) => (
                  <th key={code} scope="col">
                    {nameOf(code)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map(({ size, values }) => (
                <tr key={size}>
                  <th scope="row">{size}</th>
                  {values.map((cm, i) => (
                    <td key={chart.measurements[i] ?? i}>
                      {cm} cm <span className="size-chart-inches">({inchesOf(cm)} in)</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {chart.howToMeasure && (
          <>
            <h3 className="size-chart-how">How to measure</h3>
            <p className="size-chart-text">{chart.howToMeasure}</p>
          </>
        )}
      </Modal>
    </>
  );
}
