import { type FormEvent, useState } from 'react';
import { RATE_FIRST_MESSAGE } from '../../../../contract/after-sale-constants.ts';
import { Modal, ModalFormButtons } from '../../components/Modal.tsx';
import { StarInput } from '../../components/StarInput.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  onSubmit: (review: string, rating: number) => void;
}

/** "Review": a text, five clickable stars, Close and Submit; a rating is required (the spec's checks). */
export function ReviewModal({ open, onClose, onSubmit }: Props) {
  const [review, setReview] = useState('');
  const [rating, setRating] = useState(0);
  const [unrated, setUnrated] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnrated(rating === 0);
    if (rating > 0) onSubmit(review, rating);
  };
  const rate = (stars: number) => {
    setRating(stars);
    setUnrated(false);
  };
  return (
    <Modal open={open} onClose={onClose} title="Review" showClose={false} className="review-modal">
      <form onSubmit={submit}>
        <StarInput value={rating} onChange={rate} />
        {/* inside the dialog: the page's own alert region is inert while it is open */}
        <p role="alert" className="review-unrated">
          {unrated && RATE_FIRST_MESSAGE}
        </p>
        <TextAreaField
          label="Your review"
          labelClassName="visually-hidden"
          rows={5}
          maxLength={2000}
          placeholder="Write review here..."
          value={review}
          onChange={setReview}
        />
        <ModalFormButtons onClose={onClose} />
      </form>
    </Modal>
  );
}
