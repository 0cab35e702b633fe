import type { AdminOrderLine } from '../../../../../contract/admin.ts';
import { apiPaths } from '../../api/paths.ts';

/**
 * A line's tracking: the courier's AWB with its label to print once booked through the partner (else the
 * typed tracking id), the reverse pickup of its return, and the courier's reason when it refused to book.
 */
export function LineShipment({ line }: { line: AdminOrderLine }) {
  return (
    <>
      {line.awb ? (
        <>
          AWB {line.awb}
          <br />
          {line.courier}
          <br />
          <a href={apiPaths.label(line.purchaseId)} target="_blank" rel="noopener">
            Print label<span className="visually-hidden"> for {line.purchaseId} (PDF)</span>
          </a>
        </>
      ) : (
        (line.trackingId ?? '–')
      )}
      {line.returnPickup && (
        <p>
          Return pickup: AWB {line.returnPickup.awb}, {line.returnPickup.courier}
        </p>
      )}
      {line.bookingRefusal && (
        <p className="admin-refusal">
          <strong>The courier refused:</strong> {line.bookingRefusal}
        </p>
      )}
    </>
  );
}
