/**
 * A product's state in the back office's words: on sale (Live), taken off sale (Withdrawn), or off the
 * shop while its seller is deactivated.
 */
export function ProductStatus({
  active,
  pausedWithSeller = false,
}: {
  active: boolean;
  pausedWithSeller?: boolean;
}) {
  const label = active ? 'Live' : pausedWithSeller ? 'Paused: seller deactivated' : 'Withdrawn';
  return <span className="admin-status">{label}</span>;
}
