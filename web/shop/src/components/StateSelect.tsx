import { INDIA_STATES } from '../../../../contract/address-constants.ts';

interface Props {
  id: string;
  className: string;
  value: string;
  onChange: (state: string) => void;
}

/** The address's State: India's states and union territories; left unchosen, the pincode's is taken. */
export function StateSelect({ id, className, value, onChange }: Props) {
  return (
    <>
      <label htmlFor={id}>State</label>
      <select
        id={id}
        className={className}
        autoComplete="address-level1"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose a state</option>
        {INDIA_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
    </>
  );
}
