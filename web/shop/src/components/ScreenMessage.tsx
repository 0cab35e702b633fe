import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../contract/paths.ts';
import './ScreenMessage.css';

interface Props {
  title: string;
  /** a picture above the title */
  art?: ReactNode;
  className?: string;
  /** what follows the title: a line, a button or link */
  children: ReactNode;
}

/** A screen that has only a message to show: not logged in, nothing there yet, or a failed load. */
export function ScreenMessage({ title, art, className, children }: Props) {
  return (
    <section className={className ? `screen-message ${className}` : 'screen-message'}>
      {art}
      <h1 className="screen-message-title">{title}</h1>
      {children}
    </section>
  );
}

/** The shopper's list (bag, wishlist) could not be loaded; Try again loads it afresh. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <ScreenMessage title={`Your ${what} could not be loaded`}>
      <p>Please check your connection and try again.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again
      </button>
    </ScreenMessage>
  );
}

/** The shopper's list is empty: a way back to the shop. */
export function NothingYet({ title }: { title: string }) {
  return (
    <ScreenMessage title={title}>
      <Link to={paths.home()} className="button button-primary">
        FIND YOUR STYLE
      </Link>
    </ScreenMessage>
  );
}
