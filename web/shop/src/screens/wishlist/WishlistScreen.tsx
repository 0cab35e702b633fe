import { Link } from 'react-router';
import { paths } from '../../../../../contract/paths.ts';
import type { WishlistItem } from '../../../../../contract/shopping.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { Price } from '../../components/Price.tsx';
import { ProductRow } from '../../components/ProductRow.tsx';
import { LoadFailed, NothingYet } from '../../components/ScreenMessage.tsx';
import { useWishlist } from './useWishlist.ts';
import './wishlist.css';

/** /wishlist in the spec's three states: not logged in, empty, the list. */
export function WishlistScreen() {
  usePageTitle('Wishlist');
  const { state, remove, retry } = useWishlist();

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'loggedOut') {
    return (
      <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE LOGIN/ SIGNUP TO SEE YOUR WISHLIST" />
    );
  }
  if (state.status === 'failed') {
    return <LoadFailed what="wishlist" onRetry={retry} />;
  }
  if (state.data.length === 0) {
    return <NothingYet title="Oops! IT SEEMS YOU DON'T HAVE ANY WISH" />;
  }
  return (
    <section className="list-page">
      <h1 id="wishlist-title" className="list-page-title">
        MY WISHLIST
      </h1>
      <ul className="item-list" aria-labelledby="wishlist-title">
        {state.data.map((item) => (
          <WishItem key={`${item.productId}/${item.size}`} item={item} onRemove={() => remove(item)} />
        ))}
      </ul>
    </section>
  );
}

/** One wish; its buttons are described by the product name, so each is told apart when heard. */
function WishItem({ item, onRemove }: { item: WishlistItem; onRemove: () => void }) {
  return (
    <ProductRow
      className="item-card"
      photo={item.photo1}
      photoWidth="7rem"
      name={item.name}
      level={2}
      details={
        <>
          {item.size && <p className="wish-size">Size: {item.size}</p>}
          <PriceSinceWished item={item} />
        </>
      }
      actions={(nameId) => (
        <div className="wish-actions">
          <Link
            to={paths.product(item.prod, item.productId)}
            className="button button-primary"
            aria-describedby={nameId}
          >
            GO TO
          </Link>
          <button type="button" className="button" aria-describedby={nameId} onClick={onRemove}>
            REMOVE FROM WISHLIST
          </button>
        </div>
      )}
    />
  );
}

/** The price now; "Price dropped", with the price it was wished at struck through, when it fell since. */
function PriceSinceWished({ item }: { item: WishlistItem }) {
  const dropped = item.currentPrice < item.wishedPrice;
  return (
    <div className="wish-price">
      {dropped && <p className="wish-price-dropped">Price dropped</p>}
      <Price currentPrice={item.currentPrice} oldPrice={item.wishedPrice} discount={0} />
    </div>
  );
}
