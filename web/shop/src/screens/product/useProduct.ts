import { useCallback } from 'react';
import type { ProductResponse } from '../../../../../contract/catalogue.ts';
import { GALLERY_SIZES } from '../../../../../contract/catalogue-constants.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { takePrefetched } from '../../api/prefetch.ts';
import { useLoad, withNotFound } from '../../api/useLoad.ts';
import { preloadImage } from '../../components/Image.tsx';

/** GET /product/ind/{prod}/{id}; a server error goes to /error (the spec's error catalogue). */
export function useProduct(prod: string, productId: string) {
  const request = useCallback(
    (signal?: AbortSignal) => {
      const path = apiPaths.product(prod, productId);
      const prefetched = takePrefetched<ProductResponse>('GET', path);
      prefetched?.then(
        ({ productInfo }) => {
          if (productInfo.photo1) preloadImage(productInfo.photo1, GALLERY_SIZES);
        },
        () => undefined,
      );
      return prefetched ?? api.get<ProductResponse>(path, { signal });
    },
    [prod, productId],
  );
  const { state, retry, reload } = useLoad(request, 'Error occurred while loading product page');
  return { ...withNotFound(state), retry, reload };
}
