import { type ReactNode, useRef } from 'react';
import { useFocusTrap } from '../../../../shared/components/useFocusTrap.ts';
import { useScrollLock } from '../useScrollLock.ts';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The filter side panel: slides in over a dark overlay; while open, Tab stays inside it, Escape or
 * the overlay closes it, and focus returns to the control that opened it. The content brings its own
 * close button.
 */
export function FilterDrawer({ id, open, onClose, children }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open, onClose);

  useScrollLock(open);

  return (
    <div className={open ? 'drawer open' : 'drawer'}>
      <div className="drawer-overlay" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        className="drawer-panel"
        role="dialog"
        aria-modal="true"
        aria-label="Filters"
      >
        {children}
      </div>
    </div>
  );
}
