import { useId } from 'react';
import { FIT_ANSWER_CODES, FIT_ANSWERS, type FitAnswer } from '../../../../contract/fit-returns-constants.ts';
import './FitInput.css';

interface Props {
  /** undefined while nothing is chosen: the fit is optional */
  value: FitAnswer | undefined;
  onChange: (fit: FitAnswer) => void;
  /** an element that tells this choice apart from others on the page (the product's name) */
  describedBy?: string;
}

/** "How does it fit?" for clothes: three radio buttons, none chosen at first; arrow keys move between them. */
export function FitInput({ value, onChange, describedBy }: Props) {
  const name = useId();
  return (
    <fieldset className="fit-input" aria-describedby={describedBy}>
      <legend>How does it fit? (optional)</legend>
      {FIT_ANSWER_CODES.map((fit) => (
        <label key={fit} className="fit-choice">
          <input
            type="radio"
            name={name}
            value={fit}
            checked={value === fit}
            onChange={() => onChange(fit)}
          />
          {FIT_ANSWERS[fit]}
        </label>
      ))}
    </fieldset>
  );
}
