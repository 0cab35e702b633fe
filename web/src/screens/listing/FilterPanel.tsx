import { useId } from 'react';
import type { SelectedFilters } from '../../../../contract/catalog.ts';
import { FEATURE_LABELS } from '../../../../contract/catalog-constants.ts';
import { type FilterOptions, isUnavailable } from './filters.ts';

interface Props {
  options: FilterOptions;
  returned: FilterOptions;
  selected: SelectedFilters;
  loading: boolean;
  onToggle: (feature: string, value: string) => void;
  onClearAll: () => void;
  onClose: () => void;
}

/** FILTERS, CLEAR ALL and one checkbox group per feature. */
export function FilterPanel({ options, returned, selected, loading, onToggle, onClearAll, onClose }: Props) {
  const headingId = useId();
  const features = Object.keys(options);
  return (
    <section className="filter-panel" aria-labelledby={headingId}>
      <div className="filter-head">
        {/* first, so that opening the panel focuses it rather than CLEAR ALL; shown last */}
        <button
          type="button"
          className="round-button drawer-close"
          aria-label="Close filters"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={headingId}>FILTERS</h2>
        <button type="button" className="clear-all" onClick={onClearAll}>
          CLEAR ALL
        </button>
      </div>
      {!loading && features.length === 0 && <p className="filter-none">No filters for these products.</p>}
      {features.map((feature) => (
        <fieldset key={feature} className="filter-group">
          <legend>{FEATURE_LABELS[feature] ?? feature}</legend>
          <ul>
            {options[feature]?.map((value) => {
              const unavailable = isUnavailable(returned, selected, feature, value);
              return (
                <li key={value}>
                  <label className={unavailable ? 'filter-option unavailable' : 'filter-option'}>
                    <input
                      type="checkbox"
                      checked={selected[feature]?.includes(value) ?? false}
                      disabled={unavailable}
                      onChange={() => onToggle(feature, value)}
                    />
                    <span>{value}</span>
                    {unavailable && <span className="visually-hidden"> (not available)</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </section>
  );
}
