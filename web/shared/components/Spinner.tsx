import './Spinner.css';

/** A polite busy indicator; screen readers hear the label once. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}
