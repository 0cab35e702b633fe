import { useState } from 'react';
import { Link } from 'react-router';
import { RTO_MESSAGE } from '../../../../../contract/after-sale-constants.ts';
import { type FitAnswer, NOT_RETURNABLE_TEXT } from '../../../../../contract/fit-returns-constants.ts';
import { formatRupees } from '../../../../../contract/money.ts';
import type { OrderLine } from '../../../../../contract/orders.ts';
import { paths } from '../../../../../contract/paths.ts';
import { REFUND_DAYS } from '../../../../../contract/shopping-rules.ts';
import { FitInput } from '../../components/FitInput.tsx';
import { ProductRow } from '../../components/ProductRow.tsx';
import { StarInput } from '../../components/StarInput.tsx';
import { COD_RTO_MESSAGE, COD_TITLE, codStateText } from '../../lib/cod.ts';
import { couponPaid } from '../../lib/offers.ts';
import { exchangeLabel } from './ExchangeDialog.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';

interface Props {
  line: OrderLine;
  /** an exchange's new line: the size of the line it replaces */
  replacedSize?: string;
  onCancel: () => void;
  onReturn: () => void;
  onExchange: () => void;
  onRate: (rating: number, fit: FitAnswer | undefined) => Promise<boolean>;
}

// dates are shown as the shop's customers live them (shown in Asia/Kolkata)
const day = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const formatDay = (iso: string) => day.format(new Date(iso));
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A refunded line: how much went back, where, when it was issued and the day it reaches the shopper at
 * the latest (REFUND_DAYS on; India has no daylight saving, so whole days of milliseconds are days there).
 */
function RefundNote({ line }: { line: OrderLine }) {
  if (line.refunded <= 0 || !line.refundedAt) return null;
  const issued = formatDay(line.refundedAt);
  // a COD line's refund is paid by hand to the UPI ID or account the shopper gave with the return
  if (line.cod) {
    return (
      <p className="order-refund">
        {`${formatRupees(line.refunded)} refunded to the UPI ID or bank account you gave on ${issued}`}
      </p>
    );
  }
  const expected = new Date(Date.parse(line.refundedAt) + REFUND_DAYS * DAY_MS).toISOString();
  return (
    <p className="order-refund">
      {`${formatRupees(line.refunded)} refunded to your original payment method on ${issued}; expect it by ${formatDay(expected)}`}
    </p>
  );
}

/** Spec section 4's return label, from the line's orderStatus and accepted; undefined without a return. */
export function returnLabel(line: Pick<OrderLine, 'orderStatus' | 'accepted'>): string | undefined {
  if (line.orderStatus === 'Y') return 'Returned';
  if (line.orderStatus !== 'N') return undefined;
  if (line.accepted === 'Y') return 'Returning';
  if (line.accepted === 'N') return 'Return rejected';
  return 'Requested Return';
}

/**
 * One ordered item. Undelivered: an orange marker, the tracking id and Cancel. Delivered: a green
 * marker, Return while it may be asked for, the rating and POST REVIEW. Cancelled: the word only.
 * Its buttons are described by the item's name, so each is told apart when heard.
 */
export function OrderRow({ line, replacedSize, onCancel, onReturn, onExchange, onRate }: Props) {
  const cancelled = line.status === 'cancelled';
  const delivered = !cancelled && line.delivered === 'Y';
  // a refused COD parcel back with the seller: over, like a cancelled line
  const backWithSeller = line.status === 'returned_to_origin';
  const exchanging = exchangeLabel(line);
  const returning = exchanging === undefined ? returnLabel(line) : undefined;
  const total = line.currentPrice * line.quantity;
  const coupon = couponPaid(line);

  return (
    <ProductRow
      className="item-card order-line"
      photo={line.photo1}
      photoWidth="6rem"
      name={line.name}
      to={paths.product(line.prod, line.prodId)}
      level={2}
      details={
        <>
          <p className="item-spec">
            {line.size && <span>Size: {line.size}</span>}
            <span>Qty: {line.quantity}</span>
            <span>
              {formatRupees(total)}
              {line.quantity > 1 && ` (${formatRupees(line.currentPrice)} each)`}
            </span>
            <span>Ordered on {formatDay(line.orderedAt)}</span>
          </p>
          {coupon && <p className="order-coupon">{coupon}</p>}
          <DeliveryIndicator line={line} cancelled={cancelled} delivered={delivered} />
          {line.cod && (
            <p className="order-cod">
              <strong>{COD_TITLE}</strong>: {codStateText(line.cod)}
            </p>
          )}
          {line.exchangeOf && (
            <p className="order-return">
              Exchange of {replacedSize ? `size ${replacedSize}` : line.exchangeOf}
            </p>
          )}
          {delivered && line.returnable === 'N' && <p className="order-return">{NOT_RETURNABLE_TEXT}</p>}
          {exchanging && <p className="order-return">{exchanging}</p>}
          {line.exchange?.note && <p className="order-refund">{line.exchange.note}</p>}
          {returning && <p className="order-return">{returning}</p>}
          {line.timeline.some((step) => step.event === 'rto_delivered') && (
            <p className="order-return">{line.cod ? COD_RTO_MESSAGE : RTO_MESSAGE}</p>
          )}
          <RefundNote line={line} />
        </>
      }
      actions={(nameId) => (
        <>
          <OrderTimeline line={line} nameId={nameId} />
          {!cancelled && !delivered && !backWithSeller && (
            <div className="order-actions">
              {line.cod?.state === 'awaiting_confirmation' && (
                <Link
                  to={paths.codConfirm(line.orderId)}
                  className="button button-primary"
                  aria-describedby={nameId}
                >
                  Confirm order
                </Link>
              )}
              <button type="button" className="button" aria-describedby={nameId} onClick={onCancel}>
                Cancel
              </button>
            </div>
          )}
          {delivered && (
            <>
              <RateItem
                initial={line.rating ?? 0}
                apparel={line.prod === 'apparel'}
                nameId={nameId}
                onRate={onRate}
              />
              <div className="order-actions">
                {line.deliveryEligible === 'Y' && (
                  <button type="button" className="button" aria-describedby={nameId} onClick={onReturn}>
                    Return
                  </button>
                )}
                {line.exchangeSizes.length > 0 && (
                  <button type="button" className="button" aria-describedby={nameId} onClick={onExchange}>
                    Exchange
                  </button>
                )}
                <Link to={paths.review(line.prodId)} className="button" aria-describedby={nameId}>
                  POST REVIEW
                </Link>
              </div>
            </>
          )}
          <TaxDocuments line={line} nameId={nameId} />
        </>
      )}
    />
  );
}

/** The GST invoice's PDF, and the credit note's once the item was refunded, each in a new tab. */
function TaxDocuments({ line, nameId }: { line: OrderLine; nameId: string }) {
  return (
    <p className="order-documents">
      <a href={line.invoiceUrl} target="_blank" rel="noopener" aria-describedby={nameId}>
        Invoice
      </a>
      {line.creditNoteUrl && (
        <a href={line.creditNoteUrl} target="_blank" rel="noopener" aria-describedby={nameId}>
          Credit note
        </a>
      )}
    </p>
  );
}

function DeliveryIndicator({
  line,
  cancelled,
  delivered,
}: {
  line: OrderLine;
  cancelled: boolean;
  delivered: boolean;
}) {
  if (cancelled) {
    return (
      <div className="order-state cancelled">
        <span className="order-marker" aria-hidden="true" />
        <p>Cancelled</p>
      </div>
    );
  }
  const tracking = line.tracking_id ? `Tracking id: ${line.tracking_id}` : 'Not shipped yet';
  if (line.status === 'returned_to_origin') {
    return (
      <div className="order-state cancelled">
        <span className="order-marker" aria-hidden="true" />
        <p>Returned to the seller: not delivered</p>
        {line.tracking_id && <p className="order-tracking">{tracking}</p>}
      </div>
    );
  }
  if (delivered) {
    return (
      <div className="order-state delivered">
        <span className="order-marker" aria-hidden="true" />
        <p>Delivered{line.deliveredAt && ` on ${formatDay(line.deliveredAt)}`}</p>
        {line.tracking_id && <p className="order-tracking">{tracking}</p>}
      </div>
    );
  }
  return (
    <div className="order-state on-the-way">
      <span className="order-marker" aria-hidden="true" />
      <p>{tracking}</p>
    </div>
  );
}

/** The stars, prefilled with the shopper's rating, how clothes fit (optional), and SUBMIT RATING. */
function RateItem({
  initial,
  apparel,
  nameId,
  onRate,
}: {
  initial: number;
  apparel: boolean;
  nameId: string;
  onRate: (rating: number, fit: FitAnswer | undefined) => Promise<boolean>;
}) {
  const [rating, setRating] = useState(initial);
  const [fit, setFit] = useState<FitAnswer>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    await onRate(rating, fit);
    setBusy(false);
  };
  return (
    <div className="order-rating">
      <StarInput value={rating} onChange={setRating} legend="Rate this product" describedBy={nameId} />
      {apparel && <FitInput value={fit} onChange={setFit} describedBy={nameId} />}
      <button type="button" className="button" aria-describedby={nameId} disabled={busy} onClick={submit}>
        SUBMIT RATING
      </button>
    </div>
  );
}
