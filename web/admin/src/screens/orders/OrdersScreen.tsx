import { useCallback, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrdersResponse } from '../../../../../contract/admin.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { useShippingPartner } from '../../api/useShipping.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { FilterForm, SearchField } from '../../components/FilterForm.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatRupees, formatWhen } from '../../lib/format.ts';
import { LINE_STATUS_LABELS, LINE_STATUSES } from '../../lib/labels.ts';
import { BulkShipping } from './BulkShipping.tsx';

const FILTERS = ['status', 'from', 'to', 'q'] as const;

/** Order lines newest first, filtered by state and India-time days, searched by purchase id, phone or name. */
export function OrdersScreen() {
  usePageTitle('Orders');
  const id = useId();
  const [search] = useSearchParams();
  const asked = Object.fromEntries([...FILTERS, 'before'].map((name) => [name, search.get(name) ?? '']));
  const url = `${apiPaths.orders()}${query(asked)}`;
  const request = useCallback((signal?: AbortSignal) => api.get<AdminOrdersResponse>(url, { signal }), [url]);
  const { state, retry, reload } = useLoad(request, 'Loading the orders failed');
  // with a courier partner, lines awaiting shipment may be chosen and booked together
  const partner = useShippingPartner();
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (purchaseId: string, chosen: boolean) =>
    setSelected((now) => (chosen ? [...now, purchaseId] : now.filter((id) => id !== purchaseId)));

  return (
    <>
      <h1 className="admin-title">Orders</h1>
      <FilterForm label="Orders" names={FILTERS} submit="Show orders">
        <SearchField id={`${id}-q`} placeholder="Purchase id, phone or name" value={asked.q ?? ''} />
        <div className="admin-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} name="status" defaultValue={asked.status}>
            <option value="">Any</option>
            {LINE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {LINE_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>Placed from</label>
          <input id={`${id}-from`} name="from" type="date" defaultValue={asked.from} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>Placed to</label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={asked.to} />
        </div>
      </FilterForm>
      {partner && (
        <BulkShipping
          selected={selected}
          onBooked={() => {
            setSelected([]);
            reload();
          }}
        />
      )}
      <Loading state={state} onRetry={retry}>
        {({ lines, next }) => (
          <>
            {lines.length === 0 ? (
              <p className="admin-empty">No order matches.</p>
            ) : (
              <AdminTable
                caption="Order lines, newest first"
                columns={[
                  partner && 'Select',
                  'Placed',
                  'Purchase id',
                  'Customer',
                  'Item',
                  'Amount',
                  'Status',
                ]}
              >
                {lines.map((line) => (
                  <tr key={line.purchaseId}>
                    {partner && (
                      <td data-label="Select">
                        {line.status === 'placed' && (
                          <input
                            type="checkbox"
                            aria-label={`Select ${line.purchaseId}`}
                            checked={selected.includes(line.purchaseId)}
                            onChange={(event) => toggle(line.purchaseId, event.target.checked)}
                          />
                        )}
                      </td>
                    )}
                    <td data-label="Placed">{formatWhen(line.placedAt)}</td>
                    <td data-label="Purchase id">
                      <Link to={paths.order(line.orderId)}>{line.purchaseId}</Link>
                    </td>
                    <td data-label="Customer">
                      {line.customer.name}
                      <br />
                      {line.customer.phone}
                    </td>
                    <td data-label="Item">
                      {line.product.name} ({line.size ? `${line.size}, ` : ''}×{line.quantity})
                    </td>
                    <td data-label="Amount">{formatRupees(line.unitPrice * line.quantity)}</td>
                    <td data-label="Status">
                      <StatusBadge status={line.status} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
            <Pager path={paths.orders()} asked={asked} next={next} what="orders" />
          </>
        )}
      </Loading>
    </>
  );
}
