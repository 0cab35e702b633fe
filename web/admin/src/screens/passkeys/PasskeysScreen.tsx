import { useCallback, useState } from 'react';
import type { Passkey, PasskeyList } from '../../../../../contract/passkeys.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { passkeysSupported } from '../../../../shared/lib/passkeys.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AddPasskey } from '../../components/AddPasskey.tsx';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { RemoveDialog } from '../../components/RemoveDialog.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { formatWhen } from '../../lib/format.ts';

/** The signed-in person's passkeys: a way in with no SMS code; add one per device, remove old ones. */
export function PasskeysScreen() {
  usePageTitle('Your passkeys');
  const request = useCallback(
    (signal?: AbortSignal) => api.get<PasskeyList>(apiPaths.passkeys(), { signal }),
    [],
  );
  const { state, retry, reload } = useLoad(request, 'Loading your passkeys failed');
  const [removing, setRemoving] = useState<Passkey | undefined>();

  return (
    <>
      <h1 className="admin-title">Your passkeys</h1>
      <p>
        A passkey signs you in with this device's screen lock (fingerprint, face or PIN) instead of a code by
        SMS. It works even when codes are slow or held back.
      </p>
      <Loading state={state} onRetry={retry}>
        {(passkeys) =>
          passkeys.length === 0 ? (
            <p className="admin-empty">You have no passkeys yet.</p>
          ) : (
            <AdminTable
              caption="Passkeys that sign you in to the back office"
              columns={['Name', 'Added', 'Last used', 'Actions']}
            >
              {passkeys.map((passkey) => (
                <tr key={passkey.id}>
                  <td data-label="Name">{passkey.name}</td>
                  <td data-label="Added">{formatWhen(passkey.createdAt)}</td>
                  <td data-label="Last used">
                    {passkey.lastUsedAt ? formatWhen(passkey.lastUsedAt) : 'Never'}
                  </td>
                  <td data-label="Actions">
                    <RowAction action="Remove" what={passkey.name} onClick={() => setRemoving(passkey)} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </Loading>
      {passkeysSupported() ? (
        <AddPasskey onAdded={reload} />
      ) : (
        <p className="admin-empty">This browser cannot make passkeys.</p>
      )}
      {removing && (
        <RemoveDialog
          name={removing.name}
          path={apiPaths.passkey(removing.id)}
          logged="Removing a passkey failed"
          onClose={() => setRemoving(undefined)}
          onSettled={reload}
        >
          <p>It will no longer sign you in. The device may still list it: remove it there too.</p>
        </RemoveDialog>
      )}
    </>
  );
}
