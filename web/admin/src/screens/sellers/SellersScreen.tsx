import { useCallback, useState } from 'react';
import type { Seller, SellerList } from '../../../../../contract/sellers.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { useStaff } from '../../app/session.tsx';
import { AdminTable } from '../../components/AdminTable.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Loading } from '../../components/Loading.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { SellerForm } from './SellerForm.tsx';

/** What (de)activating means for the seller's products, said before it is done. */
const meaning = (seller: Seller) =>
  seller.active
    ? `The shop stops selling its products at once (${seller.activeProducts} live now); they come back when you activate it again.`
    : `Its products taken off the shop with it (${seller.pausedProducts}) go back on sale at once.`;

/**
 * The shop's sellers: whose goods each product is and whose GST registration its invoice names. The
 * owner adds, edits, deactivates and activates them; staff read the list.
 */
export function SellersScreen() {
  usePageTitle('Sellers');
  const owner = useStaff().role === 'owner';
  const request = useCallback(
    (signal?: AbortSignal) => api.get<SellerList>(apiPaths.sellers(), { signal }),
    [],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the sellers failed');
  const [editing, setEditing] = useState<Seller | undefined>();
  const [switching, setSwitching] = useState<Seller | undefined>();

  const setActive = async (seller: Seller) => {
    const active = !seller.active;
    try {
      await api.post<Seller>(
        active ? apiPaths.activateSeller(seller.id) : apiPaths.deactivateSeller(seller.id),
      );
      showAlert(`${active ? 'Activated' : 'Deactivated'}: ${seller.name}`);
    } catch (error) {
      alertFailure(error, active ? 'Activating a seller failed' : 'Deactivating a seller failed');
    }
    reload();
  };

  return (
    <>
      <h1 className="admin-title">Sellers</h1>
      {!owner && <p className="admin-details">Only the owner can add or change sellers.</p>}
      <Loading state={state} onRetry={retry}>
        {({ sellers }) =>
          sellers.length === 0 ? (
            <p className="admin-empty">No sellers yet: add the first below.</p>
          ) : (
            <AdminTable
              caption="Whose goods the shop sells; each invoice names its seller"
              columns={['Seller', 'State', 'GSTIN', 'Commission', 'Products', 'Status', owner && 'Actions']}
            >
              {sellers.map((seller) => (
                <tr key={seller.id}>
                  <td data-label="Seller">
                    {seller.name}
                    {seller.legalName && seller.legalName !== seller.name && (
                      <div className="admin-details">{seller.legalName}</div>
                    )}
                  </td>
                  <td data-label="State">{seller.state ?? '—'}</td>
                  <td data-label="GSTIN">{seller.gstin ?? '—'}</td>
                  <td data-label="Commission">{seller.commissionPercent}%</td>
                  <td data-label="Products">
                    {`${seller.activeProducts} live`}
                    {seller.pausedProducts > 0 && `, ${seller.pausedProducts} paused`}
                  </td>
                  <td data-label="Status">
                    <span className="admin-status">{seller.active ? 'Active' : 'Deactivated'}</span>
                  </td>
                  {owner && (
                    <td data-label="Actions">
                      <div className="admin-actions">
                        <RowAction action="Edit" what={seller.name} onClick={() => setEditing(seller)} />
                        <RowAction
                          action={seller.active ? 'Deactivate' : 'Activate'}
                          what={seller.name}
                          onClick={() => setSwitching(seller)}
                        />
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </AdminTable>
          )
        }
      </Loading>
      {owner && (
        <SellerForm
          // a new form for each seller edited, so no field of the last one stays
          key={editing?.id ?? 'new'}
          seller={editing}
          onDone={() => setEditing(undefined)}
          onSaved={(seller) => {
            showAlert(`${editing ? 'Saved' : 'Added'}: ${seller.name}`);
            setEditing(undefined);
            reload();
          }}
        />
      )}
      {switching && (
        <ConfirmDialog
          title={`${switching.active ? 'Deactivate' : 'Activate'} ${switching.name}`}
          confirm={switching.active ? 'Deactivate' : 'Activate'}
          onClose={() => setSwitching(undefined)}
          onConfirm={() => setActive(switching)}
        >
          <p>{meaning(switching)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
