import { useState } from 'react';
import { formatPaise } from '../../../../contract/money.ts';
import { apiPaths } from '../../../../contract/paths.ts';
import type { CheckoutResult, CreateOrderResponse, DevPayBody } from '../../../../contract/payments.ts';
import { DEFAULT_SHOP_NAME } from '../../../../contract/shop-constants.ts';
import { api } from '../../api/client.ts';
import { useShop } from '../../app/shop.ts';
import { Modal } from '../../components/Modal.tsx';

interface Props {
  order: CreateOrderResponse;
  /** what Razorpay's handler would receive */
  onPaid: (result: CheckoutResult) => void;
  onFailed: () => void;
  onClosed: () => void;
}

/**
 * The development gateway's checkout window (docs/operations.md, "Payments"), standing in
 * for Razorpay's: Pay and Fail ask the simulated gateway to settle the order, Close walks away.
 */
export function SimulatedCheckout({ order, onPaid, onFailed, onClosed }: Props) {
  const [busy, setBusy] = useState(false);
  const amount = formatPaise(order.amount);
  const shopName = useShop()?.name ?? DEFAULT_SHOP_NAME;

  const settle = async (outcome: DevPayBody['outcome']) => {
    setBusy(true);
    const body: DevPayBody = { orderId: order.id, outcome };
    const result = await api.post<CheckoutResult>(apiPaths.devPay(), body).catch(() => undefined);
    if (outcome === 'success' && result) onPaid(result);
    else onFailed();
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClosed();
      }}
      title={`${shopName} · Secure payment`}
      showClose={false}
      className="pay-window"
    >
      <p className="pay-amount">
        Amount to pay <strong>{amount}</strong>
      </p>
      <p className="checkout-note">Test payment for order {order.id}: no money moves.</p>
      <div className="pay-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => settle('success')}
        >
          Pay {amount}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => settle('failure')}>
          Fail
        </button>
        <button type="button" className="button" disabled={busy} onClick={onClosed}>
          Close
        </button>
      </div>
    </Modal>
  );
}
