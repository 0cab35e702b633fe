import type { CARD_SIZES } from '../../../../../contract/catalogue-constants.ts';

export type Density = keyof typeof CARD_SIZES;

const DENSITIES: Density[] = [1, 2, 3];
const BARS = ['a', 'b', 'c'];

interface Props {
  density: Density;
  onChange: (density: Density) => void;
}

/** Column density. CSS hides option 3 below 700 px and the whole selector at 500 px or less. */
export function ViewAs({ density, onChange }: Props) {
  return (
    <fieldset className="view-as">
      <legend>VIEW AS</legend>
      {DENSITIES.map((d) => (
        <label key={d} className={`view-as-option view-as-${d}`}>
          <input type="radio" name="view-as" value={d} checked={density === d} onChange={() => onChange(d)} />
          <span aria-hidden="true" className="view-as-icon">
            {BARS.slice(0, d).map((bar) => (
              <i key={bar} />
            ))}
          </span>
          <span className="view-as-number">{d}</span>
          <span className="visually-hidden">
            {d === 1 ? 'large cards' : d === 2 ? 'medium cards' : 'small cards'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
