import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListingResponse, SelectedFilters, SortCode } from '../../../../contract/catalog.ts';
import { ApiError, api } from '../../api/client.ts';
import { takePrefetched } from '../../api/prefetch.ts';
import { preloadImage } from '../../components/Image.tsx';
import { paths } from '../../config/paths.ts';
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

export interface ListingState {
  loading: boolean;
  data: ListingResponse | undefined;
  /** the values present in the current result set */
  returned: FilterOptions;
  /** the values shown in the filter panel (spec section 4's narrowing rule) */
  options: FilterOptions;
  /** a problem other than a server error (which goes to /error) */
  failed: 'filters' | 'network' | undefined;
}

const initial: ListingState = {
  loading: true,
  data: undefined,
  returned: {},
  options: {},
  failed: undefined,
};

export function useListing(query: ListingQuery): ListingState & { retry: () => void } {
  const navigate = useNavigate();
  const [state, setState] = useState(initial);
  const [attempt, setAttempt] = useState(0);
  const { url, page, sort, filters } = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` re-runs a failed load
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, failed: undefined }));
    const body = { page, sort };
    const prefetched = takePrefetched<ListingResponse>('POST', url, body);
    // a first visit shows the default density
    prefetched?.then(
      ({ prods }) => {
        if (prods[0]?.photo1) preloadImage(prods[0].photo1, CARD_SIZES[DEFAULT_DENSITY]);
      },
      () => undefined,
    );
    (prefetched ?? api.post<ListingResponse>(url, body, { signal: controller.signal }))
      .then((data) => {
        // a prefetched request has no signal: its answer can arrive after the page has moved on
        if (controller.signal.aborted) return;
        const returned = toOptions(data.filterFeature);
        setState((s) => ({
          loading: false,
          data,
          returned,
          options: narrowOptions(s.options, returned, filters),
          failed: undefined,
        }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 500) {
          console.error('Error occured while loading products');
          navigate(paths.error());
          return;
        }
        const failed = error instanceof ApiError && error.status === 400 ? 'filters' : 'network';
        setState((s) => ({ ...s, loading: false, data: undefined, failed }));
      });
    return () => controller.abort();
  }, [url, page, sort, filters, attempt, navigate]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
