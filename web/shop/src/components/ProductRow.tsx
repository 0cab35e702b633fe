import { type CSSProperties, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Image } from './Image.tsx';
import './ProductRow.css';

interface Props {
  /** the row's look on its page: `item-card` on the list pages, `cart-item` in the bag */
  className: string;
  photo: string;
  /** the photo's width on screen, which also picks its file */
  photoWidth: string;
  name: string;
  /** the product page; without it the name is plain text (the wishlist has its GO TO button) */
  to?: string;
  /** the name's heading level in its page's outline */
  level: 2 | 3;
  details: ReactNode;
  /** given the name's id: buttons described by it are told apart when heard */
  actions?: (nameId: string) => ReactNode;
}

/** One product in a shopper's list (bag, orders, wishlist): its photo beside its name and details. */
export function ProductRow({ className, photo, photoWidth, name, to, level, details, actions }: Props) {
  const nameId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className={`product-row ${className}`}>
      <span className="product-row-photo" style={{ '--photo-width': photoWidth } as CSSProperties}>
        <Image file={photo} alt="" width={960} height={1280} sizes={photoWidth} />
      </span>
      <div className="product-row-body">
        <Heading id={nameId} className="product-row-name">
          {to ? <Link to={to}>{name}</Link> : name}
        </Heading>
        {details}
        {actions?.(nameId)}
      </div>
    </li>
  );
}
