import { useCallback } from 'react';
import type { Gstr8Response } from '../../../../../contract/gstr.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { formatAmount } from '../../lib/format.ts';
import { gstrFileName, toldAs } from './gstr.ts';

type Figures = Gstr8Response['totals'];

/** A row's figures in the table's order after the seller, each column with the portal's field. */
const FIGURES: [string, keyof Figures][] = [
  ['Supplies', 'supR'],
  ['Returns', 'retsupR'],
  ['Net', 'amt'],
  ['IGST', 'iamt'],
  ['CGST', 'camt'],
  ['SGST', 'samt'],
];

const FigureCells = ({ row }: { row: Figures }) =>
  FIGURES.map(([column, field]) => (
    <td key={field} data-label={column}>
      {formatAmount(row[field])}
    </td>
  ));

/**
 * The operator's GSTR-8 for the month: for each seller's GSTIN, the supplies made through the shop, the
 * returns, the net and the TCS collected on it (IGST across states, CGST and SGST within), with the totals.
 */
export function Gstr8Table({ period }: { period: string }) {
  const request = useCallback(
    (signal?: AbortSignal) =>
      api
        .get<Gstr8Response>(apiPaths.gstr8(period), { signal })
        .catch(
          toldAs(409, 'Add the shop’s GSTIN in Settings: the TCS the shop collects is returned under it.'),
        ),
    [period],
  );
  const { state, retry } = useLoad(request, 'Loading the GSTR-8 failed');

  return (
    <section aria-labelledby="gstr8-title" className="admin-books-section">
      <h2 id="gstr8-title">GSTR-8, the TCS the shop collected</h2>
      <Loading state={state} onRetry={retry}>
        {(gstr8) => (
          <>
            {gstr8.tcs.length === 0 ? (
              <p className="admin-empty">No seller issued an invoice or credit note this month.</p>
            ) : (
              <AdminTable
                className="admin-books-gstr8"
                caption={`TCS at 0.5% of each seller’s net taxable value, GSTIN ${gstr8.gstin}`}
                columns={['Seller GSTIN', 'Seller', ...FIGURES.map(([column]) => column)]}
              >
                {gstr8.tcs.map((row) => (
                  <tr key={row.stin}>
                    <td data-label="Seller GSTIN">{row.stin}</td>
                    <td data-label="Seller">{row.name}</td>
                    <FigureCells row={row} />
                  </tr>
                ))}
                <tr className="admin-books-totals">
                  <th scope="row" colSpan={2}>
                    Totals
                  </th>
                  <FigureCells row={gstr8.totals} />
                </tr>
              </AdminTable>
            )}
            <p>
              <a
                className="button"
                href={apiPaths.gstr8(period)}
                download={gstrFileName('GSTR8', gstr8.gstin, gstr8.fp)}
              >
                GSTR-8 JSON
              </a>
            </p>
          </>
        )}
      </Loading>
    </section>
  );
}
