import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import type { SetupAnswer, SetupStep, SetupStepKey } from '../../../../../contract/setup.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Loading } from '../../components/Loading.tsx';

/** What each step's link says; payments and SMS are set in the server's environment instead. */
const LINK_TEXTS: Partial<Record<SetupStepKey, string>> = {
  shop: 'Open Settings',
  seller: 'Open Sellers',
  delivery: 'Open Delivery',
  product: 'Add a product',
};

const ENVIRONMENT_HINT =
  'Set these in the server’s environment and restart it; docs/deploy.md, “Going live”, walks through each.';

/** The owner's way to a live shop: "Set up your shop", "Go live", and "Remove the demo" while it is there. */
export function ShopSetup() {
  const request = useCallback(
    (signal?: AbortSignal) => api.get<SetupAnswer>(apiPaths.setup(), { signal }),
    [],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the setup checklist failed');
  return (
    <Loading state={state} onRetry={retry}>
      {(setup) => (
        <div className="admin-setup">
          {!setup.live && <Checklist steps={setup.steps} />}
          <GoLive setup={setup} />
          {setup.demo && <RemoveDemo onRemoved={reload} />}
        </div>
      )}
    </Loading>
  );
}

function Checklist({ steps }: { steps: SetupStep[] }) {
  const id = useId();
  const done = steps.filter((s) => s.done).length;
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Set up your shop</h2>
      <p>
        {done} of {steps.length} steps done.
      </p>
      <ol className="admin-setup-steps">
        {steps.map((step) => (
          <li key={step.key} className="admin-setup-step">
            <h3>
              <span className={step.done ? 'admin-setup-done' : 'admin-setup-todo'} aria-hidden="true">
                {step.done ? '✓' : '○'}
              </span>{' '}
              {step.title} <span className="admin-status">{step.done ? 'Done' : 'To do'}</span>
            </h3>
            {step.missing.length > 0 && (
              <ul className="admin-setup-missing">
                {step.missing.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            )}
            {step.link ? (
              <p>
                <Link to={step.link}>{LINK_TEXTS[step.key] ?? step.title}</Link>
              </p>
            ) : (
              !step.done && <p className="admin-setup-hint">{ENVIRONMENT_HINT}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function GoLive({ setup }: { setup: SetupAnswer }) {
  const id = useId();
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Go live</h2>
      {setup.live ? (
        <p>Your shop is live: everything a live shop needs is in place.</p>
      ) : (
        <>
          <p>Before your shop goes live:</p>
          <ul className="admin-setup-missing">
            {setup.goLive.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <p className="admin-setup-hint">
            On the server, <code>npm run doctor</code> runs the same check.
          </p>
        </>
      )}
    </section>
  );
}

/** The counts the server removed, in words: "1,708 products, 23 sellers, …". */
const describeRemoved = (removed: Record<string, number>) =>
  Object.entries(removed)
    .map(
      ([what, count]) =>
        `${count.toLocaleString('en-IN')} ${what.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`,
    )
    .join(', ');

function RemoveDemo({ onRemoved }: { onRemoved: () => void }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    try {
      const { removed } = await api.post<{ removed: Record<string, number> }>(apiPaths.removeDemo());
      showAlert(`Demo removed: ${describeRemoved(removed)}`);
    } catch (error) {
      alertFailure(error, 'Removing the demo failed');
    }
    onRemoved();
  };
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Remove the demo</h2>
      <p>
        The demo’s products, sellers, delivery partners and reviews are samples for trying haat. Remove them
        before your shop goes live; your own rows stay.
      </p>
      <button type="button" className="button" onClick={() => setAsking(true)}>
        Remove the demo
      </button>
      {asking && (
        <ConfirmDialog
          title="Remove the demo"
          confirm="Remove the demo"
          onClose={() => setAsking(false)}
          onConfirm={remove}
        >
          <p>
            Every product, seller, delivery partner, review and drawn photo of the demo is removed for good.
            What you added yourself stays. Once a real order exists, the demo can no longer be removed.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
