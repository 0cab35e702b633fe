import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminRefund, AdminRefundsResponse } from '../../../../../contract/admin.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { useStaff } from '../../app/session.tsx';
import { AdminTable } from '../../components/AdminTable.tsx';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatRupees, formatWhen } from '../../lib/format.ts';
import { REFUND_STATUS_LABELS } from '../../lib/labels.ts';

const STATUSES = { '': 'All refunds', ...REFUND_STATUS_LABELS };

/** Money going back, newest first, by status; the owner sends a failed one again ("Retry"). */
export function RefundsScreen() {
  usePageTitle('Refunds');
  const { role } = useStaff();
  const [search, setSearch] = useSearchParams();
  const asked = { status: search.get('status') ?? '', before: search.get('before') ?? '' };
  const url = `${apiPaths.refunds()}${query(asked)}`;
  const request = useCallback(
    (signal?: AbortSignal) => api.get<AdminRefundsResponse>(url, { signal }),
    [url],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the refunds failed');
  const [retrying, setRetrying] = useState<AdminRefund | undefined>();

  const retryRefund = async (refund: AdminRefund) => {
    try {
      const sent = await api.post<AdminRefund>(apiPaths.retryRefund(refund.id));
      showAlert(`Refund ${refund.id}: ${REFUND_STATUS_LABELS[sent.status]}`);
    } catch (error) {
      alertFailure(error, 'Retrying a refund failed');
    }
    reload();
  };

  return (
    <>
      <h1 className="admin-title">Refunds</h1>
      <ChoiceFilter
        label="Status"
        choices={STATUSES}
        value={asked.status}
        onChoose={(status) => setSearch(query({ status }))}
      />
      <Loading state={state} onRetry={retry}>
        {({ refunds, next }) => (
          <>
            {refunds.length === 0 ? (
              <p className="admin-empty">No refunds here.</p>
            ) : (
              <AdminTable
                caption="Refunds, newest first"
                columns={['Created', 'Order', 'Amount', 'Status', 'Reason', role === 'owner' && 'Actions']}
              >
                {refunds.map((refund) => (
                  <tr key={refund.id}>
                    <td data-label="Created">{formatWhen(refund.createdAt)}</td>
                    <td data-label="Order">
                      {refund.orderId === null ? (
                        'No order'
                      ) : (
                        <Link to={paths.order(refund.orderId)}>{refund.purchaseId ?? refund.orderId}</Link>
                      )}
                    </td>
                    <td data-label="Amount">{formatRupees(refund.amount)}</td>
                    <td data-label="Status">
                      {REFUND_STATUS_LABELS[refund.status]}
                      {refund.processedAt && ` ${formatWhen(refund.processedAt)}`}
                      {refund.failure && <div className="admin-details">{refund.failure}</div>}
                    </td>
                    <td data-label="Reason">{refund.reason}</td>
                    {role === 'owner' && (
                      <td data-label="Actions">
                        {refund.status === 'failed' && (
                          <button type="button" className="button" onClick={() => setRetrying(refund)}>
                            Retry
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </AdminTable>
            )}
            <Pager path={paths.refunds()} asked={asked} next={next} what="refunds" />
          </>
        )}
      </Loading>
      {retrying && (
        <ConfirmDialog
          title={`Retry refund ${retrying.id}`}
          confirm="Retry"
          onClose={() => setRetrying(undefined)}
          onConfirm={() => retryRefund(retrying)}
        >
          <p>{formatRupees(retrying.amount)} is sent to the customer’s payment again.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
