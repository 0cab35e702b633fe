import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SelectedFilters, SortCode } from '../../../../../contract/catalogue.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { useSegments } from '../../app/catalogue.ts';
import { parseFilters, parsePage, parseSort } from '../../components/listing/filters.ts';
import { ProductListing } from '../../components/listing/ProductListing.tsx';
import './search.css';

const POPULAR_GENRES = 8;

/** /search?q=…&filters=…&page=…&sort=…: a search's results, shown as a listing is. */
export function SearchScreen() {
  const [searchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const filtersParam = searchParams.get('filters') ?? undefined;
  const filters = useMemo(() => parseFilters(filtersParam), [filtersParam]);
  const page = parsePage(searchParams.get('page'));
  const sort = parseSort(searchParams.get('sort'));
  usePageTitle(q ? `Search: ${q}` : 'Search');

  if (!q) {
    return (
      <div className="listing">
        <h1 className="search-title">Search</h1>
        <NoResults text="Type what you are looking for in the search box above." />
      </div>
    );
  }
  const href = (nextFilters: SelectedFilters, nextPage: number, nextSort: SortCode) =>
    paths.search(q, nextFilters, nextPage, nextSort);
  return (
    <ProductListing
      // a new search starts afresh (its own filter values, panel closed)
      key={q}
      query={{ url: apiPaths.search(q, filters, page, sort), method: 'GET', page, sort }}
      filters={filters}
      href={href}
      title={
        <>
          <p className="listing-eyebrow">SEARCH RESULTS</p>
          <h1>“{q}”</h1>
        </>
      }
      defaultSortLabel="Best match"
      empty={<NoResults text={`No results for “${q}”`} />}
    />
  );
}

/** Nothing found: what to try, and the shop's genres to browse instead. */
function NoResults({ text }: { text: string }) {
  const segments = useSegments();
  const genres = (segments ?? [])
    .flatMap((segment) => segment.genres.map((genre) => ({ segment: segment.name, genre })))
    .slice(0, POPULAR_GENRES);
  return (
    <div className="listing-empty search-empty">
      <p className="listing-empty-title">{text}</p>
      <p>Check the spelling, use fewer words, or try a more general word such as “kurta” or “saree”.</p>
      {genres.length > 0 && (
        <nav aria-label="Popular genres">
          <h2>Popular genres</h2>
          <ul className="search-genres">
            {genres.map(({ segment, genre }) => (
              <li key={`${segment}/${genre}`}>
                <Link to={paths.listing(segment, genre)}>
                  {genre} <span className="search-genre-segment">in {segment}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
