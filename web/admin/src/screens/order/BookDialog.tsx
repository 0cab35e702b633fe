import { useCallback, useId } from 'react';
import type { AdminOrderLine } from '../../../../../contract/admin.ts';
import type { CourierChoices, ShipmentBooked } from '../../../../../contract/shipping.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Loading } from '../../components/Loading.tsx';
import { formatRupees } from '../../lib/format.ts';

interface Props {
  line: AdminOrderLine;
  onClose: () => void;
  /** reloads the order once the courier has answered, booked or refused */
  onChanged: () => void;
}

/**
 * Ship through the courier partner: its couriers for the parcel with their rate and days, the
 * recommended one chosen; booking ships the line with the courier's AWB. A refusal is told in the
 * courier's words, and the order page keeps it beside the line.
 */
export function BookDialog({ line, onClose, onChanged }: Props) {
  const id = useId();
  const request = useCallback(
    (signal?: AbortSignal) => api.get<CourierChoices>(apiPaths.couriers(line.purchaseId), { signal }),
    [line.purchaseId],
  );
  const { state, retry } = useLoad(request, 'Loading the couriers failed');

  const book = async (form: FormData) => {
    const courierId = Number(form.get('courierId'));
    try {
      const booked = await api.post<ShipmentBooked>(
        apiPaths.ship(line.purchaseId),
        courierId ? { courierId } : {},
      );
      showAlert(`Shipped with ${booked.courier}: AWB ${booked.awb}`);
    } catch (error) {
      alertFailure(error, 'Booking the courier failed');
    }
    onChanged();
  };

  return (
    <ConfirmDialog
      title={`Ship: ${line.product.name}`}
      confirm="Book courier"
      onClose={onClose}
      onConfirm={book}
    >
      <p>
        {line.purchaseId}, {line.size ? `size ${line.size}` : 'one size'}, ×{line.quantity}
      </p>
      <Loading state={state} onRetry={retry}>
        {({ couriers, recommendedId }) =>
          couriers.length === 0 ? (
            <p>No courier serves this address.</p>
          ) : (
            <fieldset className="admin-dialog-field">
              <legend>Courier</legend>
              {couriers.map((courier) => (
                <div key={courier.courierId}>
                  <input
                    type="radio"
                    id={`${id}-${courier.courierId}`}
                    name="courierId"
                    value={courier.courierId}
                    defaultChecked={courier.courierId === recommendedId}
                    required
                  />{' '}
                  <label htmlFor={`${id}-${courier.courierId}`}>
                    {courier.name}: {formatRupees(courier.rate)}, {courier.days}{' '}
                    {courier.days === 1 ? 'day' : 'days'}
                    {courier.courierId === recommendedId && ' (recommended)'}
                  </label>
                </div>
              ))}
            </fieldset>
          )
        }
      </Loading>
    </ConfirmDialog>
  );
}
