import { useCallback } from 'react';
import type { ShippingSetup } from '../../../../contract/shipping.ts';
import { api } from './client.ts';
import { apiPaths } from './paths.ts';
import { useLoad } from './useLoad.ts';

/**
 * The courier partner that books shipments, or null when the shop ships by hand with a typed
 * tracking id; null too while it is being asked, or when asking failed: the manual way always works.
 */
export function useShippingPartner(): ShippingSetup['partner'] {
  const request = useCallback(
    (signal?: AbortSignal) => api.get<ShippingSetup>(apiPaths.shipping(), signal),
    [],
  );
  const { state } = useLoad(request, 'Loading the shipping setup failed');
  return state.status === 'ready' ? state.data.partner : null;
}
