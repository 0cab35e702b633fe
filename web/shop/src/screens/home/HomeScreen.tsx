import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatRupees } from '../../../../../contract/money.ts';
import { apiPaths, paths, srcSetOf } from '../../../../../contract/paths.ts';
import { DEFAULT_SHOP_NAME } from '../../../../../contract/shop-constants.ts';
import type { ShopWindowResponse, WindowTile } from '../../../../../contract/shop-window.ts';
import { ApiError, api } from '../../../../shared/api/client.ts';
import { useShop } from '../../../../shared/api/shop.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { useLoad } from '../../api/useLoad.ts';
import { loadHome, nothingOnSale } from '../../app/catalogue.ts';
import { ScreenMessage } from '../../components/ScreenMessage.tsx';
import { Art } from './art.tsx';
import { Carousel } from './Carousel.tsx';
import { HomeRows } from './HomeRows.tsx';
import { toneOf } from './tones.ts';
import './home.css';

/**
 * The home data (GET /home) feeds the menu; a failed load is reported here (the spec's errors). Answers
 * whether the shop has nothing on sale yet, once known.
 */
function useHomeLoad(): boolean {
  const navigate = useNavigate();
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    let live = true;
    loadHome().then(
      (items) =>
        nothingOnSale(items).then(
          (nothing) => live && setEmpty(nothing),
          // unknown: the window stays, as for a shop with products
          () => undefined,
        ),
      (error: unknown) => {
        if (!live) return;
        console.error('Error occurred while leading the home page!');
        if (error instanceof ApiError && error.status === 500)
          showAlert('Server error! please try again later!');
        else if (error instanceof TypeError) navigate(paths.noResponse());
        // a 403 has already logged the shopper out through the API client
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);
  return empty;
}

/** What the owner's window features now (GET /api/shop-window); none while it loads or when it cannot. */
function useShopWindow(): ShopWindowResponse | undefined {
  const request = useCallback(() => api.get<ShopWindowResponse>(apiPaths.shopWindow()), []);
  const { state } = useLoad(request, 'Error occurred while loading the shop window!');
  return state.status === 'ready' ? state.data : undefined;
}

export function HomeScreen() {
  usePageTitle(undefined);
  const empty = useHomeLoad();
  const shop = useShop();
  const window = useShopWindow();
  const name = shop?.name ?? DEFAULT_SHOP_NAME;
  if (empty) return <ComingSoon name={name} />;
  return (
    <div className="home">
      <h1 className="visually-hidden">{name}: Indian fashion and crafts</h1>
      {window && window.slides.length > 0 && (
        <div className="container home-hero">
          <Carousel slides={window.slides} label="Featured" />
        </div>
      )}
      <ul className="container home-promises">
        {shop && (
          <li>
            <strong>Free delivery</strong> above {formatRupees(shop.freeDeliveryAbove)}
          </li>
        )}
        <li>
          <strong>Easy returns</strong> on apparel
        </li>
        <li>
          <strong>Secure</strong> online payment
        </li>
      </ul>
      {window && window.tiles.length > 0 && (
        <TileSection id="shop-by" title="SHOP BY CATEGORY" tiles={window.tiles} />
      )}
      <HomeRows />
    </div>
  );
}

/** A shop with nothing on sale yet (a new shop, started empty): a word to the shopper, not an error. */
function ComingSoon({ name }: { name: string }) {
  return (
    <div className="home">
      <ScreenMessage
        title="New arrivals are on their way"
        className="home-empty"
        art={
          <span className="home-empty-art tone-terracotta">
            <Art />
          </span>
        }
      >
        <p>{name} has nothing on sale just yet. Please come back soon.</p>
      </ScreenMessage>
    </div>
  );
}

/** a tile's photo: a fifth of the page on wide screens, a half on phones */
const TILE_SIZES = '(max-width: 600px) 50vw, (max-width: 700px) 33vw, (max-width: 1280px) 20vw, 250px';

function TileSection({ id, title, tiles }: { id: string; title: string; tiles: WindowTile[] }) {
  return (
    <section className="container home-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="tile-grid">
        {tiles.map((tile, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the owner's order; two tiles may lead to one place
          <li key={i}>
            <Link to={tile.href} className={`tile ${toneOf(i)}`}>
              <span className="tile-art">
                {tile.photoUrl && (
                  <img
                    className="tile-photo"
                    src={`${tile.photoUrl}?w=640`}
                    srcSet={srcSetOf(tile.photoUrl)}
                    sizes={TILE_SIZES}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </span>
              <span className="tile-caption">
                <span className="tile-label">{tile.title}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
