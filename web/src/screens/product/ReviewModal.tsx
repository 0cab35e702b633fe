import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  onSubmit: (review: string, rating: number) => void;
}

/** "Review": a text, five clickable stars, Close and Submit. */
export function ReviewModal({ open, onClose, onSubmit }: Props) {
  const [review, setReview] = useState('');
  const [rating, setRating] = useState(0);
  const textId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(review, rating);
  };
  return (
    <Modal open={open} onClose={onClose} title="Review" showClose={false} className="review-modal">
      <form onSubmit={submit}>
        <fieldset className="star-input">
          <legend>Your rating</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= rating ? 'star-choice on' : 'star-choice'}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={textId} className="visually-hidden">
          Your review
        </label>
        <textarea
          id={textId}
          className="review-input"
          rows={5}
          maxLength={2000}
          placeholder="Write review here..."
          value={review}
          onChange={(event) => setReview(event.target.value)}
        />
        <div className="review-buttons">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="button button-primary">
            Submit
          </button>
        </div>
      </form>
    </Modal>
  );
}
