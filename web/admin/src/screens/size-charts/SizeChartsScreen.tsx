import { useCallback, useState } from 'react';
import type { CatalogueChoices } from '../../../../../contract/products.ts';
import type {
  AdminSizeChart,
  SizeChartImportResponse,
  SizeChartList,
} from '../../../../../contract/size-charts.ts';
import { MEASUREMENTS, type Measurement } from '../../../../../contract/size-charts-constants.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CsvImport } from '../../components/CsvImport.tsx';
import { Loading } from '../../components/Loading.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { plural } from '../../lib/format.ts';
import { SizeChartForm } from './SizeChartForm.tsx';

/** The chart's name as the list and its buttons say it: "Women Kurti", "Women Kurti, Tant Ghar". */
export const chartName = (chart: Pick<AdminSizeChart, 'userSegment' | 'genre' | 'seller'>) =>
  `${chart.userSegment} ${chart.genre}${chart.seller ? `, ${chart.seller}` : ''}`;

const measurementNames = (codes: string[]) =>
  codes.map((code) => MEASUREMENTS[code as Measurement] ?? code).join(', ');

/**
 * Size charts: one per genre, and a seller's own for a genre where its cut differs (product pages show
 * the seller's first). Staff and owners add, edit and delete them, and export or import them as CSV.
 */
export function SizeChartsScreen() {
  usePageTitle('Size charts');
  const request = useCallback(async (signal?: AbortSignal) => {
    const [list, choices] = await Promise.all([
      api.get<SizeChartList>(apiPaths.sizeCharts(), { signal }),
      api.get<CatalogueChoices>(apiPaths.choices(), { signal }),
    ]);
    return { ...list, sellers: choices.sellers };
  }, []);
  const { state, retry, reload } = useLoad(request, 'Loading the size charts failed');
  const [editing, setEditing] = useState<AdminSizeChart | undefined>();
  const [deleting, setDeleting] = useState<AdminSizeChart | undefined>();

  const remove = async (chart: AdminSizeChart) => {
    try {
      await api.delete(apiPaths.sizeChart(chart));
      showAlert(`Deleted: size chart of ${chartName(chart)}`);
    } catch (error) {
      alertFailure(error, 'Deleting a size chart failed');
    }
    reload();
  };

  return (
    <>
      <h1 className="admin-title">Size charts</h1>
      <div className="admin-actions">
        <a className="button" href={apiPaths.sizeChartsExport()} download="size-charts.csv">
          Export CSV
        </a>
      </div>
      <Loading state={state} onRetry={retry}>
        {({ charts, genres, sellers }) => (
          <>
            {charts.length === 0 ? (
              <p className="admin-empty">No size charts yet: add the first below.</p>
            ) : (
              <AdminTable
                caption="Product pages show their seller's chart for the genre, else the genre's"
                columns={['Genre', 'Seller', 'Sizes', 'Measurements', 'Actions']}
              >
                {charts.map((chart) => (
                  <tr key={chartName(chart)}>
                    <td data-label="Genre">{`${chart.userSegment} ${chart.genre}`}</td>
                    <td data-label="Seller">{chart.seller ?? 'Every seller'}</td>
                    <td data-label="Sizes">{chart.rows.map((row) => row.size).join(', ')}</td>
                    <td data-label="Measurements">{measurementNames(chart.measurements)}</td>
                    <td data-label="Actions">
                      <div className="admin-actions">
                        <RowAction action="Edit" what={chartName(chart)} onClick={() => setEditing(chart)} />
                        <RowAction
                          action="Delete"
                          what={chartName(chart)}
                          onClick={() => setDeleting(chart)}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
            <SizeChartForm
              // a new form for each chart edited, so no cell of the last one stays
              key={editing ? chartName(editing) : 'new'}
              chart={editing}
              genres={genres}
              sellers={sellers}
              onDone={() => setEditing(undefined)}
              onSaved={(chart) => {
                showAlert(`Saved: size chart of ${chartName(chart)}`);
                setEditing(undefined);
                reload();
              }}
            />
          </>
        )}
      </Loading>
      <CsvImport<SizeChartImportResponse>
        path={apiPaths.sizeChartsImport}
        summary={(report) =>
          `${plural(report.rows, 'row', 'rows')} for ${plural(report.charts, 'chart', 'charts')}`
        }
        applied={(report) => `Imported: ${plural(report.charts, 'chart', 'charts')}`}
        help="The columns of “Export CSV”, one row per size; measurements and centimetres separated by “|”. A chart in the file replaces the one of its genre and seller."
        logged="Importing size charts failed"
        onApplied={reload}
      />
      {deleting && (
        <ConfirmDialog
          title={`Delete the size chart of ${chartName(deleting)}`}
          confirm="Delete"
          onClose={() => setDeleting(undefined)}
          onConfirm={() => remove(deleting)}
        >
          <p>
            {deleting.seller
              ? `${deleting.seller}'s products of this genre show the genre's chart again, if it has one.`
              : "The genre's products without a seller's own chart show no size chart."}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
