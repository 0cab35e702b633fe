import type { AdminOrder } from '../../../../../contract/admin.ts';
import { TIMELINE_TITLES } from '../../../../../contract/after-sale-constants.ts';
import { formatRupees, formatWhen } from '../../lib/format.ts';

type Line = AdminOrder['lines'][number];
type Step = Line['timeline'][number];

function Detail({ step }: { step: Step }) {
  const { detail } = step;
  if (!detail) return null;
  if ('amount' in detail) return <>: {formatRupees(detail.amount)}</>;
  return (
    <>
      : tracking id {detail.trackingId}
      {detail.trackingUrl && (
        <>
          {' '}
          (
          <a href={detail.trackingUrl} target="_blank" rel="noopener noreferrer">
            courier's page<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          )
        </>
      )}
    </>
  );
}

/** A line's timeline, oldest first: the same steps, dates and amounts as the shopper's Orders shows. */
export function LineTimeline({ line }: { line: Line }) {
  const headingId = `timeline-${line.purchaseId}`;
  return (
    <section className="admin-line-timeline" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {line.product.name} ({line.purchaseId})
      </h3>
      <ol className="admin-plain-list">
        {line.timeline.map((step) => (
          <li key={`${step.event}-${step.at}`}>
            {formatWhen(step.at)}: {TIMELINE_TITLES[step.event]}
            <Detail step={step} />
          </li>
        ))}
      </ol>
    </section>
  );
}
