import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatRupees } from '../../../../../contract/money.ts';
import { paths } from '../../../../../contract/paths.ts';
import { DEFAULT_SHOP_NAME } from '../../../../../contract/shop-constants.ts';
import { ApiError } from '../../../../shared/api/client.ts';
import { useShop } from '../../../../shared/api/shop.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { loadHome, nothingOnSale } from '../../app/catalogue.ts';
import { ScreenMessage } from '../../components/ScreenMessage.tsx';
import { Art } from './art.tsx';
import { Carousel } from './Carousel.tsx';
import { HomeRows } from './HomeRows.tsx';
import { DESIGNER_BAGS, SLIDES, type Tile, TRENDING } from './showcase.ts';
import './home.css';

/**
 * The home data (GET /home) feeds the menu; a failed load is reported here (the spec's errors). Answers
 * whether the shop has nothing on sale yet, once known (the showcase shows meanwhile).
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
          // unknown: the showcase stays, as for a shop with products
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

export function HomeScreen() {
  usePageTitle(undefined);
  const empty = useHomeLoad();
  const shop = useShop();
  const name = shop?.name ?? DEFAULT_SHOP_NAME;
  if (empty) return <ComingSoon name={name} />;
  return (
    <div className="home">
      <h1 className="visually-hidden">{name}: Indian fashion and crafts</h1>
      <div className="container home-hero">
        <Carousel slides={SLIDES} label="Featured collections" />
      </div>
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
      <TileSection id="trending" title="TRENDING" tiles={TRENDING} />
      <TileSection id="designer-bags" title="DESIGNER BAGS" tiles={DESIGNER_BAGS} />
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
            <Art kind="jhumka" />
          </span>
        }
      >
        <p>{name} has nothing on sale just yet. Please come back soon.</p>
      </ScreenMessage>
    </div>
  );
}

function TileSection({ id, title, tiles }: { id: string; title: string; tiles: Tile[] }) {
  return (
    <section className="container home-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="tile-grid">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className={`tile tone-${tile.tone}`}>
              <span className="tile-art">
                <Art kind={tile.art} />
              </span>
              <span className="tile-caption">
                <span className="tile-eyebrow">{tile.eyebrow}</span>{' '}
                <span className="tile-label">{tile.label}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
