import type { ReactNode } from 'react';

interface Props {
  /** the group's id, the target of its error's focus */
  id: string;
  legend: string;
  error: string | undefined;
  children: ReactNode;
}

/** A labelled group across a back-office form, focused when the server refuses it, with its message beside it. */
export function FieldGroup({ id, legend, error, children }: Props) {
  return (
    <fieldset
      id={id}
      className="admin-fieldset admin-field-wide"
      tabIndex={-1}
      aria-describedby={`${id}-error`}
    >
      <legend>{legend}</legend>
      {children}
      <p id={`${id}-error`} className="admin-field-error">
        {error}
      </p>
    </fieldset>
  );
}
