/** A product's state in the back office's words: on sale (Live) or taken off sale (Withdrawn). */
export function ProductStatus({ active }: { active: boolean }) {
  return <span className="admin-status">{active ? 'Live' : 'Withdrawn'}</span>;
}
