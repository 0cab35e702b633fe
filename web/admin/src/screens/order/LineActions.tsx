import { useId, useState } from 'react';
import type { AdminOrderLine } from '../../../../../contract/admin.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure } from '../../api/useLoad.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { BookDialog } from './BookDialog.tsx';

type Action = 'ship' | 'deliver' | 'cancel';

/** The actions a line's state offers; the server has the last word and its refusal is shown as it says. */
const OFFERED: Partial<Record<AdminOrderLine['status'], Action[]>> = {
  placed: ['ship', 'cancel'],
  shipped: ['deliver', 'cancel'],
};

const LABELS: Record<Action, string> = { ship: 'Ship', deliver: 'Mark delivered', cancel: 'Cancel line' };

const DONE: Record<Action, string> = { ship: 'Shipped', deliver: 'Marked delivered', cancel: 'Cancelled' };

function perform(action: Action, purchaseId: string, form: FormData): Promise<AdminOrderLine> {
  if (action === 'ship') {
    const trackingId = String(form.get('trackingId') ?? '').trim();
    return api.post(apiPaths.ship(purchaseId), { trackingId });
  }
  return api.post(action === 'deliver' ? apiPaths.deliver(purchaseId) : apiPaths.cancel(purchaseId));
}

interface Props {
  line: AdminOrderLine;
  /** a courier partner books shipments: Ship chooses a courier instead of asking for a tracking id */
  booking: boolean;
  onChanged: () => void;
}

/** A line's buttons, each asking first; `onChanged` reloads the order once the server has answered. */
export function LineActions({ line, booking, onChanged }: Props) {
  const id = useId();
  const [open, setOpen] = useState<Action | undefined>();
  const actions = OFFERED[line.status] ?? [];
  if (!actions.length) return null;

  const confirm = async (action: Action, form: FormData) => {
    try {
      await perform(action, line.purchaseId, form);
      showAlert(`${DONE[action]}: ${line.purchaseId}`);
    } catch (error) {
      alertFailure(error, `${LABELS[action]} failed`);
    }
    onChanged();
  };

  return (
    <div className="admin-actions admin-no-print">
      {actions.map((action) => (
        <button key={action} type="button" className="button" onClick={() => setOpen(action)}>
          {LABELS[action]}
        </button>
      ))}
      {open === 'ship' && booking && (
        <BookDialog line={line} onClose={() => setOpen(undefined)} onChanged={onChanged} />
      )}
      {open && !(open === 'ship' && booking) && (
        <ConfirmDialog
          title={`${LABELS[open]}: ${line.product.name}`}
          confirm={LABELS[open]}
          onClose={() => setOpen(undefined)}
          onConfirm={(form) => confirm(open, form)}
        >
          <p>
            {line.purchaseId}, {line.size ? `size ${line.size}` : 'one size'}, ×{line.quantity}
          </p>
          {open === 'ship' && (
            <div className="admin-dialog-field">
              <label htmlFor={`${id}-tracking`}>Tracking ID</label>
              <input id={`${id}-tracking`} name="trackingId" required maxLength={60} autoComplete="off" />
            </div>
          )}
          {open === 'cancel' && <p>The customer is refunded as the shop's terms say.</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
