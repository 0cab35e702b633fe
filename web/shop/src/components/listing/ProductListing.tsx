import { type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SelectedFilters, SortCode } from '../../../../../contract/catalogue.ts';
import { CARD_SIZES, DEFAULT_DENSITY, FIRST_CARDS } from '../../../../../contract/catalogue-constants.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { FilterDrawer } from './FilterDrawer.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { countSelected, toggleValue, withPriceRange } from './filters.ts';
import { EmptyListing, ListingProblem } from './ListingMessages.tsx';
import { Pagination } from './Pagination.tsx';
import { ProductCard } from './ProductCard.tsx';
import { SelectedChips } from './SelectedChips.tsx';
import { SortMenu } from './SortMenu.tsx';
import { type ListingQuery, useListing } from './useListing.ts';
import { useListingWish } from './useListingWish.ts';
import { type Density, ViewAs } from './ViewAs.tsx';
import './listing.css';

interface Props {
  /** the API call of this page of products */
  query: ListingQuery;
  /** the filters in the URL; stable while the URL's filters do not change */
  filters: SelectedFilters;
  /** the link to these products with other filters, page or sort */
  href: (filters: SelectedFilters, page: number, sort: SortCode) => string;
  title: ReactNode;
  /** what sort 0 is called here */
  defaultSortLabel?: string;
  /** shown instead of the usual message when the first page, unfiltered, is empty */
  empty?: ReactNode;
}

/**
 * Products with their filter panel (values with counts, ranges), sort menu, chips, cards and pages: a
 * listing and a search show them alike. Filters, page and sort live in the URL, so Back and Forward
 * replay the shopper's steps.
 */
export function ProductListing({ query, filters, href, title, defaultSortLabel, empty }: Props) {
  const navigate = useNavigate();
  const { page, sort } = query;
  const listing = useListing(query);
  const onWish = useListingWish();
  const [density, setDensity] = useState<Density>(DEFAULT_DENSITY);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();

  // the router applies a navigation as a transition: show the shopper's choice at once meanwhile
  const [chosen, setChosen] = useState<{ from: SelectedFilters; filters: SelectedFilters }>();
  if (chosen && chosen.from !== filters) setChosen(undefined);
  const selected = chosen?.filters ?? filters;
  const setFilters = (next: SelectedFilters) => {
    setChosen({ from: filters, filters: next });
    navigate(href(next, 1, sort));
  };
  const clearAll = () => setFilters({});
  const toggle = (feature: string, value: string) => setFilters(toggleValue(selected, feature, value));
  const selectedCount = countSelected(selected);
  const prods = listing.data?.prods ?? [];

  return (
    <div className="listing">
      <header className="listing-head">
        <div>{title}</div>
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
        <SortMenu
          sort={sort}
          defaultLabel={defaultSortLabel}
          onSort={(next) => navigate(href(filters, 1, next))}
        />
        <ViewAs density={density} onChange={setDensity} />
      </div>

      <SelectedChips selected={selected} onRemove={toggle} />

      <FilterDrawer id={panelId} open={panelOpen} onClose={() => setPanelOpen(false)}>
        <FilterPanel
          counts={listing.counts}
          selected={selected}
          loading={listing.loading}
          onToggle={toggle}
          onPriceRange={(min, max) => setFilters(withPriceRange(selected, min, max))}
          onClearAll={clearAll}
          onClose={() => setPanelOpen(false)}
        />
      </FilterDrawer>

      {listing.loading ? (
        <Spinner />
      ) : listing.failed ? (
        <ListingProblem failed={listing.failed} onClearAll={clearAll} onRetry={listing.retry} />
      ) : prods.length === 0 ? (
        (empty !== undefined && page === 1 && selectedCount === 0 && empty) || (
          <EmptyListing
            page={page}
            filtered={selectedCount > 0}
            firstPageHref={href(filters, 1, sort)}
            onClearAll={clearAll}
          />
        )
      ) : (
        <>
          <ul className={`grid density-${density}`} aria-label="Products">
            {prods.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                priority={index < FIRST_CARDS}
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
