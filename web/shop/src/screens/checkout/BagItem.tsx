import { useEffect, useState } from 'react';
import { paths } from '../../../../../contract/paths.ts';
import type { BagLine } from '../../../../../contract/shopping.ts';
import { Price } from '../../components/Price.tsx';
import { ProductRow } from '../../components/ProductRow.tsx';
import { deliveryEstimate, deliveryWhen } from '../../lib/delivery-window.ts';
import { lastPincode } from '../../lib/last-pincode.ts';

interface Props {
  line: BagLine;
  busy: boolean;
  onPlus: () => void;
  onMinus: () => void;
}

const PINCODE = /^[1-9]\d{5}$/;

/**
 * "Delivery to 700001 by Tue, 27 Jan" (or "between ... and ...") for the pincode last checked, once the
 * server has the dates for it.
 */
function DeliveryBy({ productId }: { productId: number }) {
  const [pincode] = useState(lastPincode);
  const [when, setWhen] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!PINCODE.test(pincode)) return;
    let current = true;
    deliveryEstimate(pincode, productId).then((estimate) => {
      if (current && estimate) setWhen(deliveryWhen(estimate.from, estimate.to));
    });
    return () => {
      current = false;
    };
  }, [pincode, productId]);
  return when ? (
    <p className="item-delivery">
      Delivery to {pincode} {when}
    </p>
  ) : null;
}

/** One bag line with its quantity controls; minus at one unit removes the line. */
export function BagItem({ line, busy, onPlus, onMinus }: Props) {
  return (
    <ProductRow
      className="cart-item"
      photo={line.photo}
      photoWidth="6rem"
      name={line.name}
      to={paths.product(line.prod, line.id)}
      level={3}
      details={
        <>
          <p className="item-spec">
            {line.color && <span>Colour: {line.color}</span>}
            {line.size && <span>Size: {line.size}</span>}
            {line.fabric && <span>Fabric: {line.fabric}</span>}
          </p>
          <Price currentPrice={line.currentPrice} oldPrice={line.oldPrice} discount={line.discount} />
          <DeliveryBy productId={line.id} />
        </>
      }
      actions={(nameId) => (
        <fieldset className="quantity" aria-describedby={nameId} disabled={busy}>
          <legend className="visually-hidden">Quantity</legend>
          <button type="button" className="quantity-button" aria-label="Decrease quantity" onClick={onMinus}>
            −
          </button>
          <output className="quantity-value" aria-live="polite" aria-label="Quantity">
            {line.quantity}
          </output>
          <button type="button" className="quantity-button" aria-label="Increase quantity" onClick={onPlus}>
            +
          </button>
        </fieldset>
      )}
    />
  );
}
