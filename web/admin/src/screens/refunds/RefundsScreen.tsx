import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminRefund, AdminRefundsResponse } from '../../../../../contract/admin.ts';
import { REFUND_REFERENCE_MAX } from '../../../../../contract/cod-constants.ts';
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
import { REFUND_METHOD_LABELS, REFUND_STATUS_LABELS } from '../../lib/labels.ts';

const STATUSES = { '': 'All refunds', ...REFUND_STATUS_LABELS };

/** Where a refund paid by hand goes: the shopper's UPI ID, or their bank account with its IFSC and holder. */
function destinationText(destination: AdminRefund['destination']): string | null {
  if (destination === null) return null;
  if ('upiId' in destination) return destination.upiId;
  return `Account ${destination.accountNumber}, IFSC ${destination.ifsc}, ${destination.accountHolder}`;
}

/** A refund staff pay by hand (a COD line's) and have not yet marked paid. */
const payableByHand = (refund: AdminRefund) => refund.method !== 'gateway' && refund.status === 'pending';

/**
 * Money going back, newest first, by status, each with how it goes back; the owner sends a failed one
 * again ("Retry"); staff mark a refund they paid by hand (a COD line's) paid with its reference.
 */
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
  const [paying, setPaying] = useState<AdminRefund | undefined>();

  const retryRefund = async (refund: AdminRefund) => {
    try {
      const sent = await api.post<AdminRefund>(apiPaths.retryRefund(refund.id));
      showAlert(`Refund ${refund.id}: ${REFUND_STATUS_LABELS[sent.status]}`);
    } catch (error) {
      alertFailure(error, 'Retrying a refund failed');
    }
    reload();
  };

  const markPaid = async (refund: AdminRefund, form: FormData) => {
    try {
      const reference = String(form.get('reference') ?? '').trim();
      await api.post<AdminRefund>(apiPaths.refundPaid(refund.id), { reference });
      showAlert(`Refund ${refund.id}: paid, reference ${reference}`);
    } catch (error) {
      alertFailure(error, 'Marking a refund paid failed');
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
                columns={['Created', 'Order', 'Amount', 'Paid to', 'Status', 'Reason', 'Actions']}
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
                    <td data-label="Paid to">
                      {REFUND_METHOD_LABELS[refund.method]}
                      {refund.destination && (
                        <div className="admin-details">{destinationText(refund.destination)}</div>
                      )}
                    </td>
                    <td data-label="Status">
                      {REFUND_STATUS_LABELS[refund.status]}
                      {refund.processedAt && ` ${formatWhen(refund.processedAt)}`}
                      {refund.reference && <div className="admin-details">Reference {refund.reference}</div>}
                      {refund.failure && <div className="admin-details">{refund.failure}</div>}
                    </td>
                    <td data-label="Reason">{refund.reason}</td>
                    <td data-label="Actions">
                      {role === 'owner' && refund.status === 'failed' && (
                        <button type="button" className="button" onClick={() => setRetrying(refund)}>
                          Retry
                        </button>
                      )}
                      {payableByHand(refund) && (
                        <button type="button" className="button" onClick={() => setPaying(refund)}>
                          Mark paid
                        </button>
                      )}
                    </td>
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
      {paying && (
        <ConfirmDialog
          title={`Mark refund ${paying.id} paid`}
          confirm="Mark paid"
          onClose={() => setPaying(undefined)}
          onConfirm={(form) => markPaid(paying, form)}
        >
          <p>
            You paid {formatRupees(paying.amount)} to{' '}
            {destinationText(paying.destination) ?? 'the customer, where they asked'}.
          </p>
          <div className="admin-dialog-field">
            <label htmlFor="refund-paid-reference">Reference (UTR)</label>
            <input
              id="refund-paid-reference"
              name="reference"
              required
              maxLength={REFUND_REFERENCE_MAX}
              autoComplete="off"
            />
          </div>
        </ConfirmDialog>
      )}
    </>
  );
}
