import { useCallback, useState } from 'react';
import type { ListingResponse, SelectedFilters, SortCode } from '../../../../contract/catalog.ts';
import { api } from '../../api/client.ts';
import { takePrefetched } from '../../api/prefetch.ts';
import { type Loaded, useLoad } from '../../api/useLoad.ts';
import { preloadImage } from '../../components/Image.tsx';
import { type FilterOptions, narrowOptions, toOptions } from './filters.ts';
import { CARD_SIZES } from './ProductCard.tsx';
import { DEFAULT_DENSITY } from './ViewAs.tsx';

export interface ListingQuery {
  /** the API path, filters included */
  url: string;
  page: number;
  sort: SortCode;
  /** stable for as long as the URL's filters do not change */
  filters: SelectedFilters;
}

interface Options {
  /** the values present in the current result set */
  returned: FilterOptions;
  /** the values shown in the filter panel (spec section 4's narrowing rule) */
  options: FilterOptions;
}

export interface ListingState extends Options {
  loading: boolean;
  data: ListingResponse | undefined;
  /** a problem other than a server error (which goes to /error) */
  failed: 'filters' | 'network' | undefined;
}

/** The listing page's products; the filter options are kept while the next page loads. */
export function useListing(query: ListingQuery): ListingState & { retry: () => void } {
  const { url, page, sort, filters } = query;
  const [options, setOptions] = useState<Options>({ returned: {}, options: {} });

  const request = useCallback(
    async (signal?: AbortSignal) => {
      const body = { page, sort };
      const prefetched = takePrefetched<ListingResponse>('POST', url, body);
      // a first visit shows the default density
      prefetched?.then(
        ({ prods }) => {
          if (prods[0]?.photo1) preloadImage(prods[0].photo1, CARD_SIZES[DEFAULT_DENSITY]);
        },
        () => undefined,
      );
      const data = await (prefetched ?? api.post<ListingResponse>(url, body, { signal }));
      if (!signal?.aborted) {
        const returned = toOptions(data.filterFeature);
        setOptions((s) => ({ returned, options: narrowOptions(s.options, returned, filters) }));
      }
      return data;
    },
    [url, page, sort, filters],
  );
  const { state, retry } = useLoad(request, 'Error occured while loading products');

  return {
    ...options,
    loading: state.status === 'loading',
    data: state.status === 'ready' ? state.data : undefined,
    failed: problemOf(state),
    retry,
  };
}

/** the server refused the URL's filters (400), or the load failed otherwise (but for a server error) */
function problemOf(state: Loaded<ListingResponse>): ListingState['failed'] {
  if (state.status === 'failed' && state.refusal.kind === 'refused' && state.refusal.status === 400) {
    return 'filters';
  }
  return state.status === 'failed' || state.status === 'loggedOut' ? 'network' : undefined;
}
