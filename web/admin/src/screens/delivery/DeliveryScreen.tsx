import { useCallback, useState } from 'react';
import { FALLBACK_DELIVERY_DAYS } from '../../../../../contract/courier-constants.ts';
import type { Partner, PartnerList } from '../../../../../contract/partners.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { plural } from '../../lib/format.ts';
import { PartnerForm } from './PartnerForm.tsx';
import { PincodesUpload } from './PincodesUpload.tsx';
import './DeliveryScreen.css';

/** "2-4 business days", or the standard days when the partner promises none. */
const promiseText = ({ minDays, maxDays }: Partner) =>
  minDays !== null && maxDays !== null
    ? `${minDays}-${maxDays} business days`
    : `${FALLBACK_DELIVERY_DAYS.from}-${FALLBACK_DELIVERY_DAYS.to} business days (standard)`;

/**
 * The owner's delivery partners: each one's tracking page (the shipped SMS and the order's timeline link
 * to it) and the pincodes it serves, and collects cash on delivery at, which the shop's pincode check and
 * checkout follow.
 */
export function DeliveryScreen() {
  usePageTitle('Delivery');
  const request = useCallback(
    (signal?: AbortSignal) => api.get<PartnerList>(apiPaths.partners(), { signal }),
    [],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the delivery partners failed');
  const [editing, setEditing] = useState<Partner | undefined>();

  return (
    <>
      <h1 className="admin-title">Delivery</h1>
      <Loading state={state} onRetry={retry}>
        {({ partners }) => (
          <>
            {partners.length === 0 ? (
              <p className="admin-empty">No delivery partners yet: add the first below.</p>
            ) : (
              <AdminTable
                caption="Who delivers the shop's products, and where"
                columns={[
                  'Partner',
                  'Code',
                  'Tracking page',
                  'Delivery promise',
                  'Pincodes served',
                  'Cash on delivery at',
                  'Live products',
                  'Actions',
                ]}
              >
                {partners.map((partner) => (
                  <tr key={partner.code}>
                    <td data-label="Partner">{partner.name}</td>
                    <td data-label="Code">{partner.code}</td>
                    <td data-label="Tracking page" className="admin-tracking-url">
                      {partner.trackingUrl ?? '—'}
                    </td>
                    <td data-label="Delivery promise">{promiseText(partner)}</td>
                    <td data-label="Pincodes served">{partner.pincodes.toLocaleString('en-IN')}</td>
                    <td data-label="Cash on delivery at">
                      {plural(partner.codPincodes, 'pincode', 'pincodes')}
                    </td>
                    <td data-label="Live products">{partner.activeProducts}</td>
                    <td data-label="Actions">
                      <RowAction action="Edit" what={partner.name} onClick={() => setEditing(partner)} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
            {partners.length > 0 && <PincodesUpload partners={partners} onApplied={reload} />}
          </>
        )}
      </Loading>
      <PartnerForm
        // a new form for each partner edited, so no field of the last one stays
        key={editing?.code ?? 'new'}
        partner={editing}
        onDone={() => setEditing(undefined)}
        onSaved={(partner) => {
          showAlert(`${editing ? 'Saved' : 'Added'}: ${partner.name}`);
          setEditing(undefined);
          reload();
        }}
      />
    </>
  );
}
