import { useCallback } from 'react';
import { Link } from 'react-router';
import type { OutstandingResponse } from '../../../../../contract/cod.ts';
import { formatPaise } from '../../../../../contract/money.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { useStaff } from '../../app/session.tsx';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { formatWhen, plural } from '../../lib/format.ts';
import { byCourier, daysDue } from './cash.ts';
import { RemittanceUpload } from './RemittanceUpload.tsx';
import './CodCashScreen.css';

const daysText = (days: number) => (days === 0 ? 'Today' : plural(days, 'day', 'days'));

/**
 * Cash on delivery's cash (decision 069): what the couriers collected at the door and still owe the shop,
 * in total, by courier and by order with how long it has been due; the owner reconciles a courier's
 * remittance file here, a dry run then apply.
 */
export function CodCashScreen() {
  usePageTitle('Cash on delivery');
  const { role } = useStaff();
  const request = useCallback(
    (signal?: AbortSignal) => api.get<OutstandingResponse>(apiPaths.codOutstanding(), { signal }),
    [],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the cash outstanding failed');
  const now = Date.now();

  return (
    <>
      <h1 className="admin-title">Cash on delivery</h1>
      <Loading state={state} onRetry={retry}>
        {({ totalPaise, orders }) => (
          <>
            <section className="admin-card admin-cod-total" aria-labelledby="cod-total-title">
              <h2 id="cod-total-title">Cash outstanding</h2>
              <p className="admin-cod-figure">{formatPaise(totalPaise)}</p>
              <p className="admin-details">
                {orders.length === 0
                  ? 'The couriers owe nothing: every delivered order’s cash has been received.'
                  : `Collected at the door for ${plural(orders.length, 'order', 'orders')} and not yet remitted by the courier.`}
              </p>
            </section>
            {orders.length > 0 && (
              <>
                <AdminTable
                  className="admin-cod-cash"
                  caption="By courier"
                  columns={['Courier', 'Items', 'Amount', 'Oldest due']}
                >
                  {byCourier(orders).map((cash) => (
                    <tr key={cash.courier}>
                      <td data-label="Courier">{cash.courier}</td>
                      <td data-label="Items">{cash.items}</td>
                      <td data-label="Amount">{formatPaise(cash.amountPaise)}</td>
                      <td data-label="Oldest due">{daysText(daysDue(cash.oldestDeliveredAt, now))}</td>
                    </tr>
                  ))}
                </AdminTable>
                <AdminTable
                  className="admin-cod-cash"
                  caption="By order, the longest due first"
                  columns={['Order', 'Customer', 'Delivered', 'Due for', 'Amount', 'AWB']}
                >
                  {orders.map((order) => (
                    <tr key={order.orderId}>
                      <td data-label="Order">
                        <Link to={paths.order(order.orderId)}>Order {order.orderId}</Link>
                      </td>
                      <td data-label="Customer">
                        {order.customer.name}
                        <div className="admin-details">{order.customer.phone}</div>
                      </td>
                      <td data-label="Delivered">{formatWhen(order.deliveredAt)}</td>
                      <td data-label="Due for">{daysText(daysDue(order.deliveredAt, now))}</td>
                      <td data-label="Amount">{formatPaise(order.amountPaise)}</td>
                      <td data-label="AWB">
                        <ul className="admin-plain-list">
                          {order.lines.map((line) => (
                            <li key={line.purchaseId}>
                              {line.awb ?? line.purchaseId}: {formatPaise(line.amountPaise)} ({line.courier})
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </AdminTable>
              </>
            )}
          </>
        )}
      </Loading>
      {role === 'owner' && <RemittanceUpload onApplied={reload} />}
    </>
  );
}
