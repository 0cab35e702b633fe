interface Props {
  /** the button's word: "Edit", "Remove" */
  action: string;
  /** what the row is, so that screen readers tell one row's button from the next */
  what: string;
  onClick: () => void;
}

/** A table row's button: its word on screen, the word and the row's name to screen readers. */
export function RowAction({ action, what, onClick }: Props) {
  return (
    <button type="button" className="button" aria-label={`${action} ${what}`} onClick={onClick}>
      {action}
    </button>
  );
}
