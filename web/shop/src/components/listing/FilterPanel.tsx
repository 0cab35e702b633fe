import { type FormEvent, useId } from 'react';
import type { FilterCounts, SelectedFilters } from '../../../../../contract/catalogue.ts';
import { PRICE_FILTER } from '../../../../../contract/catalogue-constants.ts';
import { featureLabel, isUnavailable, valueLabel } from './filters.ts';

interface Props {
  /** every value of the unfiltered result with the products it would give */
  counts: FilterCounts;
  selected: SelectedFilters;
  loading: boolean;
  onToggle: (feature: string, value: string) => void;
  onPriceRange: (min: string, max: string) => void;
  onClearAll: () => void;
  onClose: () => void;
}

/** FILTERS, CLEAR ALL and one checkbox group per feature, each value with its count; a price range. */
export function FilterPanel({
  counts,
  selected,
  loading,
  onToggle,
  onPriceRange,
  onClearAll,
  onClose,
}: Props) {
  const headingId = useId();
  const features = Object.keys(counts);
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
          <legend>{featureLabel(feature)}</legend>
          <ul>
            {Object.entries(counts[feature] ?? {}).map(([value, count]) => (
              <FilterValue
                key={value}
                label={valueLabel(feature, value)}
                count={count}
                checked={selected[feature]?.includes(value) ?? false}
                unavailable={isUnavailable(counts, selected, feature, value)}
                onToggle={() => onToggle(feature, value)}
              />
            ))}
          </ul>
          {feature === PRICE_FILTER && <PriceRange onApply={onPriceRange} />}
        </fieldset>
      ))}
    </section>
  );
}

interface ValueProps {
  label: string;
  count: number;
  checked: boolean;
  unavailable: boolean;
  onToggle: () => void;
}

function FilterValue({ label, count, checked, unavailable, onToggle }: ValueProps) {
  const countId = useId();
  return (
    <li>
      <label className={unavailable ? 'filter-option unavailable' : 'filter-option'}>
        <input
          type="checkbox"
          checked={checked}
          disabled={unavailable}
          aria-describedby={countId}
          onChange={onToggle}
        />
        <span>{label}</span>
        {/* the count describes the checkbox (aria-describedby) rather than naming it */}
        <span id={countId} className="filter-count" aria-hidden="true">
          ({count.toLocaleString('en-IN')})
        </span>
      </label>
    </li>
  );
}

/** Any min and max in whole rupees, both included. */
function PriceRange({ onApply }: { onApply: (min: string, max: string) => void }) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(String(form.get('min') ?? ''), String(form.get('max') ?? ''));
  };
  return (
    <form className="price-range" onSubmit={onSubmit}>
      <label>
        <span>Min ₹</span>
        <input name="min" type="number" inputMode="numeric" min={0} step={1} />
      </label>
      <label>
        <span>Max ₹</span>
        <input name="max" type="number" inputMode="numeric" min={0} step={1} />
      </label>
      <button type="submit" className="listing-action">
        Apply
      </button>
    </form>
  );
}
