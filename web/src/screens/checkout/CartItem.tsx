import { paths } from '../../../../contract/paths.ts';
import type { CartLine } from '../../../../contract/shopping.ts';
import { Price } from '../../components/Price.tsx';
import { ProductRow } from '../../components/ProductRow.tsx';

interface Props {
  line: CartLine;
  busy: boolean;
  onPlus: () => void;
  onMinus: () => void;
}

/** One cart line with its quantity controls; minus at one unit removes the line. */
export function CartItem({ line, busy, onPlus, onMinus }: Props) {
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
