import { useCallback, useRef } from 'react';
import { Link } from 'react-router';
import type { ListingProduct } from '../../../../../contract/catalogue.ts';
import { useLoad } from '../../../../shared/api/useLoad.ts';
import { ProductCard } from '../listing/ProductCard.tsx';
import { useNearViewport } from './useNearViewport.ts';
import './card-row.css';

/** A card is 10rem wide on a phone, 13rem from 800 px (card-row.css). */
const ROW_CARD_SIZES = '(max-width: 800px) 160px, 208px';

// until the row comes near the viewport there is nothing to load
const NOT_YET = new Promise<never>(() => undefined);
type Hidden = { status: 'failed' };
// an extra row that failed is left out: the page is whole without it
const hidden = (): Hidden => ({ status: 'failed' });

interface Props {
  /** the heading's id, unique on the page */
  id: string;
  title: string;
  /** the row's cards; kept stable (a useCallback), as a loader's request */
  load: () => Promise<ListingProduct[]>;
  /** a listing the row continues in */
  more?: { to: string; label: string };
}

/**
 * A titled row of product cards, scrolled sideways, loaded only when it comes near the viewport. Its
 * height is kept while it loads, so that nothing moves; a row with no cards is not shown.
 */
export function CardRow({ id, title, load, more }: Props) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const request = useCallback(() => (near ? load() : NOT_YET), [near, load]);
  const { state } = useLoad<ListingProduct[], Hidden>(request, hidden);
  if (state.status === 'failed' || (state.status === 'ready' && state.data.length === 0)) return null;
  return (
    <section
      ref={section}
      className="container card-row"
      aria-labelledby={id}
      aria-busy={state.status === 'loading'}
    >
      <div className="card-row-head">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {more && (
          <Link className="card-row-more" to={more.to}>
            {more.label}
          </Link>
        )}
      </div>
      <ul className="card-row-list">
        {state.status === 'ready' &&
          state.data.map((product) => (
            <ProductCard key={product.id} product={product} priority={false} sizes={ROW_CARD_SIZES} />
          ))}
      </ul>
    </section>
  );
}
