import { useCallback, useState } from 'react';
import type { FilterCounts, ListingResponse, SortCode } from '../../../../../contract/catalogue.ts';
import { CARD_SIZES, DEFAULT_DENSITY } from '../../../../../contract/catalogue-constants.ts';
import { api } from '../../../../shared/api/client.ts';
import { takePrefetched } from '../../api/prefetch.ts';
import { type Loaded, useLoad } from '../../api/useLoad.ts';
import { preloadImage } from '../Image.tsx';

export interface ListingQuery {
  /** the API path, filters included; a GET's (a search's) also holds page and sort */
  url: string;
  method: 'POST' | 'GET';
  page: number;
  sort: SortCode;
}

export interface ListingState {
  /** the filter values and their counts, kept while the next answer loads */
  counts: FilterCounts;
  loading: boolean;
  data: ListingResponse | undefined;
  /** a problem other than a server error (which goes to /error) */
  failed: 'filters' | 'network' | undefined;
}

/** The listing page's products; the filter options are kept while the next page loads. */
export function useListing(query: ListingQuery): ListingState & { retry: () => void } {
  const { url, method, page, sort } = query;
  const [counts, setCounts] = useState<FilterCounts>({});

  const request = useCallback(
    async (signal?: AbortSignal) => {
      const body = method === 'POST' ? { page, sort } : undefined;
      const prefetched = takePrefetched<ListingResponse>(method, url, body);
      // a first visit shows the default density
      prefetched?.then(
        ({ prods }) => {
          if (prods[0]?.photo1) preloadImage(prods[0].photo1, CARD_SIZES[DEFAULT_DENSITY]);
        },
        () => undefined,
      );
      const data = await (prefetched ??
        (body
          ? api.post<ListingResponse>(url, body, { signal })
          : api.get<ListingResponse>(url, { signal })));
      if (!signal?.aborted) setCounts(data.filterCounts);
      return data;
    },
    [url, method, page, sort],
  );
  const { state, retry } = useLoad(request, 'Error occurred while loading products');

  return {
    counts,
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
