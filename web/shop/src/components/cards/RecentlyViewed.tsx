import { useCallback, useState } from 'react';
import type { ProductCards } from '../../../../../contract/catalogue.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { recentlyViewed } from '../../lib/recently-viewed.ts';
import { CardRow } from './CardRow.tsx';

/** The products this browser viewed last (but `except`, the one on screen); nothing when there are none. */
export function RecentlyViewed({ except }: { except?: number }) {
  const [ids] = useState(() => recentlyViewed().filter((id) => id !== except));
  const load = useCallback(
    async () => (await api.get<ProductCards>(apiPaths.productCards(ids))).prods,
    [ids],
  );
  if (ids.length === 0) return null;
  return <CardRow id="recently-viewed" title="Recently viewed" load={load} />;
}
