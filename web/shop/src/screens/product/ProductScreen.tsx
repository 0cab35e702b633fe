import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ModifyProdResponse, ProductResponse } from '../../../../../contract/catalogue.ts';
import { NOT_RETURNABLE_TEXT } from '../../../../../contract/fit-returns-constants.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { UNAVAILABLE_MESSAGE } from '../../../../../contract/shopping-messages.ts';
import { LOW_STOCK_BELOW } from '../../../../../contract/shopping-rules.ts';
import { api } from '../../../../shared/api/client.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { markLoggedOut } from '../../app/session.tsx';
import { Price } from '../../components/Price.tsx';
import { inSomeonesBag } from '../../lib/holds.ts';
import { saleEndsAt } from '../../lib/offers.ts';
import { Colours, Sizes } from './Choices.tsx';
import { Delivery } from './Delivery.tsx';
import { FitNote } from './FitNote.tsx';
import { FreeDelivery } from './FreeDelivery.tsx';
import { Gallery } from './Gallery.tsx';
import { ProductRows } from './ProductRows.tsx';
import { Ratings } from './Ratings.tsx';
import { ReviewModal } from './ReviewModal.tsx';
import { Reviews } from './Reviews.tsx';
import { ShopRules } from './ShopRules.tsx';
import { Specs } from './Specs.tsx';
import { useProduct } from './useProduct.ts';
import { useProductActions } from './useProductActions.ts';
import './product.css';

/** /product/{prod}/{productId}. A sibling colour is a new product: its page starts afresh. */
export function ProductScreen() {
  const { prod = '', productId = '' } = useParams();
  return <ProductPage key={`${prod}/${productId}`} prod={prod} productId={productId} />;
}

function ProductPage({ prod, productId }: { prod: string; productId: string }) {
  const product = useProduct(prod, productId);
  usePageTitle(product.status === 'ready' ? product.data.productInfo.name : undefined);

  if (product.status === 'loading') return <Spinner />;
  if (product.status === 'ready') {
    return (
      <>
        <Product data={product.data} onReviewed={product.reload} />
        <ProductRows productId={product.data.productInfo.id} />
      </>
    );
  }
  return (
    <div className="product-missing">
      {product.status === 'notFound' ? (
        <>
          <h1>We could not find this product</h1>
          <p>
            It may have been removed, or the link may be incomplete. There is plenty more to see in the shop.
          </p>
          <Link className="button button-primary" to={paths.home()}>
            Go to home
          </Link>
        </>
      ) : (
        <>
          <h1>This product could not be loaded</h1>
          <p>Please check your connection and try again.</p>
          <button type="button" className="button button-primary" onClick={product.retry}>
            Try again
          </button>
        </>
      )}
    </div>
  );
}

/** One unsized stock, no size to choose: an accessory, or a product of a one-size genre (`{"": units}`). */
const unsized = (info: ProductResponse['productInfo']) =>
  Object.keys(info.additionsize).every((size) => size === '');

/** Spec section 4's stock messages, in its order. */
function stockMessages(info: ProductResponse['productInfo']): string[] {
  const inStock = info.active === 'In stock';
  const messages: string[] = [];
  if (!inStock) messages.push(UNAVAILABLE_MESSAGE);
  const held = info.held[0];
  if ((info.prod === 'accessories' || unsized(info)) && info.stock === 0) {
    messages.push(held ? inSomeonesBag(held.until) : 'Out of stock');
  }
  if (inStock && info.stock > 0 && info.stock < LOW_STOCK_BELOW) {
    messages.push(`Hurry up only ${info.stock} stocks are available!`);
  }
  return messages;
}

function photosOf(info: ProductResponse['productInfo']): string[] {
  return [info.photo1, info.photo2, info.photo3, info.photo4, info.photo5].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
}

/** onReviewed fetches the page's data again, so the new review shows (the spec's states: "success reloads"). */
function Product({ data, onReviewed }: { data: ProductResponse; onReviewed: () => void }) {
  const { productInfo: info, loggedin } = data;
  const navigate = useNavigate();
  const sizes = Object.fromEntries(Object.entries(info.additionsize).filter(([size]) => size !== ''));
  const needsSize = info.prod !== 'accessories' && Object.keys(sizes).length > 0;
  const [size, setSize] = useState<string | undefined>(undefined);
  const [inBag, setInBag] = useState((data.addToCart[0]?.quantity ?? 0) > 0);
  const [wished, setWished] = useState(data.wishStatus[0]?.wished === 'Y');
  const [serviceable, setServiceable] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const actions = useProductActions({
    productId: info.id,
    prod: info.prod,
    partner: info.partner,
    size: needsSize ? size : '',
    needsSize,
  });
  const buyable = info.active === 'In stock' && info.stock > 0;

  const chooseColour = async (color: string) => {
    try {
      const { prodId } = await api.post<ModifyProdResponse>(
        apiPaths.modifyProd(info.prod),
        { childKey: info.childKey, color },
        { key: 'color' },
      );
      navigate(paths.product(info.prod, prodId));
    } catch {
      // the spec's error catalogue: a failed colour change is handled as a lost session
      markLoggedOut();
      navigate(paths.login());
    }
  };
  const toggleBag = async () => {
    const units = await actions.toggleBag(inBag);
    if (units !== undefined) setInBag(units > 0);
  };
  const toggleWish = async () => {
    const now = await actions.toggleWish(wished);
    if (now !== undefined) setWished(now);
  };

  return (
    <article className="product">
      <div className="product-top">
        <Gallery photos={photosOf(info)} name={info.name} />
        <div className="product-summary">
          <p className="product-eyebrow">
            {info.prod === 'accessories'
              ? 'CRAFTS'
              : `${info.userSegment.toUpperCase()} · ${info.genre.toUpperCase()}`}
          </p>
          <h1 className="product-title">{info.name.toUpperCase()}</h1>
          <div className="product-price">
            <Price
              currentPrice={info.currentPrice}
              oldPrice={info.oldPrice}
              discount={info.discount}
              size="large"
            />
            {info.sale && (
              <p className="product-sale">
                {info.sale.title} · ends{' '}
                <time dateTime={info.sale.endsAt}>{saleEndsAt(info.sale.endsAt)}</time>
              </p>
            )}
            <p className="product-taxes">Prices include all taxes</p>
          </div>
          {stockMessages(info).map((message) => (
            <p key={message} className={message.startsWith('Hurry') ? 'stock-note low' : 'stock-note out'}>
              {message}
            </p>
          ))}
          {needsSize && (
            <Sizes sizes={sizes} held={info.held} selected={size} onSelect={setSize} chart={data.sizeChart} />
          )}
          {needsSize && <FitNote fit={data.fit} usualSize={data.usualSize} />}
          {data.colorInfo.length > 0 && (
            <Colours prod={info.prod} colours={data.colorInfo} currentId={info.id} onChoose={chooseColour} />
          )}
          {buyable && (
            <Delivery productId={info.id} onCheck={actions.checkPincode} onResult={setServiceable} />
          )}
          <div className="product-buttons">
            <button
              type="button"
              className="button button-primary"
              disabled={!inBag && !serviceable}
              onClick={toggleBag}
            >
              {inBag ? 'REMOVE FROM CART' : 'ADD TO CART'}
            </button>
            {inBag && (
              <Link className="button" to={paths.checkout()}>
                GO TO BAG
              </Link>
            )}
            <button type="button" className="button wish-button" aria-pressed={wished} onClick={toggleWish}>
              <span aria-hidden="true">{wished ? '♥' : '♡'}</span>
              {wished ? 'WISHLISTED' : 'WISHLIST'}
            </button>
          </div>
          <ul className="product-promises">
            <FreeDelivery />
            <ShopRules returnable={info.returnable !== 'N'} exchangeable={info.prod === 'apparel'} />
            {info.returnable === 'N' && <li>{NOT_RETURNABLE_TEXT}</li>}
          </ul>
        </div>
      </div>
      <div className="product-details">
        <Specs info={info} />
        <Ratings rating={data.rating}>
          {loggedin && (
            <button type="button" className="button" onClick={() => setReviewing(true)}>
              Write a review
            </button>
          )}
        </Ratings>
      </div>
      <Reviews reviews={data.review} />
      {loggedin && (
        <ReviewModal
          open={reviewing}
          onClose={() => setReviewing(false)}
          onSubmit={async (text, rating) => {
            // closed first: the answer's alert is outside the dialog, which makes the page inert
            setReviewing(false);
            if (await actions.submitReview(text, rating)) onReviewed();
          }}
        />
      )}
    </article>
  );
}
