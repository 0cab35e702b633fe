import type { AdminOrder } from '../../../../../contract/admin.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { addressLines } from '../../lib/address.ts';

/** What goes in the parcel: printed alone (print CSS), the screen's own parts hidden. */
export function PackingSlip({ order }: { order: AdminOrder }) {
  const packed = order.lines.filter((line) => line.status === 'placed' || line.status === 'shipped');
  return (
    <section className="admin-print-only admin-slip" aria-label="Packing slip">
      <h2>haat: packing slip, order {order.orderId}</h2>
      <h3>Ship to</h3>
      <address>
        {addressLines(order.address).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
      <AdminTable columns={['Purchase id', 'Item', 'Size', 'Quantity']}>
        {packed.map((line) => (
          <tr key={line.purchaseId}>
            <td>{line.purchaseId}</td>
            <td>{line.product.name}</td>
            <td>{line.size || 'One size'}</td>
            <td>{line.quantity}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
