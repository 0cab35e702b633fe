interface Props {
  id: string;
  /** "CSV file" unless told */
  label?: string;
  /** the files offered, as the input's `accept` says them; a CSV unless told */
  accept?: string;
  /** the id of the words that say what the file holds */
  helpId: string;
  onChoose: (file: File | undefined) => void;
}

/** A labelled field choosing one file for an upload: most uploads are a CSV. */
export function FileField({ id, label = 'CSV file', accept = '.csv,text/csv', helpId, onChoose }: Props) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={helpId}
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
    </div>
  );
}
