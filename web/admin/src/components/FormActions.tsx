interface Props {
  busy: boolean;
  /** the save button's words: "Save", "Add seller", ... */
  label: string;
  /** an edit's "Cancel"; none when adding */
  onCancel?: (() => void) | undefined;
  /** the server's words for a refused save, announced */
  message: string;
}

/** The end of a back-office form across its grid: save, cancel an edit, and what refused the save. */
export function FormActions({ busy, label, onCancel, message }: Props) {
  return (
    <>
      <div className="admin-field-wide admin-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {label}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <p className="admin-form-message admin-field-wide" role="alert">
        {message}
      </p>
    </>
  );
}
