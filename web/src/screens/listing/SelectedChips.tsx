import type { SelectedFilters } from '../../../../contract/catalog.ts';
import { FEATURE_LABELS } from '../../../../contract/catalog-constants.ts';

interface Props {
  selected: SelectedFilters;
  onRemove: (feature: string, value: string) => void;
}

/** The chosen filter values, each removable without opening the panel. */
export function SelectedChips({ selected, onRemove }: Props) {
  const chips = Object.entries(selected).flatMap(([feature, values]) =>
    values.map((value) => ({ feature, value })),
  );
  if (chips.length === 0) return null;
  return (
    <ul className="chips" aria-label="Selected filters">
      {chips.map(({ feature, value }) => (
        <li key={`${feature}:${value}`}>
          <button
            type="button"
            className="chip"
            aria-label={`Remove filter ${FEATURE_LABELS[feature] ?? feature}: ${value}`}
            onClick={() => onRemove(feature, value)}
          >
            {value} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
