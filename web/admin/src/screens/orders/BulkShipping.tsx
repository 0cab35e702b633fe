import { useEffect, useRef, useState } from 'react';
import type { PickupScheduled, ShipmentsBooked } from '../../../../../contract/shipping.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure } from '../../api/useLoad.ts';

type Document = 'labels' | 'manifest';

const DOCUMENT_TITLES: Record<Document, string> = { labels: 'Labels', manifest: 'Manifest' };

interface Props {
  /** purchase ids of the lines chosen, awaiting shipment */
  selected: string[];
  /** the lines were booked (some or all): the list shows them shipped */
  onBooked: () => void;
}

/**
 * Booking the selected lines together with the courier partner, then, for those booked, one PDF of
 * their labels, the manifest, and the courier's pickup.
 */
export function BulkShipping({ selected, onBooked }: Props) {
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<ShipmentsBooked['results']>([]);
  const [files, setFiles] = useState<Partial<Record<Document, string>>>({});
  const [pickup, setPickup] = useState<string | undefined>();
  const booked = results.filter((result) => result.awb !== null).map((result) => result.purchaseId);

  // the PDFs live as object URLs until the screen goes
  const made = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of made.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const act = async (what: string, action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      alertFailure(error, `${what} failed`);
    } finally {
      setBusy(false);
    }
  };

  const book = () =>
    act('Booking the courier', async () => {
      const answer = await api.post<ShipmentsBooked>(apiPaths.shipments(), { purchaseIds: selected });
      setResults(answer.results);
      setFiles({});
      setPickup(undefined);
      onBooked();
    });

  const fetchDocument = (document: Document) =>
    act(`Getting the ${document}`, async () => {
      const path = document === 'labels' ? apiPaths.shipmentLabels() : apiPaths.manifest();
      const pdf = await api.postForFile(path, { purchaseIds: booked });
      const url = URL.createObjectURL(pdf);
      made.current.push(url);
      setFiles((shown) => ({ ...shown, [document]: url }));
    });

  const schedulePickup = () =>
    act('Scheduling the pickup', async () => {
      const answer = await api.post<PickupScheduled>(apiPaths.pickup(), { purchaseIds: booked });
      setPickup(answer.pickupDate);
      showAlert(`Pickup scheduled: ${answer.pickupDate}`);
    });

  return (
    <section className="admin-card admin-bulk-shipping" aria-labelledby="bulk-shipping">
      <h2 id="bulk-shipping">Ship together</h2>
      <p>Select lines awaiting shipment below, then book them with the courier.</p>
      <button
        type="button"
        className="button button-primary"
        disabled={busy || !selected.length}
        onClick={book}
      >
        Book selected ({selected.length})
      </button>
      <div role="status">
        {results.length > 0 && (
          <ul className="admin-plain-list">
            {results.map((result) => (
              <li key={result.purchaseId}>
                {result.purchaseId}:{' '}
                {result.awb ? `AWB ${result.awb}, ${result.courier}` : `not booked. ${result.error}`}
              </li>
            ))}
          </ul>
        )}
        {pickup && <p>Pickup scheduled: {pickup}</p>}
      </div>
      {booked.length > 0 && (
        <div className="admin-actions">
          {(['labels', 'manifest'] as const).map((document) =>
            files[document] ? (
              <a key={document} className="button" href={files[document]} target="_blank" rel="noopener">
                Open {DOCUMENT_TITLES[document].toLowerCase()} (PDF)
              </a>
            ) : (
              <button
                key={document}
                type="button"
                className="button"
                disabled={busy}
                onClick={() => fetchDocument(document)}
              >
                Get {DOCUMENT_TITLES[document].toLowerCase()} PDF
              </button>
            ),
          )}
          <button
            type="button"
            className="button"
            disabled={busy || pickup !== undefined}
            onClick={schedulePickup}
          >
            Schedule pickup
          </button>
        </div>
      )}
    </section>
  );
}
