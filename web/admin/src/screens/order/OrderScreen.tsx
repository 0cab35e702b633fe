import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrder } from '../../../../../contract/admin.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { useShippingPartner } from '../../api/useShipping.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { describeAction, describeDetails } from '../../lib/actions.ts';
import { addressLines } from '../../lib/address.ts';
import { formatRupees, formatWhen } from '../../lib/format.ts';
import { REFUND_METHOD_LABELS, REFUND_STATUS_LABELS } from '../../lib/labels.ts';
import { LineActions } from './LineActions.tsx';
import { LineShipment } from './LineShipment.tsx';
import { LineTimeline } from './LineTimeline.tsx';
import { PackingSlip } from './PackingSlip.tsx';
import './OrderScreen.css';

/**
 * One order: its lines and what can be done to them, the address and contact, payment, each line's timeline
 * (as the shopper sees it), refunds, and the staff's history.
 */
export function OrderScreen() {
  const { orderId = '' } = useParams();
  usePageTitle(`Order ${orderId}`);
  const request = useCallback(
    (signal?: AbortSignal) => api.get<AdminOrder>(apiPaths.order(orderId), { signal }),
    [orderId],
  );
  const { state, retry, reload } = useLoad(request, `Loading order ${orderId} failed`);
  const partner = useShippingPartner();

  return (
    <Loading state={state} onRetry={retry}>
      {(order) => (
        <>
          <div className="admin-no-print">
            <p>
              <Link to={paths.orders()}>All orders</Link>
            </p>
            <div className="admin-order-head">
              <h1 className="admin-title">Order {order.orderId}</h1>
              <button type="button" className="button" onClick={() => window.print()}>
                Print packing slip
              </button>
            </div>
            <p>Placed {formatWhen(order.placedAt)}</p>
            <div className="admin-order-facts">
              <section className="admin-card" aria-labelledby="order-contact">
                <h2 id="order-contact">Customer</h2>
                <p>
                  {order.customer.name}
                  <br />
                  {order.customer.phone}
                </p>
              </section>
              <section className="admin-card" aria-labelledby="order-address">
                <h2 id="order-address">Shipping address</h2>
                <address>
                  {addressLines(order.address).map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </address>
              </section>
              <section className="admin-card" aria-labelledby="order-payment">
                <h2 id="order-payment">Payment</h2>
                <p>
                  {formatRupees(order.payment.amount)}
                  <br />
                  {order.payment.id === null ? 'Cash on delivery' : `Payment id ${order.payment.id}`}
                </p>
              </section>
            </div>

            <h2>Items</h2>
            <AdminTable columns={['Purchase id', 'Item', 'Amount', 'Status', 'Tracking ID', 'Actions']}>
              {order.lines.map((line) => (
                <tr key={line.purchaseId} aria-label={`${line.product.name}, ${line.purchaseId}`}>
                  <td data-label="Purchase id">{line.purchaseId}</td>
                  <td data-label="Item">
                    {line.product.name} ({line.size ? `${line.size}, ` : ''}×{line.quantity})
                    {line.exchangeOf && <> exchange of {line.exchangeOf}</>}
                    {line.exchange && <> for size {line.exchange.toSize}</>}
                  </td>
                  <td data-label="Amount">{formatRupees(line.unitPrice * line.quantity)}</td>
                  <td data-label="Status">
                    <StatusBadge status={line.status} />
                  </td>
                  <td data-label="Tracking ID">
                    <LineShipment line={line} />
                  </td>
                  <td data-label="Actions">
                    <LineActions line={line} booking={partner !== null} onChanged={reload} />
                  </td>
                </tr>
              ))}
            </AdminTable>

            <h2>Timeline</h2>
            {order.lines.map((line) => (
              <LineTimeline key={line.purchaseId} line={line} />
            ))}

            <h2>Refunds</h2>
            {order.refunds.length === 0 ? (
              <p className="admin-empty">No refunds.</p>
            ) : (
              <ul className="admin-plain-list">
                {order.refunds.map((refund) => (
                  <li key={refund.id}>
                    {formatRupees(refund.amount)} for {refund.purchaseId ?? 'the payment'}:{' '}
                    {REFUND_STATUS_LABELS[refund.status]} ({refund.reason})
                    {/* a cash on delivery line's refund is paid by hand: how, and the transfer's reference */}
                    {refund.method !== 'gateway' && `, ${REFUND_METHOD_LABELS[refund.method]}`}
                    {refund.reference && `, reference ${refund.reference}`}
                  </li>
                ))}
              </ul>
            )}

            <h2>History</h2>
            <ol className="admin-plain-list">
              {order.history.map((entry) => (
                <li key={`${entry.at}-${entry.action}-${entry.purchaseId}`}>
                  {formatWhen(entry.at)}: {describeAction(entry.action)}
                  {entry.purchaseId && ` (${entry.purchaseId})`} by {entry.who}
                  {Object.keys(entry.details).length > 0 && (
                    <span className="admin-details"> {describeDetails(entry.details)}</span>
                  )}
                </li>
              ))}
            </ol>
          </div>
          <PackingSlip order={order} />
        </>
      )}
    </Loading>
  );
}
