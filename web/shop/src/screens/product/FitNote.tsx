import type { FitSplit } from '../../../../../contract/catalogue.ts';
import { FIT_ANSWER_CODES, FIT_ANSWERS } from '../../../../../contract/fit-returns-constants.ts';
import './fit-note.css';

interface Props {
  /** what shoppers say of the fit (null under FIT_MIN_ANSWERS answers) */
  fit: FitSplit;
  /** the logged-in customer's usual size of this segment and genre, null when unknown */
  usualSize: string | null;
}

/** Beside the sizes: "78% say true to size" with the whole split, and "You usually buy M". */
export function FitNote({ fit, usualSize }: Props) {
  if (!fit && !usualSize) return null;
  // the answer most gave; on a tie the first in FIT_ANSWERS' order
  const top = fit && FIT_ANSWER_CODES.reduce((best, code) => (fit[code] > fit[best] ? code : best));
  return (
    <div className="fit-note">
      {fit && top && (
        <p className="fit-split">
          <strong>
            {fit[top]}% say {FIT_ANSWERS[top].toLowerCase()}
          </strong>{' '}
          <span className="fit-split-all">
            ({FIT_ANSWER_CODES.map((code) => `${FIT_ANSWERS[code]} ${fit[code]}%`).join(' · ')}; {fit.answers}{' '}
            answers)
          </span>
        </p>
      )}
      {usualSize && <p className="fit-usual">You usually buy {usualSize}</p>}
    </div>
  );
}
