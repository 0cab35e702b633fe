import { useId, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { SelectedFilters, SortCode } from '../../../../contract/catalog.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { apiPaths, paths } from '../../config/paths.ts';
import { FilterDrawer } from './FilterDrawer.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { countSelected, parseFilters, parsePage, parseSort, toggleValue } from './filters.ts';
import { EmptyListing, ListingProblem } from './ListingMessages.tsx';
import { Pagination } from './Pagination.tsx';
import { CARD_SIZES, ProductCard } from './ProductCard.tsx';
import { SelectedChips } from './SelectedChips.tsx';
import { SortMenu } from './SortMenu.tsx';
import { useListing } from './useListing.ts';
import { useListingWish } from './useListingWish.ts';
import { DEFAULT_DENSITY, type Density, ViewAs } from './ViewAs.tsx';
import './listing.css';

const EAGER_CARDS = 4;

/**
 * Both listings: /item/{userSegment}/{genre}/{filters} (apparel) and /accessories/{filters} (crafts).
 * The filters live in the path, page and sort in the query, so Back and Forward replay the shopper's steps.
 */
export function ListingScreen() {
  const { userSegment, genre, filters } = useParams();
  const category = userSegment !== undefined && genre !== undefined ? { userSegment, genre } : undefined;
  // a new category starts afresh (its own filter options, panel closed)
  return (
    <Listing
      key={category ? `${userSegment}/${genre}` : 'accessories'}
      category={category}
      filtersParam={filters}
    />
  );
}

interface ListingProps {
  /** undefined: the crafts listing */
  category: { userSegment: string; genre: string } | undefined;
  filtersParam: string | undefined;
}

function Listing({ category, filtersParam }: ListingProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const sort = parseSort(searchParams.get('sort'));
  const filters = useMemo(() => parseFilters(filtersParam), [filtersParam]);
  const url = category
    ? apiPaths.listing(category.userSegment, category.genre, filters)
    : apiPaths.accessories(filters);
  const listing = useListing({ url, page, sort, filters });
  const onWish = useListingWish();
  const [density, setDensity] = useState<Density>(DEFAULT_DENSITY);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();

  usePageTitle(category ? `${category.userSegment} ${category.genre}` : 'Crafts');

  const href = (nextFilters: SelectedFilters, nextPage: number, nextSort: SortCode) => {
    const path = category
      ? paths.listing(category.userSegment, category.genre, nextFilters)
      : paths.accessories(nextFilters);
    const query = new URLSearchParams();
    if (nextPage > 1) query.set('page', String(nextPage));
    if (nextSort !== 0) query.set('sort', String(nextSort));
    const search = query.toString();
    return search ? `${path}?${search}` : path;
  };
  // the router applies a navigation as a transition: show the shopper's choice at once meanwhile
  const [chosen, setChosen] = useState<{ from: string | undefined; filters: SelectedFilters }>();
  if (chosen && chosen.from !== filtersParam) setChosen(undefined);
  const selected = chosen?.filters ?? filters;
  const setFilters = (next: SelectedFilters) => {
    setChosen({ from: filtersParam, filters: next });
    navigate(href(next, 1, sort));
  };
  const clearAll = () => setFilters({});
  const toggle = (feature: string, value: string) => setFilters(toggleValue(selected, feature, value));
  const selectedCount = countSelected(selected);
  const prods = listing.data?.prods ?? [];

  return (
    <div className="listing">
      <header className="listing-head">
        <div>
          {category && <p className="listing-eyebrow">{category.userSegment.toUpperCase()}</p>}
          <h1>{category ? category.genre : 'Crafts'}</h1>
        </div>
        {listing.data && !listing.loading && (
          <p className="listing-count">
            {listing.data.noOfEntries.toLocaleString('en-IN')}{' '}
            {listing.data.noOfEntries === 1 ? 'product' : 'products'}
          </p>
        )}
      </header>

      <div className="listing-tools">
        <button
          type="button"
          className="listing-tool dot-toggle"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen(true)}
        >
          <span className="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span className="dot-label">Filter</span>
          {selectedCount > 0 && (
            <span className="dot-badge">
              <span className="visually-hidden">, </span>
              {selectedCount}
              <span className="visually-hidden"> selected</span>
            </span>
          )}
        </button>
        <SortMenu sort={sort} onSort={(next) => navigate(href(filters, 1, next))} />
        <ViewAs density={density} onChange={setDensity} />
      </div>

      <SelectedChips selected={selected} onRemove={toggle} />

      <FilterDrawer id={panelId} open={panelOpen} onClose={() => setPanelOpen(false)}>
        <FilterPanel
          options={listing.options}
          returned={listing.returned}
          selected={selected}
          loading={listing.loading}
          onToggle={toggle}
          onClearAll={clearAll}
          onClose={() => setPanelOpen(false)}
        />
      </FilterDrawer>

      {listing.loading ? (
        <Spinner />
      ) : listing.failed ? (
        <ListingProblem failed={listing.failed} onClearAll={clearAll} onRetry={listing.retry} />
      ) : prods.length === 0 ? (
        <EmptyListing
          page={page}
          filtered={selectedCount > 0}
          firstPageHref={href(filters, 1, sort)}
          onClearAll={clearAll}
        />
      ) : (
        <>
          <ul className={`grid density-${density}`} aria-label="Products">
            {prods.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                priority={index < EAGER_CARDS}
                sizes={CARD_SIZES[density]}
                onWish={product.prod === 'apparel' ? onWish : undefined}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            noOfEntries={listing.data?.noOfEntries ?? 0}
            count={prods.length}
            pageHref={(p) => href(filters, p, sort)}
          />
        </>
      )}
    </div>
  );
}
