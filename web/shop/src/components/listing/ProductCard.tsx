import { useState } from 'react';
import { Link } from 'react-router';
import type { ListingProduct } from '../../../../../contract/catalogue.ts';
import { paths } from '../../../../../contract/paths.ts';
import { Image } from '../Image.tsx';
import { Price } from '../Price.tsx';
import './card.css';

interface Props {
  product: ListingProduct;
  /** shown in the first row: loaded at once, the rest lazily */
  priority: boolean;
  sizes: string;
  /** apparel only: the heart; resolves to the wish state the server answered */
  onWish?: (product: ListingProduct, wished: boolean) => Promise<boolean | undefined>;
}

export function ProductCard({ product, priority, sizes, onWish }: Props) {
  const [wished, setWished] = useState(product.wished === 'Y');
  const toggleWish = async () => {
    const now = await onWish?.(product, wished);
    if (now !== undefined) setWished(now);
  };
  return (
    <li className="card">
      <Link className="card-link" to={paths.product(product.prod, product.id)}>
        <span className="card-photo">
          <Image
            file={product.photo1}
            alt={product.name}
            width={960}
            height={1280}
            sizes={sizes}
            priority={priority}
          />
        </span>
        <span className="card-source">{product.source}</span>
        <span className="card-name">{product.name}</span>
        <Price currentPrice={product.currentPrice} oldPrice={product.oldPrice} discount={product.discount} />
      </Link>
      {onWish && (
        <button
          type="button"
          className={wished ? 'round-button card-heart wished' : 'round-button card-heart'}
          aria-label={`Wishlist ${product.name}`}
          aria-pressed={wished}
          onClick={toggleWish}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z" />
          </svg>
        </button>
      )}
    </li>
  );
}
