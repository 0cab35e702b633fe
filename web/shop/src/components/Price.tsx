import { formatRupees } from '../../../../contract/money.ts';
import './Price.css';

interface PriceProps {
  currentPrice: number;
  oldPrice: number;
  discount: number;
  /** `large` on the product page, `small` on cards */
  size?: 'small' | 'large';
}

/** Current price, the struck-through old price and "{discount}% off". */
export function Price({ currentPrice, oldPrice, discount, size = 'small' }: PriceProps) {
  return (
    <div className={`price price-${size}`}>
      <span className="price-current">{formatRupees(currentPrice)}</span>
      {oldPrice > currentPrice && (
        <>
          <span className="visually-hidden">Original price:</span>
          <del className="price-old">{formatRupees(oldPrice)}</del>
        </>
      )}
      {discount > 0 && <span className="price-off">{discount}% off</span>}
    </div>
  );
}
