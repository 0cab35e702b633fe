import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { FitAnswer } from '../../../../../contract/fit-returns-constants.ts';
import { paths } from '../../../../../contract/paths.ts';
import type { ReviewPageResponse } from '../../../../../contract/reviews.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { FitInput } from '../../components/FitInput.tsx';
import { Image } from '../../components/Image.tsx';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { LoadFailed, ScreenMessage } from '../../components/ScreenMessage.tsx';
import { StarInput } from '../../components/StarInput.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { useReview } from './useReview.ts';
import './review.css';

/** /review/{prodId}: the shopper's rating, text and photo of one product. */
export function ReviewScreen() {
  const { prodId = '' } = useParams();
  const review = useReview(prodId);
  const { state } = review;
  usePageTitle(state.status === 'ready' ? `Review ${state.data.name}` : 'Review');

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'loggedOut') {
    return (
      <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE LOGIN/ SIGNUP TO REVIEW THIS PRODUCT" />
    );
  }
  if (state.status === 'failed') return <LoadFailed what="review" onRetry={review.retry} />;
  if (state.status === 'notFound') {
    return (
      <ScreenMessage title="We could not find this product">
        <Link to={paths.orders()} className="button button-primary">
          GO TO MY ORDERS
        </Link>
      </ScreenMessage>
    );
  }
  return (
    <ReviewForm
      prodId={prodId}
      data={state.data}
      onUpload={(file) => review.upload(state.data, file)}
      onPost={(text, rating, fit) => review.post(state.data, text, rating, fit)}
    />
  );
}

interface FormProps {
  prodId: string;
  data: ReviewPageResponse;
  onUpload: (file: File | undefined) => Promise<string | undefined>;
  onPost: (review: string, rating: number, fit: FitAnswer | undefined) => Promise<void>;
}

function ReviewForm({ prodId, data, onUpload, onPost }: FormProps) {
  const [rating, setRating] = useState(data.rating ?? 0);
  const [text, setText] = useState(data.review);
  const [fit, setFit] = useState(data.fit ?? undefined);
  const [photo, setPhoto] = useState(data.reviewDP1);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const upload = async () => {
    const input = fileRef.current;
    setBusy(true);
    const uploaded = await onUpload(input?.files?.[0]);
    setBusy(false);
    if (uploaded) {
      setPhoto(uploaded);
      if (input) input.value = '';
    }
  };
  const post = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onPost(text, rating, fit);
    setBusy(false);
  };

  return (
    <section className="review-page">
      <span className="review-page-photo">
        <Image
          file={data.photo1}
          alt={data.name}
          width={960}
          height={1280}
          sizes="(max-width: 700px) 10rem, 20rem"
        />
      </span>
      <form className="review-page-form" onSubmit={post}>
        <p className="review-page-eyebrow">YOUR REVIEW OF</p>
        <h1 className="review-page-title">
          <Link to={paths.product(data.prod, prodId)}>{data.name}</Link>
        </h1>
        <StarInput value={rating} onChange={setRating} />
        {data.prod === 'apparel' && <FitInput value={fit} onChange={setFit} />}
        <TextAreaField
          label="Your review"
          labelClassName="review-page-label"
          rows={6}
          maxLength={2000}
          placeholder="Write review here..."
          value={text}
          onChange={setText}
        />
        <fieldset className="review-page-upload">
          <legend className="review-page-label">Photo of the product</legend>
          {photo && (
            <img
              className="review-page-preview"
              src={paths.reviewImage(photo, 320)}
              alt={`Uploaded with your review of ${data.name}`}
              width={96}
              height={96}
            />
          )}
          <label htmlFor={fileId} className="visually-hidden">
            Choose a photo
          </label>
          <input id={fileId} ref={fileRef} type="file" accept="image/*" className="review-page-file" />
          <button type="button" className="button" disabled={busy} onClick={upload}>
            UPLOAD
          </button>
        </fieldset>
        <button type="submit" className="button button-primary review-page-submit" disabled={busy}>
          POST REVIEW
        </button>
      </form>
    </section>
  );
}
