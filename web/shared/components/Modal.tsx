import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useFocusTrap } from './useFocusTrap.ts';
import './Modal.css';

interface ModalProps {
  open: boolean;
  /** called on Escape, a click on the backdrop and the close button */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** the × button; leave it off when the content has its own Close button */
  showClose?: boolean;
  className?: string;
}

/** A modal dialog on the native <dialog>: the page behind is inert and focus stays inside. */
export function Modal({ open, onClose, title, children, showClose = true, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useFocusTrap(ref, open);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape closes by keyboard
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-body">
        <div className="modal-head">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {showClose && (
            <button type="button" className="modal-x" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** A dialog form's footer: Close and Submit, right-aligned. */
export function ModalFormButtons({ onClose }: { onClose: () => void }) {
  return (
    <div className="modal-buttons">
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
      <button type="submit" className="button button-primary">
        Submit
      </button>
    </div>
  );
}
