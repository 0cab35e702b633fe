import type { LineStatus } from '../../../../contract/orders.ts';
import { LINE_STATUS_LABELS } from '../lib/labels.ts';

export function StatusBadge({ status }: { status: LineStatus }) {
  return <span className={`admin-status admin-status-${status}`}>{LINE_STATUS_LABELS[status]}</span>;
}
