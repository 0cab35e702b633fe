import { useState } from 'react';
import type { ProductReview } from '../../../../../contract/catalogue.ts';
import { paths } from '../../../../../contract/paths.ts';
import { Modal } from '../../../../shared/components/Modal.tsx';
import { Stars } from './Stars.tsx';

/** The shoppers' reviews; one without text is not shown (the spec's screens). */
export function Reviews({ reviews }: { reviews: ProductReview[] }) {
  const [photo, setPhoto] = useState<{ file: string; by: string } | undefined>(undefined);
  const shown = reviews.filter((r) => r.review.trim() !== '');
  return (
    <section className="product-section reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="product-section-title">
        REVIEWS
      </h2>
      {shown.length === 0 ? (
        <p className="reviews-none">
          No reviews yet. Bought this piece? Tell other shoppers how you liked it.
        </p>
      ) : (
        <ul className="review-list">
          {shown.map((r, i) => {
            const by = `${r.fname} ${r.lname}`.trim() || 'A shopper';
            return (
              // reviews have no id; the list only changes with a reload
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className="review">
                <div className="review-head">
                  <span className="review-avatar" aria-hidden="true">
                    {by.charAt(0).toUpperCase()}
                  </span>
                  <div>
                    <p className="review-name">{by}</p>
                    {r.verifiedPurchase && <p className="review-verified">Verified purchase</p>}
                  </div>
                  {r.rating !== null && <Stars rating={r.rating} />}
                </div>
                <p className="review-text">{r.review}</p>
                {r.reviewDP1 && (
                  <button
                    type="button"
                    className="review-photo"
                    aria-label={`Enlarge the photo from ${by}'s review`}
                    onClick={() => r.reviewDP1 && setPhoto({ file: r.reviewDP1, by })}
                  >
                    <img
                      src={paths.reviewImage(r.reviewDP1, 320)}
                      alt=""
                      width={96}
                      height={96}
                      loading="lazy"
                      decoding="async"
                    />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Modal
        open={photo !== undefined}
        onClose={() => setPhoto(undefined)}
        title="Review photo"
        className="photo-modal"
      >
        {photo && (
          <img
            className="photo-modal-img"
            src={paths.reviewImage(photo.file, 960)}
            srcSet={`${paths.reviewImage(photo.file, 640)} 640w, ${paths.reviewImage(photo.file, 960)} 960w`}
            sizes="(max-width: 800px) 94vw, 46rem"
            alt={`From ${photo.by}'s review`}
          />
        )}
      </Modal>
    </section>
  );
}
