import { Fragment, useCallback, useId, useState } from 'react';
import type { LedgerFigures, Statement } from '../../../../../contract/settlements.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { formatAmount, formatWhen, plural } from '../../lib/format.ts';
import { PayDialog } from './PayDialog.tsx';
import { FIGURES, STATUS_LABELS } from './settlement.ts';

interface Props {
  sellerId: number;
  period: string;
  /** a payout was recorded: the sellers' list changes too */
  onPaid: () => void;
}

const FigureCells = ({ figures }: { figures: LedgerFigures }) =>
  FIGURES.map(([column, field]) => (
    <td key={field} data-label={column}>
      {formatAmount(figures[field])}
    </td>
  ));

/**
 * A seller's statement for the month: every delivered line with its figures and where it stands, the
 * totals, the payouts made, and the statement as CSV, PDF and JSON. "Mark paid" records the bank transfer
 * of what is payable now.
 */
export function StatementView({ sellerId, period, onPaid }: Props) {
  const id = useId();
  const request = useCallback(
    (signal?: AbortSignal) => api.get<Statement>(apiPaths.statement(sellerId, period), { signal }),
    [sellerId, period],
  );
  const { state, retry, reload } = useLoad(request, 'Loading a statement failed');
  const [paying, setPaying] = useState(false);
  const file = `statement-${sellerId}-${period}`;

  return (
    <section className="admin-card admin-statement" aria-labelledby={`${id}-title`}>
      <Loading state={state} onRetry={retry}>
        {(statement) => {
          const { seller, totals } = statement;
          const payableLines = statement.lines.filter((line) => line.status === 'payable').length;
          return (
            <>
              <h2 id={`${id}-title`}>Statement: {seller.name}</h2>
              <p className="admin-details">
                {seller.legalName ?? seller.name}
                {seller.gstin && `, GSTIN ${seller.gstin}`}; lines delivered in {period}; commission{' '}
                {statement.commissionPercent}% for lines placed now (each line keeps the one in force when it
                was placed).
              </p>
              <dl className="admin-statement-totals">
                {FIGURES.map(([label, field]) => (
                  <Fragment key={field}>
                    <dt>{label}</dt>
                    <dd>{formatAmount(totals[field])}</dd>
                  </Fragment>
                ))}
                <dt>Payable now</dt>
                <dd>{formatAmount(totals.payable)}</dd>
                <dt>Held</dt>
                <dd>{formatAmount(totals.held)}</dd>
                <dt>Paid</dt>
                <dd>{formatAmount(totals.paid)}</dd>
              </dl>
              <div className="admin-actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={payableLines === 0}
                  onClick={() => setPaying(true)}
                >
                  Mark paid
                </button>
                <a
                  className="button"
                  href={apiPaths.statement(sellerId, period, 'csv')}
                  download={`${file}.csv`}
                >
                  Statement CSV
                </a>
                <a
                  className="button"
                  href={apiPaths.statement(sellerId, period, 'pdf')}
                  download={`${file}.pdf`}
                >
                  Statement PDF
                </a>
                <a className="button" href={apiPaths.statement(sellerId, period)} download={`${file}.json`}>
                  Statement JSON
                </a>
              </div>
              {payableLines === 0 && (
                <p className="admin-details">
                  Nothing is payable now: held lines become payable once their return window closes.
                </p>
              )}
              {statement.lines.length > 0 && (
                // a wide table scrolls within its own box, never the page
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is reached by keyboard
                <section className="admin-statement-scroll" aria-label="Lines" tabIndex={0}>
                  <AdminTable
                    caption="Each line delivered, the returned ones with their reversal"
                    columns={[
                      'Item',
                      'Quantity',
                      'Delivered',
                      'Status',
                      ...FIGURES.map(([column]) => column),
                    ]}
                  >
                    {statement.lines.map((line) => (
                      <Fragment key={line.purchaseId}>
                        <tr>
                          <td data-label="Item">
                            {line.name}
                            <div className="admin-details">{line.purchaseId}</div>
                          </td>
                          <td data-label="Quantity">{line.quantity}</td>
                          <td data-label="Delivered">{formatWhen(line.deliveredAt)}</td>
                          <td data-label="Status">
                            <span className="admin-status">{STATUS_LABELS[line.status]}</span>
                            {line.status === 'held' && line.payableFrom && (
                              <div className="admin-details">until {formatWhen(line.payableFrom)}</div>
                            )}
                          </td>
                          <FigureCells figures={line} />
                        </tr>
                        {line.reversal && (
                          <tr className="admin-statement-reversal">
                            <td data-label="Item">Reversal of {line.purchaseId}</td>
                            <td data-label="Quantity">{line.quantity}</td>
                            <td data-label="Delivered">—</td>
                            <td data-label="Status">Reversal</td>
                            <FigureCells figures={line.reversal} />
                          </tr>
                        )}
                      </Fragment>
                    ))}
                  </AdminTable>
                </section>
              )}
              {statement.payouts.length > 0 && (
                <AdminTable caption="Payouts" columns={['Paid', 'UTR', 'Lines', 'Amount']}>
                  {statement.payouts.map((payout) => (
                    <tr key={payout.id}>
                      <td data-label="Paid">{formatWhen(payout.paidAt)}</td>
                      <td data-label="UTR">{payout.utr}</td>
                      <td data-label="Lines">{payout.lines}</td>
                      <td data-label="Amount">{formatAmount(payout.amount)}</td>
                    </tr>
                  ))}
                </AdminTable>
              )}
              {paying && (
                <PayDialog
                  seller={seller.name}
                  sellerId={sellerId}
                  period={period}
                  due={`${formatAmount(totals.payable)} for ${plural(payableLines, 'line', 'lines')}`}
                  onClose={() => setPaying(false)}
                  onPaid={() => {
                    setPaying(false);
                    reload();
                    onPaid();
                  }}
                />
              )}
            </>
          );
        }}
      </Loading>
    </section>
  );
}
