import { useCallback, useEffect } from 'react';
import type { ProductCards } from '../../../../../contract/catalogue.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { CardRow } from '../../components/cards/CardRow.tsx';
import { RecentlyViewed } from '../../components/cards/RecentlyViewed.tsx';
import { rememberViewed } from '../../lib/recently-viewed.ts';

/** Below the product: similar products and the ones viewed before it; this one is remembered as viewed. */
export function ProductRows({ productId }: { productId: number }) {
  useEffect(() => rememberViewed(productId), [productId]);
  const loadSimilar = useCallback(
    async () => (await api.get<ProductCards>(apiPaths.similar(productId))).prods,
    [productId],
  );
  return (
    <>
      <CardRow id="similar-products" title="Similar products" load={loadSimilar} />
      <RecentlyViewed except={productId} />
    </>
  );
}
