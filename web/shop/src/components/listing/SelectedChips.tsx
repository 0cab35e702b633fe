import type { SelectedFilters } from '../../../../../contract/catalogue.ts';
import { featureLabel, valueLabel } from './filters.ts';

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
            aria-label={`Remove filter ${featureLabel(feature)}: ${valueLabel(feature, value)}`}
            onClick={() => onRemove(feature, value)}
          >
            {valueLabel(feature, value)} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
