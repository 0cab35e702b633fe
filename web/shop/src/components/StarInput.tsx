import { useId } from 'react';
import './StarInput.css';

interface Props {
  /** 0 while nothing is chosen */
  value: number;
  onChange: (rating: number) => void;
  legend?: string;
  /** an element that tells this rating apart from others on the page (the product's name) */
  describedBy?: string;
}

/** Five clickable stars as radio buttons: arrow keys move between them, each is read as "3 stars". */
export function StarInput({ value, onChange, legend = 'Your rating', describedBy }: Props) {
  const name = useId();
  return (
    <fieldset className="star-input" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className={n <= value ? 'star-choice on' : 'star-choice'}>
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">
            {n} {n === 1 ? 'star' : 'stars'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
