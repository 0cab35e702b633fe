import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductResponse } from '../../../../contract/catalog.ts';
import { ApiError, api } from '../../api/client.ts';
import { takePrefetched } from '../../api/prefetch.ts';
import { preloadImage } from '../../components/Image.tsx';
import { apiPaths, paths } from '../../config/paths.ts';
import { GALLERY_SIZES } from './Gallery.tsx';

export type ProductState =
  | { status: 'loading' }
  | { status: 'ready'; data: ProductResponse }
  | { status: 'notFound' }
  | { status: 'failed' };

/** GET /product/ind/{prod}/{id}; a server error goes to /error (spec section 8). */
export function useProduct(prod: string, productId: string): ProductState & { retry: () => void } {
  const navigate = useNavigate();
  const [state, setState] = useState<ProductState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` re-runs a failed load
  useEffect(() => {
    const controller = new AbortController();
    // a reload of a shown page (after a review) keeps it on screen until the new data arrives
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    const path = apiPaths.product(prod, productId);
    const prefetched = takePrefetched<ProductResponse>('GET', path);
    prefetched?.then(
      ({ productInfo }) => {
        if (productInfo.photo1) preloadImage(productInfo.photo1, GALLERY_SIZES);
      },
      () => undefined,
    );
    (prefetched ?? api.get<ProductResponse>(path, { signal: controller.signal }))
      .then((data) => {
        // a prefetched request has no signal: its answer can arrive after the page has moved on
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 500) {
          console.error('Error occured while loading product page');
          navigate(paths.error());
        } else if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ status: 'notFound' });
        } else {
          setState({ status: 'failed' });
        }
      });
    return () => controller.abort();
  }, [prod, productId, attempt, navigate]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
