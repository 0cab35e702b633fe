import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminReturnsResponse } from '../../../../../contract/admin.ts';
import { OTHER_REASON_TITLE, RETURN_REASONS } from '../../../../../contract/fit-returns-constants.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Loading } from '../../components/Loading.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatWhen } from '../../lib/format.ts';
import { ReturnableGenres } from './ReturnableGenres.tsx';

type Return = AdminReturnsResponse['returns'][number];
type Decision = 'accept' | 'reject' | 'receive';

const STATES = {
  requested: 'Awaiting a decision',
  accepted: 'Accepted, on their way back',
  all: 'All returns',
};

/** the reason filter: any, each RETURN_REASONS code, or the spec's free text */
const REASONS: Record<string, string> = { '': 'Any reason', ...RETURN_REASONS, other: OTHER_REASON_TITLE };

const LABELS: Record<Decision, string> = { accept: 'Accept', reject: 'Reject', receive: 'Mark received' };
/** what a decision did and what it means, for a return and for an exchange */
const DONE: Record<Return['kind'], Record<Decision, string>> = {
  return: { accept: 'Return accepted', reject: 'Return rejected', receive: 'Received back' },
  exchange: { accept: 'Exchange accepted', reject: 'Exchange rejected', receive: 'Received back' },
};
const MEANS: Record<Return['kind'], Record<Decision, string>> = {
  return: {
    accept: 'The customer sends the item back; once it arrives, mark it received.',
    reject: 'The customer keeps the item and is not refunded.',
    receive: 'The item is back: the customer is refunded what they paid for the line.',
  },
  exchange: {
    accept:
      'The customer sends the item back while the new size stays held; once it arrives, mark it received.',
    reject: 'The customer keeps the item, and the held size goes back to stock.',
    receive:
      'The item is back: the new size becomes a line of its own to ship (or, if it can no longer be sent, the customer is refunded what they paid).',
  },
};

function decide(decision: Decision, purchaseId: string): Promise<unknown> {
  return decision === 'receive'
    ? api.post(apiPaths.receiveReturn(purchaseId))
    : api.post(apiPaths.decideReturn(purchaseId), { accept: decision === 'accept' });
}

/** Returns asked for, oldest first, with the customer's reason and photos: accept or reject, then receive. */
export function ReturnsScreen() {
  usePageTitle('Returns');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('state') ?? 'requested';
  const reason = search.get('reason') ?? '';
  const url = `${apiPaths.returns()}${query({ state: asked, reason })}`;
  const request = useCallback(
    (signal?: AbortSignal) => api.get<AdminReturnsResponse>(url, { signal }),
    [url],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the returns failed');
  const [open, setOpen] = useState<{ decision: Decision; item: Return } | undefined>();

  const confirm = async (decision: Decision, { kind, line }: Return) => {
    const { purchaseId } = line;
    try {
      await decide(decision, purchaseId);
      showAlert(`${DONE[kind][decision]}: ${purchaseId}`);
    } catch (error) {
      alertFailure(
        error,
        `${LABELS[decision]} of ${kind === 'exchange' ? 'an exchange' : 'a return'} failed`,
      );
    }
    reload();
  };

  const offered = (item: Return): Decision[] =>
    item.line.status === 'return_requested' || item.line.status === 'exchange_requested'
      ? ['accept', 'reject']
      : item.line.status === 'returning' || item.line.status === 'exchanging'
        ? ['receive']
        : [];

  return (
    <>
      <h1 className="admin-title">Returns</h1>
      <ChoiceFilter
        label="Show"
        choices={STATES}
        value={asked}
        onChoose={(value) => setSearch(query({ state: value, reason }))}
      />
      <ChoiceFilter
        label="Reason"
        action="Show this reason"
        choices={REASONS}
        value={reason}
        onChoose={(value) => setSearch(query({ state: asked, reason: value }))}
      />
      <Loading state={state} onRetry={retry}>
        {({ returns }) =>
          returns.length === 0 ? (
            <p className="admin-empty">No returns here.</p>
          ) : (
            <ul className="admin-cards admin-wide-cards">
              {returns.map((item) => (
                <li key={item.line.purchaseId} className="admin-card">
                  <h2>{item.line.product.name}</h2>
                  <p>
                    <Link to={paths.order(item.line.orderId)}>{item.line.purchaseId}</Link>, size{' '}
                    {item.line.size || 'one size'}, ×{item.line.quantity}
                    <br />
                    {item.line.customer.name}, {item.line.customer.phone}
                    <br />
                    Asked {formatWhen(item.requestedAt)} <StatusBadge status={item.line.status} />
                  </p>
                  {item.line.exchange && (
                    <p>
                      <strong>Exchange:</strong> size {item.line.exchange.fromSize} → size{' '}
                      {item.line.exchange.toSize} (held). Once received, the new size ships as a line of its
                      own.
                    </p>
                  )}
                  <p>
                    <strong>Reason:</strong> {item.reasonTitle}
                    {item.kind === 'return' && item.reason && `: ${item.reason}`}
                  </p>
                  {item.comment && (
                    <p>
                      <strong>Comment:</strong> {item.comment}
                    </p>
                  )}
                  {item.photo && (
                    <p className="admin-photos">
                      <a href={`${item.photo}?w=960`} target="_blank" rel="noreferrer">
                        <img
                          src={`${item.photo}?w=320`}
                          alt={`${item.line.product.name} as ${item.line.customer.name} sent it with the return (opens larger)`}
                        />
                      </a>
                    </p>
                  )}
                  {item.photos.length > 0 && (
                    <div className="admin-photos">
                      {item.photos.map((photo, n) => (
                        <a key={photo} href={photo} target="_blank" rel="noreferrer">
                          <img
                            src={photo}
                            alt={`${item.line.product.name} as ${item.line.customer.name} received it (${n + 1})`}
                          />
                        </a>
                      ))}
                    </div>
                  )}
                  <div className="admin-actions">
                    {offered(item).map((decision) => (
                      <button
                        key={decision}
                        type="button"
                        className="button"
                        onClick={() => setOpen({ decision, item })}
                      >
                        {LABELS[decision]}
                      </button>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Loading>
      {open && (
        <ConfirmDialog
          title={`${LABELS[open.decision]}: ${open.item.line.product.name}`}
          confirm={LABELS[open.decision]}
          onClose={() => setOpen(undefined)}
          onConfirm={() => confirm(open.decision, open.item)}
        >
          <p>
            {open.item.line.purchaseId}. {MEANS[open.item.kind][open.decision]}
          </p>
        </ConfirmDialog>
      )}
      <ReturnableGenres />
    </>
  );
}
