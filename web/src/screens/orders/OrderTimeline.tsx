import { useId, useState } from 'react';
import { TIMELINE_TITLES } from '../../../../contract/after-sale-constants.ts';
import { formatRupees } from '../../../../contract/money.ts';
import type { OrderLine, TimelineEvent } from '../../../../contract/orders.ts';

// times as the shop's customers live them (shown in Asia/Kolkata), e.g. 25 Nov 2026, 14:05
const moment = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Kolkata',
});

function Detail({ step }: { step: TimelineEvent }) {
  const { detail } = step;
  if (!detail) return null;
  if ('amount' in detail) return <p className="timeline-detail">{formatRupees(detail.amount)} sent back</p>;
  return (
    <p className="timeline-detail">
      Tracking id {detail.trackingId}
      {detail.trackingUrl && (
        <>
          {' · '}
          <a href={detail.trackingUrl} target="_blank" rel="noopener noreferrer">
            Track with the courier<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </>
      )}
    </p>
  );
}

/**
 * The line's timeline behind a disclosure button (closed at first): each step with its date and time,
 * oldest first. The button is described by the item's name, so each line's is told apart when heard.
 */
export function OrderTimeline({ line, nameId }: { line: OrderLine; nameId: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="order-timeline">
      <button
        type="button"
        className="timeline-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={nameId}
        onClick={() => setOpen(!open)}
      >
        Order timeline
      </button>
      <ol id={listId} className="timeline-steps" hidden={!open}>
        {line.timeline.map((step) => (
          <li key={`${step.event}-${step.at}`} className={`timeline-step timeline-${step.event}`}>
            <p className="timeline-title">
              {TIMELINE_TITLES[step.event]}{' '}
              <time dateTime={step.at} className="timeline-time">
                {moment.format(new Date(step.at))}
              </time>
            </p>
            <Detail step={step} />
          </li>
        ))}
      </ol>
    </div>
  );
}
