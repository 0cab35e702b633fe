import { useId } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '../../../../contract/shopping.ts';
import { Image } from '../../components/Image.tsx';
import { Price } from '../../components/Price.tsx';
import { paths } from '../../config/paths.ts';

interface Props {
  line: CartLine;
  busy: boolean;
  onPlus: () => void;
  onMinus: () => void;
}

/** One cart line with its quantity controls; minus at one unit removes the line. */
export function CartItem({ line, busy, onPlus, onMinus }: Props) {
  const nameId = useId();
  return (
    <li className="cart-item">
      <span className="cart-photo">
        <Image file={line.photo} alt="" width={960} height={1280} sizes="6rem" />
      </span>
      <div className="cart-body">
        <h3 id={nameId} className="cart-name">
          <Link to={paths.product(line.prod, line.id)}>{line.name}</Link>
        </h3>
        <p className="item-spec">
          {line.color && <span>Colour: {line.color}</span>}
          {line.size && <span>Size: {line.size}</span>}
          {line.fabric && <span>Fabric: {line.fabric}</span>}
        </p>
        <Price currentPrice={line.currentPrice} oldPrice={line.oldPrice} discount={line.discount} />
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
      </div>
    </li>
  );
}
