import type { ReactNode } from 'react';

/** The props that tie a control to its label and to the message beside it. */
export const controlProps = (id: string, error: string | undefined) => ({
  id,
  'aria-describedby': `${id}-error`,
  'aria-invalid': error ? true : undefined,
});

interface Props {
  /** the control's id: give it `controlProps(id, error)` */
  id: string;
  label: string;
  error: string | undefined;
  /** e.g. "admin-field-wide" */
  className?: string;
  children: ReactNode;
}

/** A labelled field of a back-office form with the server's message for it beside it. */
export function Field({ id, label, error, className, children }: Props) {
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      <p id={`${id}-error`} className="admin-field-error">
        {error}
      </p>
    </div>
  );
}

interface CheckProps {
  id: string;
  label: string;
  error?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A yes-or-no field: the box before its words, and the server's message for it beside it. */
export function CheckField({ id, label, error, checked, onChange }: CheckProps) {
  return (
    <div className="admin-field">
      <label className="admin-check">
        <input
          {...controlProps(id, error)}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      <p id={`${id}-error`} className="admin-field-error">
        {error}
      </p>
    </div>
  );
}
