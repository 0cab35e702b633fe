import { useCallback, useState } from 'react';
import type { HighlightRow, HighlightsResponse, SortCode } from '../../../../../contract/catalogue.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { CardRow } from '../../components/cards/CardRow.tsx';
import { RecentlyViewed } from '../../components/cards/RecentlyViewed.tsx';

/** Sort codes of the listings the rows continue in: 4 what's new; 3 popularity, whose second key is rating. */
const NEWEST: SortCode = 4;
const POPULAR: SortCode = 3;

/** The listing a row continues in, sorted as the row is. */
function listingHref(listing: HighlightRow['listing'], sort: SortCode): string | undefined {
  if (!listing) return undefined;
  const path =
    listing.prod === 'accessories' ? paths.accessories() : paths.listing(listing.userSegment, listing.genre);
  return `${path}?${new URLSearchParams({ sort: String(sort) })}`;
}

/** Below the spec's sections: new arrivals, top rated (one request for both) and this browser's recently viewed. */
export function HomeRows() {
  // both rows share one answer, asked for when the first of them comes near
  const [highlights] = useState(() => {
    let answer: Promise<HighlightsResponse> | undefined;
    return () => {
      answer ??= api.get<HighlightsResponse>(apiPaths.highlights());
      return answer;
    };
  });
  const [more, setMore] = useState<{ newArrivals?: string; topRated?: string }>({});
  const loadNew = useCallback(async () => {
    const { newArrivals } = await highlights();
    setMore((links) => ({ ...links, newArrivals: listingHref(newArrivals.listing, NEWEST) }));
    return newArrivals.prods;
  }, [highlights]);
  const loadTop = useCallback(async () => {
    const { topRated } = await highlights();
    setMore((links) => ({ ...links, topRated: listingHref(topRated.listing, POPULAR) }));
    return topRated.prods;
  }, [highlights]);
  return (
    <>
      <CardRow
        id="new-arrivals"
        title="New arrivals"
        load={loadNew}
        more={more.newArrivals ? { to: more.newArrivals, label: 'See all new arrivals' } : undefined}
      />
      <CardRow
        id="top-rated"
        title="Top rated"
        load={loadTop}
        more={more.topRated ? { to: more.topRated, label: 'See all top rated' } : undefined}
      />
      <RecentlyViewed />
    </>
  );
}
