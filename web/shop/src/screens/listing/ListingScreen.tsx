import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { SelectedFilters, SortCode } from '../../../../../contract/catalogue.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { parseFilters, parsePage, parseSort } from '../../components/listing/filters.ts';
import { ProductListing } from '../../components/listing/ProductListing.tsx';

/**
 * Both listings: /item/{userSegment}/{genre}/{filters} (apparel) and /accessories/{filters} (crafts).
 * The filters live in the path, page and sort in the query.
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
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const sort = parseSort(searchParams.get('sort'));
  const filters = useMemo(() => parseFilters(filtersParam), [filtersParam]);
  const url = category
    ? apiPaths.listing(category.userSegment, category.genre, filters)
    : apiPaths.accessories(filters);

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

  return (
    <ProductListing
      query={{ url, method: 'POST', page, sort }}
      filters={filters}
      href={href}
      title={
        <>
          {category && <p className="listing-eyebrow">{category.userSegment.toUpperCase()}</p>}
          <h1>{category ? category.genre : 'Crafts'}</h1>
        </>
      }
    />
  );
}
